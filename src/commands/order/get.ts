// `order get ID`: one order, its money fields and line items as the store sent them.
import { ORDER_FIELDS, ORDER_ID_FIELDS } from '../../api/orders/fields.js';
import { arg, defineVerb } from '../verb.js';
import { explainingWindow } from './window.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Show one order, and in a terminal its line items below it (--json for the whole order)',
  args: { orderId: arg('the order id') },
  json: { fields: ORDER_FIELDS, idFields: ORDER_ID_FIELDS },
  examples: ['store-cli order get 6000000000000000101', 'store-cli order get 6000000000000000101 --json lineItems'],
  notes: `
In a terminal the order is followed by a table of its line items (SKU, title, quantity,
price, discount and the line's total); piped, the order's fields only (--json lineItems
for the lines).
A token without read_all_orders sees only the orders of the last 60 days: the store answers
an older order as not found (404), and store-cli then says so.
`,
  async run(options, ctx) {
    const [{ checkOrderId }, view] = await Promise.all([import('../../api/orders/schema.js'), import('./view.js')]);
    const orderId = checkOrderId(options.orderId);
    const out = await ctx.output();
    const api = await ctx.api();
    const order = await ctx.spin('Fetching the order…', () => explainingWindow(api, ctx, () => api.orders.get(orderId)));
    await view.showOrder(out, order);
  },
});
