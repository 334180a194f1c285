// `refund list ORDER`: an order's refunds (GET orders/{id}/refunds), with what each gave back.
import { REFUND_FIELDS, REFUND_ID_FIELDS } from '../../api/refunds/declaration.js';
import { ORDER_ARG_HELP, ORDER_NAME_NOTE, resolveOrder } from '../order/order-ref.js';
import { arg, defineVerb } from '../verb.js';
import { REFUND_TABLE } from './table.js';

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: "List an order's refunds: amount, lines and shipping given back, note",
  args: { order: arg(ORDER_ARG_HELP) },
  json: { fields: REFUND_FIELDS, idFields: REFUND_ID_FIELDS, list: true, columns: REFUND_TABLE.list! },
  examples: [
    'store-cli refund list 6000000000000000121',
    "store-cli refund list '#1003'",
    'store-cli refund list 6000000000000000121 --json id,amount,lineItems',
  ],
  notes: `
One request (GET orders/{id}/refunds), every refund of the order. LINES are the order's line
items given back, id×quantity; SHIPPING the shipping given back. The order's financialStatus
(order get) says whether it is partially_refunded or refunded. Needs a token with read_orders
(an order older than 60 days needs read_all_orders).
${ORDER_NAME_NOTE}`,
  async run(options, ctx) {
    const [{ refundViews }, { explainingWindow }, out, api] = await Promise.all([import('./table.js'), import('../order/window.js'), ctx.output(), ctx.api()]);
    const views = await refundViews();
    const order = await resolveOrder(api, options.order, ctx);
    const found = await ctx.spin('Listing the refunds…', () => explainingWindow(api, ctx, () => api.refunds.listFor(order)));
    await out.list([found], views.list(REFUND_TABLE.list!), 'No refunds.');
  },
});
