// The sample of About Shop (partners.genstore.ai/docs/api-rest/28, "Shop Object"), as the docs
// print it: what a real store answers GET /shops/info with. Tests feed it to the client.
export const DOCS_SHOP_SAMPLE =
  '{"shop":{"country":"US","mail":"[email protected]","timezone":"-4","domain":"online-shop.genstore.com","shopName":"Sun\'s Shop","description":"This is a test shop descirption","logo":"https://statics.genstore.com/folder/qefadfasdfafwerw.png","currency":"USD","shopId":"1234567890","ianaTimezone":"America/New_York","weightUnit":"kg"}}';
