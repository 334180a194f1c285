// `fulfillment count ORDER`: how many fulfillments an order has (GET orders/{id}/fulfillments/count).
import { checkId } from '../../api/rest-resource.js';
import { COUNT_FIELDS } from '../../api/count-fields.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'count',
  summary: "Count an order's fulfillments",
  args: { order: arg('the order id (order list shows them)') },
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli fulfillment count 6000000000000000161', 'store-cli fulfillment count 6000000000000000161 --json'],
  notes: `
One request (GET orders/{id}/fulfillments/count); cancelled fulfillments count too. The store
documents no count across orders: order count --fulfillment-status unfulfilled counts the
orders left to ship. Needs a token with read_orders.
`,
  async run(options, ctx) {
    const order = checkId(options.order, '<order>');
    const [out, api] = await Promise.all([ctx.output(), ctx.api()]);
    const count = await ctx.spin('Counting the fulfillments…', () => api.fulfillments.countFor(order));
    await out.count(count);
  },
});
