import { ORDER_FIELDS } from '../../api/orders/fields.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  name: 'get',
  summary: 'Show one order (its line items with --json)',
  args: { orderId: arg('the order id') },
  json: { fields: ORDER_FIELDS },
  examples: ['store-cli order get 6000000000000000101', 'store-cli order get 6000000000000000101 --json lineItems'],
  notes: '\nAn order older than 60 days is not found (404) with a token lacking read_all_orders.\n',
  async run(options, ctx) {
    const [{ checkOrderId }, view] = await Promise.all([import('../../api/orders/schema.js'), import('./view.js')]);
    const orderId = checkOrderId(options.orderId);
    const out = await ctx.output();
    const api = await ctx.api();
    const order = await ctx.spin('Fetching the order…', () => api.orders.get(orderId));
    await out.item(order, view.orderDetailView());
  },
});
