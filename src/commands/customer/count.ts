import { COUNT_FIELDS } from '../../api/count-fields.js';
import { defineVerb } from '../verb.js';

export default defineVerb({
  name: 'count',
  summary: 'Count the customers of the store',
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli customer count', 'store-cli customer count --json'],
  notes: `
The store documents no count of customers, so store-cli reads the listing to its end in
pages of 250 and counts them: one request for every 250 customers.
Needs a token with the read_customers or write_customers scope.
`,
  async run(_options, ctx) {
    const out = await ctx.output();
    const api = await ctx.api();
    const count = await ctx.spin('Counting customers…', () => api.customers.count());
    await out.count(count);
  },
});
