import { COUNT_FIELDS } from '../../api/count-fields.js';
import { DISCOUNT_METHODS, DISCOUNT_STATUSES, DISCOUNT_TYPES, valuesText } from '../../api/discounts/fields.js';
import { defineVerb, text } from '../verb.js';

export default defineVerb({
  name: 'count',
  summary: "Count the store's discounts, filtered by status, method or type",
  flags: {
    status: text('<status>', `only discounts in this status: ${valuesText(DISCOUNT_STATUSES)}`),
    discountMethod: text('<method>', `only discounts that apply so: ${valuesText(DISCOUNT_METHODS)}`),
    discountType: text('<type>', `only discounts of this type: ${valuesText(DISCOUNT_TYPES)}`),
  },
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
    const { status, discountMethod, discountType } = checkDiscountList({ status: options.status, discountMethod: options.discountMethod, discountType: options.discountType });
    const out = await ctx.output();
    const api = await ctx.api();
    const count = await ctx.spin('Counting discounts…', () => api.discounts.count({ status, discountMethod, discountType }));
    await out.count(count);
  },
});
