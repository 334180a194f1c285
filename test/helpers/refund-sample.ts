// The store docs' refunds (partners.genstore.ai "About Refund"), as far as the stored copies are
// readable: the refunds/create event's object (docs/webhooks/18: `id`, `refundPrice`, snake_case
// lines) and the newer copy's object (docs/api-rest/18: `amount`, `lineItemId`, the lines'
// `lineItem`), given the `refundId` its table marks required (the sample is cut before it).
// Tests feed them to the client as the store would send them.

/** The event's refund, unwrapped. */
export const EVENT_REFUND =
  '{"lineItems":[{"line_item":"","line_item_id":"","quantity":"","subtotal":"10.00","id":"","total_tax":"0.00","location_id":""}],"note":"Note","createTime":"2013-06-27T08:48:27-04:00","customerId":"1020000013594","updateTime":"2012-08-24T14:01:46-04:00","id":"1000069823694","refundPrice":"10.00"}';

/** The newer copy's refund, unwrapped; its quantity and line id filled in where the sample leaves them empty. */
export const API_REFUND =
  '{"lineItems":[{"totalTax":"0.00","lineItem":{"productId":"123","variantId":"222"},"quantity":"1","lineItemId":"333","subtotal":"10.00","rightsReason":"Description of Other Reasons.","rightsReasonType":"0"}],"amount":"10.00","rightsType":"1","refundId":1000069823695}';
