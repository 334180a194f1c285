import { COUNT_FIELDS } from '../../api/count-fields.js';
import { defineVerb } from '../verb.js';

export default defineVerb({
  name: 'count',
  summary: "Count the store's locations",
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli location count', 'store-cli location count --json'],
  notes: '\nNeeds a token with the read_shops or write_shops scope. One request (GET shops/locations/count).\n',
  async run(_options, ctx) {
    const out = await ctx.output();
    const api = await ctx.api();
    const count = await ctx.spin('Counting locations…', () => api.locations.count());
    await out.count(count);
  },
});
