import { arg, boolean, defineVerb } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag, REQUEST_FIELDS } from '../dry-run.js';

export default defineVerb({
  name: 'delete',
  summary: 'Delete a customer; asks first unless --yes',
  args: { customerId: arg('the customer id') },
  flags: { yes: boolean('do not ask for confirmation (required without a terminal)', { short: '-y' }), dryRun: dryRunFlag() },
  // A delete prints nothing; --json is the form of the dry run's request.
  json: { fields: REQUEST_FIELDS, what: 'the request as JSON (with --dry-run; a delete itself prints nothing)' },
  examples: ['store-cli customer delete 7300000000000000101', 'store-cli customer delete 7300000000000000101 --yes', 'store-cli customer delete 7300000000000000101 --dry-run --json'],
  notes: `${DRY_RUN_NOTE}A dry run asks no confirmation. Needs a token with the write_customers scope.\n`,
  async run(options, ctx) {
    const [{ checkCustomerId }, { confirmedDelete }, { scalarText }] = await Promise.all([import('../../api/customers/schema.js'), import('../confirmed-delete.js'), import('../../core/json.js')]);
    const customerId = checkCustomerId(options.customerId);
    await confirmedDelete(ctx, options, {
      what: `customer ${customerId}`,
      consequence: 'This cannot be undone.',
      read: {
        spinner: 'Fetching the customer…',
        get: (api) => api.customers.get(customerId),
        // A withheld name or email is not shown: the question names the id alone.
        label: (customer) =>
          [customer.firstName, customer.lastName]
            .map((part) => scalarText(part))
            .filter(Boolean)
            .join(' ') || scalarText(customer.email),
      },
      spinner: 'Deleting the customer…',
      remove: (api) => api.customers.delete(customerId),
    });
  },
});
