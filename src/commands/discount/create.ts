// `discount create`: one discount from flags, checked against the rules of the store's header
// family (their codes differ), and checked again once the store has shown its family when nothing
// named it.
import { DISCOUNT_FIELDS, DISCOUNT_ID_FIELDS } from '../../api/discounts/declaration.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { defineVerb } from '../verb.js';
import { CODE_FLAG, DISCOUNT_METHOD_FLAG, discountFlags, fieldsOf } from './flags.js';

export default defineVerb({
  mutates: true,
  name: 'create',
  summary: 'Create a discount: a product, order or shipping discount, a fixed amount or a percentage, by its code (yours or generated) or automatic',
  flags: { ...discountFlags(), discountMethod: DISCOUNT_METHOD_FLAG(), code: CODE_FLAG(), dryRun: dryRunFlag() },
  json: { fields: DISCOUNT_FIELDS, idFields: DISCOUNT_ID_FIELDS },
  examples: [
    'store-cli discount create --title "Summer sale" --discount-type order --value-type percentage --value 15 --code 71NLIYCH',
    'store-cli discount create --title "Summer sale 2" --discount-type order --value-type percentage --value 15 --end-time 2026-09-01',
    'store-cli discount create --title "5 off T-shirts" --discount-type product --value-type fixed --value 5.00 --discount-method automatic',
  ],
  notes: `
Needs a token with the write_discounts scope. --title, --discount-type, --value-type and
--value are required; --discount-method is code unless given. Sends POST discounts with
{"discount": {...}} in the store's shape (docs/decisions.md "Discounts"): on Genstore nested,
the type, the method and the code inside promotionType; on the service flat, a code given
then added to the discount (POST discounts/{id}/codes).
--code: your code, checked before anything is sent (Genstore: 8 letters and digits, "a custom
8-digit code"; the service: 3 to 50 letters, digits, - or _); without it Genstore generates
one (8 letters and digits, shown in the CODE field).
--start-time and --end-time take a time or a date (2026-12-10: a start from its first second,
an end through its last, UTC); a start not before the end is refused (exit 2).
A create is never resent once it may have reached the store: after a lost answer, discount
list shows whether it was made.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ checkDiscountCreate }, view] = await Promise.all([import('../../api/discounts/schema.js'), import('./view.js')]);
    const named = await ctx.brand();
    const fields = fieldsOf(options);
    let input = checkDiscountCreate(fields, named.value);
    const create = async (api: Awaited<ReturnType<typeof ctx.api>>) => {
      // A family found only now (nothing named it) may hold codes to its own rule: checked again before the create.
      const family = await api.discounts.family();
      if (family !== named.value) input = checkDiscountCreate(fields, family);
      return api.discounts.create(input);
    };
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, create);
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const discount = await ctx.spin('Creating the discount…', () => create(api));
    if (discount === undefined) {
      ctx.say('The store created the discount without showing it; discount list shows it.');
      return;
    }
    await out.item(discount, view.discountDetailView(ctx.now()));
  },
});
