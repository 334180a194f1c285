// `order cancel ID`: an order cancelled with its reason (POST orders/{id}/cancel); asks first, --yes in a script.
import { CANCEL_REASONS, ORDER_FIELDS, ORDER_ID_FIELDS } from '../../api/orders/fields.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb, oneOf, yesFlag } from '../verb.js';
import { explainingWindow } from './window.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  name: 'cancel',
  summary: 'Cancel an order; asks first unless --yes',
  args: { orderId: arg('the order id') },
  flags: {
    reason: oneOf('<reason>', 'why the order is cancelled', CANCEL_REASONS),
    yes: yesFlag(),
    dryRun: dryRunFlag(),
  },
  json: { fields: ORDER_FIELDS, idFields: ORDER_ID_FIELDS },
  examples: [
    'store-cli order cancel 6000000000000000101 --reason customer',
    'store-cli order cancel 6000000000000000101 --yes --json status,cancelTime',
    'store-cli order cancel 6000000000000000101 --dry-run',
  ],
  notes: `${DRY_RUN_NOTE}A dry run asks no confirmation. Cancelling a cancelled order changes nothing.\n`,
  async run(options, ctx) {
    const [{ checkOrderCancel }, { idOf, orderMoney }, view] = await Promise.all([
      import('../../api/orders/schema.js'),
      import('../../api/orders/reading.js'),
      import('./view.js'),
    ]);
    const input = checkOrderCancel({ orderId: options.orderId, reason: options.reason });
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.orders.cancel(input));
    }
    const out = await ctx.output();
    const [api, { confirmOrRequireYes }, { scalarText }] = await Promise.all([ctx.api(), import('../../core/prompts.js'), import('../../core/json.js')]);
    if (!options.yes && ctx.io.canPrompt) {
      // A person is shown which order goes: its name and total, read first.
      const order = await ctx.spin('Fetching the order…', () => explainingWindow(api, ctx, () => api.orders.get(input.orderId)));
      const { total, currency } = orderMoney(order);
      const label = [scalarText(order.name), [total, currency].filter(Boolean).join(' ')].filter(Boolean).join(', ');
      await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
        action: `cancel order ${idOf(order) ?? input.orderId}`,
        question: `Cancel order ${input.orderId}${label ? ` (${label})` : ''}? It cannot be reopened.`,
      });
    } else {
      await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, { action: `cancel order ${input.orderId}`, question: `Cancel order ${input.orderId}?` });
    }
    const order = await ctx.spin('Cancelling the order…', () => explainingWindow(api, ctx, () => api.orders.cancel(input)));
    await out.item(order, view.orderDetailView());
  },
});
