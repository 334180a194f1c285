import { LOCATION_FIELDS } from '../../api/locations/fields.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  name: 'get',
  summary: 'Show one location: its name and address',
  args: { locationId: arg('the location id (location list lists them)') },
  json: { fields: LOCATION_FIELDS },
  examples: ['store-cli location get 8100000000000000001', 'store-cli location get 8100000000000000001 --json name,city'],
  notes: '\nNeeds a token with the read_shops or write_shops scope.\n',
  async run(options, ctx) {
    const [{ checkLocationId }, view] = await Promise.all([import('../../api/locations/schema.js'), import('./view.js')]);
    const locationId = checkLocationId(options.locationId);
    const out = await ctx.output();
    const api = await ctx.api();
    const location = await ctx.spin('Fetching the location…', () => api.locations.get(locationId));
    await out.item(location, view.locationDetailView);
  },
});
