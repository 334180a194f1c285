// `fulfillment list ORDER`: an order's fulfillments, cancelled ones too (GET orders/{id}/fulfillments).
import { ORDER_ARG_HELP, ORDER_NAME_NOTE, resolveOrder } from '../order/order-ref.js';
import { arg, defineVerb } from '../verb.js';
import { FULFILLMENT_FIELDS, FULFILLMENT_TABLE } from './table.js';

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: "List an order's fulfillments: carrier, tracking number, lines, cancelled or not",
  args: { order: arg(ORDER_ARG_HELP) },
  json: { fields: FULFILLMENT_FIELDS, list: true, columns: FULFILLMENT_TABLE.list! },
  examples: [
    'store-cli fulfillment list 6000000000000000161',
    "store-cli fulfillment list '#1004'",
    'store-cli fulfillment list 6000000000000000161 --json id,trackingNumber,status',
  ],
  notes: `
One request (GET orders/{id}/fulfillments), every fulfillment of the order, cancelled ones
too (STATUS cancelled). LINES are the order's line items shipped, id×quantity. Needs a token
with read_orders (an order older than 60 days needs read_all_orders).
${ORDER_NAME_NOTE}`,
  async run(options, ctx) {
    const [{ fulfillmentViews }, out, api] = await Promise.all([import('./table.js'), ctx.output(), ctx.api()]);
    const order = await resolveOrder(api, options.order, ctx);
    const views = await fulfillmentViews();
    const found = await ctx.spin('Listing the fulfillments…', () => api.fulfillments.listFor(order));
    await out.list([found], views.list(FULFILLMENT_TABLE.list!), 'No fulfillments.');
  },
});
