import { CUSTOMER_FIELDS } from '../../api/customers/fields.js';
import { UnconfirmedCreateError } from '../../core/errors.js';
import { defineVerb } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { customerFields, customerFlags, PROTECTED_NOTE } from './customer-flags.js';

export default defineVerb({
  name: 'create',
  summary: 'Create a customer from a name, email or phone (at least one)',
  flags: { ...customerFlags, dryRun: dryRunFlag() },
  json: { fields: CUSTOMER_FIELDS },
  examples: [
    'store-cli customer create --email ada@example.com --first-name Ada --last-name Lovelace',
    'store-cli customer create --phone "+1 212 555 0100" --tag wholesale --tag vip',
    'store-cli customer create --email kj@example.com --json id | jq -r .id',
  ],
  notes: `
The store keeps emails and phones unique: a second customer with one answers 409. A create
is not sent again after a lost answer; 'customer search --email' then shows whether it exists.
${DRY_RUN_NOTE}${PROTECTED_NOTE}Needs a token with the write_customers scope.
`,
  async run(options, ctx) {
    const [{ checkCustomerCreate }, view] = await Promise.all([import('../../api/customers/schema.js'), import('./view.js')]);
    const input = checkCustomerCreate(customerFields(options));
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.customers.create(input));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const customer = await ctx
      .spin('Creating the customer…', () => api.customers.create(input))
      .catch((error: unknown) => {
        const lookup =
          input.email !== undefined ? `store-cli customer search --email ${input.email}` : input.phone !== undefined ? `store-cli customer search --phone "${input.phone}"` : 'store-cli customer list';
        throw error instanceof UnconfirmedCreateError ? error.withHint(`Check with '${lookup}' before creating it again.`) : error;
      });
    if (!customer) {
      ctx.say('The store accepted the customer but sent none back, so its id is not known.');
      return;
    }
    await out.item(customer, view.customerDetailView());
  },
});
