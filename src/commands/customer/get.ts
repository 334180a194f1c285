import { CUSTOMER_FIELDS } from '../../api/customers/fields.js';
import { arg, defineVerb } from '../verb.js';
import { PROTECTED_NOTE } from './customer-flags.js';

export default defineVerb({
  name: 'get',
  summary: 'Show a customer: contact, state, orders, spending, tags and addresses',
  args: { customerId: arg('the customer id') },
  json: { fields: CUSTOMER_FIELDS },
  examples: ['store-cli customer get 7300000000000000101', 'store-cli customer get 7300000000000000101 --json email,withheld'],
  notes: `${PROTECTED_NOTE}Needs a token with the read_customers or write_customers scope.\n`,
  async run(options, ctx) {
    const [{ checkCustomerId }, view] = await Promise.all([import('../../api/customers/schema.js'), import('./view.js')]);
    const customerId = checkCustomerId(options.customerId);
    const out = await ctx.output();
    const api = await ctx.api();
    const customer = await ctx.spin('Fetching the customer…', () => api.customers.get(customerId));
    await out.item(customer, view.customerDetailView());
  },
});
