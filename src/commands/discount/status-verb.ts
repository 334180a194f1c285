// enable and disable: one request each (PUT discounts/{id}/status), the same but for the
// status they set. Both are idempotent: a discount already so is answered as it is.
import { DISCOUNT_FIELDS, DISCOUNT_ID_FIELDS } from '../../api/discounts/declaration.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb } from '../verb.js';

export function statusVerb(name: 'enable' | 'disable') {
  const status = name === 'enable' ? 'ENABLED' : 'DISABLED';
  return defineVerb({
    mutates: true,
    destructive: true,
    name,
    summary:
      name === 'enable'
        ? 'Enable a discount: customers can use it (from its start time)'
        : 'Disable a discount: customers can no longer use it (enable turns it back on)',
    args: { discountId: arg('the discount id (discount list shows them)') },
    flags: { dryRun: dryRunFlag() },
    json: { fields: DISCOUNT_FIELDS, idFields: DISCOUNT_ID_FIELDS },
    examples: [`store-cli discount ${name} 6100000000000000013`, `store-cli discount ${name} 6100000000000000013 --json id,status`],
    notes:
      `\nNeeds a token with the write_discounts scope. Sends PUT discounts/{id}/status with\n` +
      `{"status": "${status}"}; a discount ${status.toLowerCase()} already is shown as it is.\n` +
      `${DRY_RUN_NOTE}`,
    async run(options, ctx) {
      const [{ checkDiscountId }, view] = await Promise.all([import('../../api/discounts/schema.js'), import('./view.js')]);
      const discountId = checkDiscountId(options.discountId);
      if (options.dryRun) {
        const { runDry } = await import('../dry-run.js');
        return runDry(ctx, options, (api) => api.discounts.setStatus(discountId, status));
      }
      const out = await ctx.output();
      const api = await ctx.api();
      const discount = await ctx.spin(name === 'enable' ? 'Enabling the discount…' : 'Disabling the discount…', () =>
        api.discounts.setStatus(discountId, status),
      );
      await out.item(discount, view.discountDetailView(ctx.now()));
    },
  });
}
