// How refunds read in a table or TSV (every verb of the noun prints them so): the id and the
// amount whichever copy of the docs the store follows (`id` or `refundId`, `amount` or
// `refundPrice`), the lines given back as id×quantity, the shipping given back.
import { REFUND_FIELDS, refundAmountOf, refundIdOf, refundLinesOf, refundShippingOf, type Refund } from '../../api/refunds/declaration.js';
import { tableViews, type TableText } from '../crud.js';

/** The lines a refund gave back, `id×quantity` each; as sent when they cannot be read so. */
function linesText(record: Refund, value: (raw: unknown) => string): string {
  const lines = refundLinesOf(record);
  return lines === undefined ? value(record.lineItems) : lines.map((line) => `${line.lineItemId}×${line.quantity}`).join(', ');
}

export const REFUND_TABLE: TableText<Refund> = {
  list: ['id', 'amount', 'currency', 'lineItems', 'shipping', 'note', 'createTime'],
  drop: ['note', 'createTime', 'lineItems'],
  detail: ['id', 'orderId', 'customerId', 'amount', 'currency', 'lineItems', 'shipping', 'note', 'notifyCustomer', 'status', 'createTime', 'updateTime'],
  columns: {
    id: { header: 'ID', value: (record) => refundIdOf(record) },
    orderId: 'ORDER',
    customerId: 'CUSTOMER',
    amount: { header: 'AMOUNT', value: (record) => refundAmountOf(record) },
    lineItems: { header: 'LINES', shrinkable: true, value: linesText },
    shipping: { header: 'SHIPPING', value: (record) => refundShippingOf(record) },
    note: { header: 'NOTE', shrinkable: true },
    notifyCustomer: 'NOTIFY',
    createTime: 'CREATED',
    updateTime: 'UPDATED',
  },
};

export const refundViews = () => tableViews(REFUND_TABLE, REFUND_FIELDS);
