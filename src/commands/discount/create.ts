import { DISCOUNT_FIELDS } from '../../api/discounts/fields.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { defineVerb } from '../verb.js';
import { DISCOUNT_METHOD_FLAG, discountFlags, fieldsOf } from './flags.js';

export default defineVerb({
  name: 'create',
  summary: 'Create a discount: a product, order or shipping discount, a fixed amount or a percentage, by code or automatic',
  flags: { ...discountFlags(), discountMethod: DISCOUNT_METHOD_FLAG(), dryRun: dryRunFlag() },
  json: { fields: DISCOUNT_FIELDS },
  examples: [
    'store-cli discount create --title "Summer sale" --discount-type order --value-type percentage --value 15 --discount-method code',
    'store-cli discount create --title "5 off T-shirts" --discount-type product --value-type fixed --value 5.00 --discount-method automatic',
    'store-cli discount create --title "VIP shipping" --discount-type shipping --value-type percentage --value 100 --discount-method code --segment-ids 7700000000000000011',
  ],
  notes: `
Needs a token with the write_discounts scope. --title, --discount-type, --value-type,
--value and --discount-method are required. Sends POST discounts with {"discount": {...}};
a code discount is made without codes: add them with discount import. A create is never
resent once it may have reached the store (a discount has no unique key): after a lost
answer, discount list shows whether it was made.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ checkDiscountCreate }, view] = await Promise.all([import('../../api/discounts/schema.js'), import('./view.js')]);
    const input = checkDiscountCreate(fieldsOf(options));
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.discounts.create(input));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const discount = await ctx.spin('Creating the discount…', () => api.discounts.create(input));
    if (discount === undefined) {
      ctx.say('The store created the discount without showing it; discount list shows it.');
      return;
    }
    await out.item(discount, view.discountDetailView);
  },
});
