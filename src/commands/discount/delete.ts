import { DRY_RUN_NOTE, dryRunFlag, REQUEST_FIELDS } from '../dry-run.js';
import { arg, boolean, defineVerb } from '../verb.js';

export default defineVerb({
  name: 'delete',
  summary: 'Delete a discount and its codes; asks first unless --yes',
  args: { discountId: arg('the discount id (discount list shows them)') },
  flags: { yes: boolean('do not ask for confirmation (required without a terminal)', { short: '-y' }), dryRun: dryRunFlag() },
  // A delete prints nothing; --json is the form of the dry run's request.
  json: { fields: REQUEST_FIELDS, what: 'the request as JSON (with --dry-run; a delete itself prints nothing)' },
  examples: ['store-cli discount delete 6100000000000000013', 'store-cli discount delete 6100000000000000013 --yes', 'store-cli discount delete 6100000000000000013 --dry-run --json'],
  notes: `\nNeeds a token with the write_discounts scope. To stop a discount for a while, disable it instead.\n${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
  async run(options, ctx) {
    const [{ checkDiscountId }, { confirmedDelete }] = await Promise.all([import('../../api/discounts/schema.js'), import('../confirmed-delete.js')]);
    const discountId = checkDiscountId(options.discountId);
    await confirmedDelete(ctx, options, {
      what: `discount ${discountId}`,
      consequence: 'Its codes stop working, and this cannot be undone.',
      read: { spinner: 'Fetching the discount…', get: (api) => api.discounts.get(discountId), label: (discount) => String(discount.title ?? '') },
      spinner: 'Deleting the discount…',
      remove: (api) => api.discounts.delete(discountId),
    });
  },
});
