// `fulfillment count ORDER`: how many fulfillments an order has (GET orders/{id}/fulfillments/count).
import { COUNT_FIELDS } from '../../api/count-fields.js';
import { ORDER_ARG_HELP, ORDER_NAME_NOTE, resolveOrder } from '../order/order-ref.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'count',
  summary: "Count an order's fulfillments",
  args: { order: arg(ORDER_ARG_HELP) },
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli fulfillment count 6000000000000000161', "store-cli fulfillment count '#1004' --json"],
  notes: `
One request (GET orders/{id}/fulfillments/count); cancelled fulfillments count too. The store
documents no count across orders: order count --fulfillment-status unfulfilled counts the
orders left to ship. Needs a token with read_orders.
${ORDER_NAME_NOTE}`,
  async run(options, ctx) {
    const [out, api] = await Promise.all([ctx.output(), ctx.api()]);
    const order = await resolveOrder(api, options.order, ctx);
    const count = await ctx.spin('Counting the fulfillments…', () => api.fulfillments.countFor(order));
    await out.count(count);
  },
});
