import { DRY_RUN_NOTE, dryRunFlag, REQUEST_FIELDS } from '../dry-run.js';
import { arg, boolean, defineVerb } from '../verb.js';
import { BY_NAME_NOTE } from './by-name.js';

export default defineVerb({
  name: 'delete',
  summary: 'Delete a location; asks first unless --yes',
  args: { location: arg('the location: an id, or a name looked up with location list') },
  flags: { yes: boolean('do not ask for confirmation (required without a terminal)', { short: '-y' }), dryRun: dryRunFlag() },
  // A delete prints nothing; --json is the form of the dry run's request.
  json: { fields: REQUEST_FIELDS, what: 'the request as JSON (with --dry-run; a delete itself prints nothing)' },
  examples: ['store-cli location delete 4000000000000000005', 'store-cli location delete "Pop-up Stand" --yes', 'store-cli location delete 4000000000000000005 --dry-run --json'],
  notes: `
${BY_NAME_NOTE}Needs a token with the write_shops scope (and read_shops to look a name up). A store refuses to delete its default location, and
(the sandbox, at least) one that still holds stock of a variant: inventory list --location
shows what is there.
${DRY_RUN_NOTE}A dry run asks no confirmation.
`,
  async run(options, ctx) {
    const [{ resolveLocation }, { confirmedDelete }, { locationName }] = await Promise.all([import('../../product/stock.js'), import('../confirmed-delete.js'), import('./view.js')]);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, async (api) => api.locations.delete(await resolveLocation(api, options.location, ctx.spin)));
    }
    const locationId = await resolveLocation(await ctx.api(), options.location, ctx.spin);
    await confirmedDelete(ctx, options, {
      what: `location ${locationId}`,
      consequence: 'Stock can no longer be kept there.',
      read: { spinner: 'Fetching the location…', get: (api) => api.locations.get(locationId), label: (location) => locationName(location) },
      spinner: 'Deleting the location…',
      remove: (api) => api.locations.delete(locationId),
    });
  },
});
