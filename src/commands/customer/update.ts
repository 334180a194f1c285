import { CUSTOMER_FIELDS } from '../../api/customers/fields.js';
import { arg, defineVerb } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { customerFields, customerFlags, PROTECTED_NOTE } from './customer-flags.js';

export default defineVerb({
  name: 'update',
  summary: "Change a customer's name, email, phone, notes, tags or tax exemption",
  args: { customerId: arg('the customer id') },
  flags: { ...customerFlags, dryRun: dryRunFlag() },
  json: { fields: CUSTOMER_FIELDS },
  examples: [
    'store-cli customer update 7300000000000000101 --notes "Call before delivery"',
    'store-cli customer update 7300000000000000101 --tag vip --tag wholesale',
    'store-cli customer update 7300000000000000101 --email ada@lovelace.example --dry-run',
  ],
  notes: `
Only the fields given are sent; --tag replaces the whole list of tags.
${DRY_RUN_NOTE}${PROTECTED_NOTE}Needs a token with the write_customers scope.
`,
  async run(options, ctx) {
    const [{ checkCustomerChange, checkCustomerId }, { UsageError }, view] = await Promise.all([import('../../api/customers/schema.js'), import('../../core/errors.js'), import('./view.js')]);
    const customerId = checkCustomerId(options.customerId);
    const change = checkCustomerChange(customerFields(options));
    if (Object.values(change).every((value) => value === undefined)) {
      throw new UsageError('Nothing to change: give --first-name, --last-name, --email, --phone, --notes, --tag or --tax-exempt. Nothing was sent.');
    }
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.customers.update(customerId, change));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const customer = await ctx.spin('Updating the customer…', () => api.customers.update(customerId, change));
    await out.item(customer, view.customerDetailView());
  },
});
