// `refund get ID`: one refund (GET refunds?ids={id}, the documented read by id).
import { checkId } from '../../api/rest-resource.js';
import { REFUND_FIELDS, REFUND_ID_FIELDS } from '../../api/refunds/declaration.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Show one refund: its order, amount, lines and shipping given back, note',
  args: { id: arg('the refund id (refund list ORDER shows them)') },
  json: { fields: REFUND_FIELDS, idFields: REFUND_ID_FIELDS },
  examples: ['store-cli refund get 6300000000000000002', 'store-cli refund get 6300000000000000002 --json amount,lineItems'],
  notes: `
One request (GET refunds?ids={id}); a refund the store does not list exits 1 (not found).
Needs a token with read_orders.
`,
  async run(options, ctx) {
    const id = checkId(options.id, '<id>');
    const [{ refundViews }, out, api] = await Promise.all([import('./table.js'), ctx.output(), ctx.api()]);
    const views = await refundViews();
    const refund = await ctx.spin('Fetching the refund…', () => api.refunds.getById(id));
    await out.item(refund, views.detail);
  },
});
