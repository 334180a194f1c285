// `discount get ID`: one discount as the store shows it, whichever of the two shapes it sends
// (api/discounts reads both).
import { DISCOUNT_FIELDS, DISCOUNT_ID_FIELDS } from '../../api/discounts/declaration.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Show one discount: its type, value, method, eligibility, status and dates',
  args: { discountId: arg('the discount id (discount list shows them)') },
  json: { fields: DISCOUNT_FIELDS, idFields: DISCOUNT_ID_FIELDS },
  examples: ['store-cli discount get 6100000000000000013', 'store-cli discount get 6100000000000000013 --json title,status'],
  notes: '\nNeeds a token with the read_discounts or write_discounts scope.\n',
  async run(options, ctx) {
    const [{ checkDiscountId }, view] = await Promise.all([import('../../api/discounts/schema.js'), import('./view.js')]);
    const discountId = checkDiscountId(options.discountId);
    const out = await ctx.output();
    const api = await ctx.api();
    const discount = await ctx.spin('Fetching the discount…', () => api.discounts.get(discountId));
    await out.item(discount, view.discountDetailView(ctx.now()));
  },
});
