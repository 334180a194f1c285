import { LOCATION_FIELDS } from '../../api/locations/fields.js';
import { UsageError } from '../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb, text } from '../verb.js';
import { addressFlags, locationFields } from './address-flags.js';
import { BY_NAME_NOTE } from './by-name.js';

export default defineVerb({
  name: 'update',
  summary: "Change a location's name or address; only the fields given are sent",
  args: { location: arg('the location: an id, or a name looked up with location list') },
  flags: { name: text('<name>', 'a new name, 1..255 characters'), ...addressFlags(), dryRun: dryRunFlag() },
  json: { fields: LOCATION_FIELDS },
  examples: ['store-cli location update 4000000000000000003 --name "Downtown Flagship"', 'store-cli location update "Downtown Store" --phone "+1 415 555 0199" --dry-run'],
  notes: `
${BY_NAME_NOTE}Needs a token with the write_shops scope (and read_shops to look a name up). Sends PUT shops/locations/{id} with only the
fields given and prints the location as the store answers it. No field exits 2.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ checkLocationChange }, { resolveLocation }, view] = await Promise.all([import('../../api/locations/schema.js'), import('../../product/stock.js'), import('./view.js')]);
    const change = checkLocationChange(locationFields(options));
    if (Object.keys(change).length === 0)
      throw new UsageError('Give at least one of --name, --address1, --address2, --city, --province, --country, --zip, --phone: what the location changes to. Nothing was sent.');
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, async (api) => api.locations.update(await resolveLocation(api, options.location, ctx.spin), change));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const locationId = await resolveLocation(api, options.location, ctx.spin);
    const location = await ctx.spin('Updating the location…', () => api.locations.update(locationId, change));
    if (location === undefined) {
      ctx.say(`The store changed location ${locationId} without showing it; location get ${locationId} shows it.`);
      return;
    }
    await out.item(location, view.locationDetailView);
  },
});
