// The two orders of the store's docs, as far as the stored pages are readable (real-store-notes
// "Commerce resources"; docs/decisions.md "Orders"). Tests feed them to the client as a store
// would send them.
//
// DOCS_ORDER: the order object of "About Order" (partners.genstore.ai/docs/api-rest/9). The page
// writes paymentGatewayNames as JSON-array text with its inner quotes unescaped, which is no
// JSON: here they are escaped, the text kept; nothing else changed.
//
// EVENT_ORDER: the order of the order events (partners.genstore.ai/docs/webhooks/9), its
// readable start as printed (shopCurrency, a real array of gateways, type, closedTime); the
// page stops inside closedTime's value. Past the cut, real-store-notes records a zone on
// closedTime and `refunds: [{totalRefundShippingPrice, …}]`: closedTime is completed with a
// time and a zone, refunds with its one readable field, and the id (which a listing needs, and
// the readable start does not reach) is `orderId` as the object sample names it.
export const DOCS_ORDER = `{"note":"Customer changed their mind.","sourceIdentifier":"ORDERID-123","totalOutstanding":"5.00","currentTotalDiscounts":"10.00","orderId":"1001","totalPrice":"409.94","totalDiscounts":"0.00","paymentGatewayNames":"[\\"authorize_net\\",\\"Cash on Delivery (COD)\\"]","currentTotalTax":"10.00","fulfillmentStatus":"partial"}`;

export const EVENT_ORDER = `{"note":"Please deliver after 6 PM","sourceIdentifier":"WEB123456","shopCurrency":"USD","totalPrice":"110.25","totalDiscounts":"10.25","paymentGatewayNames":["PayPal","Credit Card"],"type":"1","closedTime":"2023-05-20T14:30:00-04:00","refunds":[{"totalRefundShippingPrice":"0.00"}],"orderId":"1002"}`;
