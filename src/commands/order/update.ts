// `order update ID`: the fields an order takes after it is placed (its note and tags).
import { ORDER_FIELDS, ORDER_ID_FIELDS } from '../../api/orders/fields.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb, text } from '../verb.js';
import { explainingWindow } from './window.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'update',
  summary: "Change an order's note or tags",
  args: { orderId: arg('the order id') },
  flags: {
    note: text('<text>', 'the new note (an empty text clears it)'),
    tags: text('<tags>', 'the new tags, comma-separated (replacing the old ones; an empty text clears them)'),
    dryRun: dryRunFlag(),
  },
  json: { fields: ORDER_FIELDS, idFields: ORDER_ID_FIELDS },
  examples: ['store-cli order update 6000000000000000101 --note "Gift wrap"', 'store-cli order update 6000000000000000101 --tags vip,priority --dry-run'],
  notes: DRY_RUN_NOTE,
  async run(options, ctx) {
    const [{ checkOrderUpdate }, { UsageError }] = await Promise.all([import('../../api/orders/schema.js'), import('../../core/errors.js')]);
    if (options.note === undefined && options.tags === undefined) throw new UsageError('Say what to change: --note, --tags or both.');
    const input = checkOrderUpdate({ orderId: options.orderId, note: options.note, tags: options.tags });
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.orders.update(input));
    }
    const view = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const order = await ctx.spin('Updating the order…', () => explainingWindow(api, ctx, () => api.orders.update(input)));
    await out.item(order, view.orderDetailView());
  },
});
