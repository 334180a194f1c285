// `fulfillment update-tracking ID`: a fulfillment's carrier, number or tracking address changed
// (PUT fulfillments/{id}/update_tracking), only the flags given sent.
import { checkId } from '../../api/rest-resource.js';
import { UsageError } from '../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb } from '../verb.js';
import { FULFILLMENT_FIELDS, trackingFlags, trackingOf } from './table.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'update-tracking',
  summary: "Change a fulfillment's carrier, tracking number or tracking URL; only the flags given are sent",
  args: { id: arg('the fulfillment id (fulfillment list ORDER shows them)') },
  flags: { ...trackingFlags(), dryRun: dryRunFlag() },
  json: { fields: FULFILLMENT_FIELDS },
  examples: [
    'store-cli fulfillment update-tracking 6200000000000000001 --carrier DHL --tracking-number JD014600006281230000',
    'store-cli fulfillment update-tracking 6200000000000000001 --tracking-url https://track.example.com/1Z999 --notify --dry-run',
  ],
  notes: `
Sends PUT fulfillments/{id}/update_tracking with only the fields given and prints the
fulfillment as the store answers it; no flag exits 2. A cancelled fulfillment's tracking
cannot change (exit 1). Needs a token with the write_fulfillments scope.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const id = checkId(options.id, '<id>');
    const tracking = trackingOf(options);
    if (Object.keys(tracking).length === 0)
      throw new UsageError('Give at least one of --carrier, --tracking-number, --tracking-url, --notify: what the tracking changes to. Nothing was sent.');
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.fulfillments.updateTracking(id, tracking));
    }
    const [{ fulfillmentViews }, out, api] = await Promise.all([import('./table.js'), ctx.output(), ctx.api()]);
    const views = await fulfillmentViews();
    const changed = await ctx.spin('Changing the tracking…', () => api.fulfillments.updateTracking(id, tracking));
    await out.item(changed, views.detail);
  },
});
