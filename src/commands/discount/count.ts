// `discount count`: how many discounts match the filters; the service counts them, and on Genstore,
// which documents no count, the listing is read to its end and counted.
import { COUNT_FIELDS } from '../../api/count-fields.js';
import { defineVerb } from '../verb.js';
import { filterFlags } from './flags.js';

export default defineVerb({
  mutates: false,
  name: 'count',
  summary: "Count the store's discounts, filtered by status, method or type",
  flags: filterFlags(),
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli discount count', 'store-cli discount count --discount-method code --json'],
  notes: `
Needs a token with the read_discounts or write_discounts scope. The service counts
(GET discounts/count, with the filters). Genstore documents no count of discounts, so there
store-cli reads the listing to its end in pages of 250 and counts those that match: one
request for every 250 discounts.
`,
  async run(options, ctx) {
    const { checkDiscountList } = await import('../../api/discounts/schema.js');
    const { status, discountMethod, discountType } = checkDiscountList({
      status: options.status,
      discountMethod: options.discountMethod,
      discountType: options.discountType,
    });
    const out = await ctx.output();
    const api = await ctx.api();
    const count = await ctx.spin('Counting discounts…', () => api.discounts.count({ status, discountMethod, discountType }));
    await out.count(count);
  },
});
