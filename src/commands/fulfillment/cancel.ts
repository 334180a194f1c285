// `fulfillment cancel ID`: a fulfillment cancelled (PUT fulfillments/{id}/cancel); its lines are
// to ship again, and the order's fulfillment status follows. Cancelling twice changes nothing.
import { checkId } from '../../api/rest-resource.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb } from '../verb.js';
import { FULFILLMENT_FIELDS } from './table.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'cancel',
  summary: 'Cancel a fulfillment: its lines are left to ship again',
  args: { id: arg('the fulfillment id (fulfillment list ORDER shows them)') },
  flags: { dryRun: dryRunFlag() },
  json: { fields: FULFILLMENT_FIELDS },
  examples: ['store-cli fulfillment cancel 6200000000000000001', 'store-cli fulfillment cancel 6200000000000000001 --dry-run'],
  notes: `
Sends PUT fulfillments/{id}/cancel and prints the fulfillment as the store answers it (STATUS
cancelled). Its lines count as not shipped again: the order goes back to partial or
unfulfilled. A cancelled fulfillment is answered as it is. Needs a token with the
write_fulfillments scope.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const id = checkId(options.id, '<id>');
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.fulfillments.cancel(id));
    }
    const [{ fulfillmentViews }, out, api] = await Promise.all([import('./table.js'), ctx.output(), ctx.api()]);
    const views = await fulfillmentViews();
    const cancelled = await ctx.spin('Cancelling the fulfillment…', () => api.fulfillments.cancel(id));
    await out.item(cancelled, views.detail);
  },
});
