import { LOCATION_FIELDS } from '../../api/locations/fields.js';
import { arg, defineVerb } from '../verb.js';
import { BY_NAME_NOTE } from './by-name.js';

export default defineVerb({
  name: 'get',
  summary: 'Show one location: its name and address',
  args: { location: arg('the location: an id, or a name looked up with location list') },
  json: { fields: LOCATION_FIELDS },
  examples: ['store-cli location get 8100000000000000001', 'store-cli location get "Downtown Store"', 'store-cli location get 8100000000000000001 --json name,city'],
  notes: `
${BY_NAME_NOTE}Needs a token with the read_shops or write_shops scope.
`,
  async run(options, ctx) {
    const [{ resolveLocation }, view] = await Promise.all([import('../../product/stock.js'), import('./view.js')]);
    const out = await ctx.output();
    const api = await ctx.api();
    const locationId = await resolveLocation(api, options.location, ctx.spin);
    const location = await ctx.spin('Fetching the location…', () => api.locations.get(locationId));
    await out.item(location, view.locationDetailView);
  },
});
