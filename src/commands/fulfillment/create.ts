// `fulfillment create ORDER`: ships lines of an order with a carrier and tracking number (POST
// fulfillments). Never sent twice: a second send would ship the lines again, so a create whose
// answer is lost says how to find out whether it was made.
import { UnconfirmedCreateError } from '../../core/errors.js';
import { parseLines } from '../order/line-items-flag.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { ORDER_ARG_HELP, ORDER_NAME_NOTE, resolveOrder } from '../order/order-ref.js';
import { arg, defineVerb, text } from '../verb.js';
import { FULFILLMENT_FIELDS, trackingFlags, trackingOf } from './table.js';

export default defineVerb({
  mutates: true,
  name: 'create',
  summary: 'Fulfill an order, or some of its lines, with a carrier and tracking number',
  args: { order: arg(ORDER_ARG_HELP) },
  flags: {
    lineItems: text('<id[:qty],...>', "the order's line items to ship, each id with an optional :quantity (default: every line left to ship, all of it)"),
    ...trackingFlags(),
    dryRun: dryRunFlag(),
  },
  json: { fields: FULFILLMENT_FIELDS },
  examples: [
    "store-cli fulfillment create '#1005' --carrier UPS --tracking-number 1Z999AA10123456784 --notify",
    'store-cli fulfillment create 6000000000000000161 --line-items 6100000000000000009:1 --carrier DHL --tracking-number JD014600006281230000',
    'store-cli fulfillment create 6000000000000000161 --carrier UPS --tracking-number 1Z999 --dry-run',
  ],
  notes: `
Sends POST fulfillments with {"fulfillment": {"orderId", "lineItems": [{"id", "quantity"}],
"trackingCompany", "trackingNumber", "trackingUrl", "notifyCustomer"}} and prints the
fulfillment as the store answers it. The store refuses a line with less left to ship than
asked, and an order with nothing left (exit 1). The order's fulfillment status follows
(partial, then fulfilled). A create whose answer is lost is not sent again: a second send
would ship the lines twice (fulfillment list ORDER shows whether it was made). Needs a token
with the write_fulfillments scope. A file of tracking numbers is fulfillment import's.
${ORDER_NAME_NOTE}${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const lines = parseLines(options.lineItems);
    const tracking = trackingOf(options);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, async (api) => api.fulfillments.createFor(await resolveOrder(api, options.order, ctx), lines, tracking));
    }
    const [{ fulfillmentViews }, out, api] = await Promise.all([import('./table.js'), ctx.output(), ctx.api()]);
    const order = await resolveOrder(api, options.order, ctx);
    const views = await fulfillmentViews();
    const made = await ctx
      .spin('Creating the fulfillment…', () => api.fulfillments.createFor(order, lines, tracking))
      .catch((error: unknown) => {
        throw error instanceof UnconfirmedCreateError
          ? error.withHint(`'store-cli fulfillment list ${order}' shows whether it was made; do not send it again before.`)
          : error;
      });
    await out.item(made, views.detail);
  },
});
