import { LOCATION_FIELDS } from '../../api/locations/fields.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { defineVerb, text } from '../verb.js';
import { addressFlags, locationFields } from './address-flags.js';

export default defineVerb({
  name: 'create',
  summary: 'Create a location (a warehouse or shop that holds stock) with a name and an address',
  flags: { name: text('<name>', 'the name merchants know it by, 1..255 characters', { required: true }), ...addressFlags(), dryRun: dryRunFlag() },
  json: { fields: LOCATION_FIELDS },
  examples: [
    'store-cli location create --name "Downtown Store" --city "San Francisco" --country US',
    'store-cli location create --name "Pop-up" --json locationId',
    'store-cli location create --name "Pop-up" --dry-run',
  ],
  notes: `
Needs a token with the write_shops scope. Sends POST shops/location (the store's path is
singular) with {"location": {...}} and prints the location as the store answers it. A
location has no unique key: a create whose answer is lost is not sent again (location list
shows whether it was made).
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ checkLocationCreate }, view] = await Promise.all([import('../../api/locations/schema.js'), import('./view.js')]);
    const input = checkLocationCreate(locationFields(options));
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.locations.create(input));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const location = await ctx.spin('Creating the location…', () => api.locations.create(input));
    if (location === undefined) {
      ctx.say(`The store created the location '${input.name}' without showing it; location list lists it.`);
      return;
    }
    await out.item(location, view.locationDetailView);
  },
});
