// The discount object of partners.genstore.ai/docs/api-rest/33 ("About Discount"). The page
// is readable up to DOCS_DISCOUNT_PREFIX; the rest is completed as docs/decisions.md
// "Discounts" decides (the other fields at the top of the discount under the service's
// names, the id `discountId`), in the real store's forms (ids as strings, zone-less times).
// Tests feed it to the client as a store would send it.

/** What the stored copy of the page shows of the sample, to the character. */
export const DOCS_DISCOUNT_PREFIX =
  '{"discount":{"promotionType":{"categoryType":"PRODUCT_DISCOUNT","generateType":{"discountCode":"71NLIYCH","generateDiscountType":"CO';

/** The discount inside `{"discount": ...}`, as a Genstore store answers a get. */
export const DOCS_DISCOUNT =
  '{"promotionType":{"categoryType":"PRODUCT_DISCOUNT","generateType":{"discountCode":"71NLIYCH","generateDiscountType":"CODE_DISCOUNT"}},"title":"Summer sale","valueType":"PERCENTAGE","value":"15","eligibility":"ALL","segmentIds":[],"status":"ENABLED","startTime":"2024-12-16T17:04:38.004","endTime":null,"usageLimit":500,"oncePerCustomer":true,"discountId":"201462124","createTime":"2024-12-16T17:04:38.004","updateTime":"2024-12-16T17:04:38.004"}';

/** The same as a store answers it, wrapped: it begins as the docs' sample does. */
export const DOCS_DISCOUNT_ANSWER = `{"discount":${DOCS_DISCOUNT}}`;
