// `discount update ID`: only the fields the flags give are sent; the method and the code cannot
// change (a code may be in customers' hands).
import { DISCOUNT_FIELDS, DISCOUNT_ID_FIELDS } from '../../api/discounts/declaration.js';
import { UsageError } from '../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb } from '../verb.js';
import { discountFlags, fieldsOf } from './flags.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'update',
  summary: "Change a discount's title, value, type, eligibility, dates or limits (only what is given is sent)",
  args: { discountId: arg('the discount id (discount list shows them)') },
  flags: { ...discountFlags(), dryRun: dryRunFlag() },
  json: { fields: DISCOUNT_FIELDS, idFields: DISCOUNT_ID_FIELDS },
  examples: [
    'store-cli discount update 6100000000000000013 --value 20',
    'store-cli discount update 6100000000000000013 --end-time none --usage-limit none',
    'store-cli discount update 6100000000000000013 --eligibility all --dry-run',
  ],
  notes: `
Needs a token with the write_discounts scope. Sends only what changes (PUT discounts/{id}
with {"discount": {...}}, in the store's shape) and prints the discount as the store answers
it. No change flag exits 2. The method (code or automatic) and the code cannot change: make
a new discount instead. --start-time and --end-time take a time or a date (a start from its
first second, an end through its last, UTC); both given, a start not before the end is
refused (exit 2). The store's docs warn that a change to an active discount prices orders at
once.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ checkDiscountChange, checkDiscountId }, view] = await Promise.all([import('../../api/discounts/schema.js'), import('./view.js')]);
    const discountId = checkDiscountId(options.discountId);
    const fields = fieldsOf(options);
    if (Object.keys(fields).length === 0)
      throw new UsageError('Give at least one change flag (--title, --value, --end-time...): nothing to change. Nothing was sent.');
    const change = checkDiscountChange(fields);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.discounts.update(discountId, change));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const discount = await ctx.spin('Updating the discount…', () => api.discounts.update(discountId, change));
    await out.item(discount, view.discountDetailView(ctx.now()));
  },
});
