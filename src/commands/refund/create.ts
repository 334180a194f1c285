// `refund create ORDER`: money given back on an order (POST refunds), for some of its lines, its
// shipping, or an amount. Money leaves the store: in a terminal the refund is shown (the order's
// name and total, what is given back) and asked about; elsewhere it needs --yes. Never sent
// twice: the order's refunds are read first, and after a lost answer read again to find the one
// made (api/refunds/declaration.ts); when that cannot be told, the error says it may be made.
import { checkValues } from '../../api/rest-resource.js';
import { REFUND_FIELDS, REFUND_ID_FIELDS, refunds } from '../../api/refunds/declaration.js';
import { FieldError, UnconfirmedCreateError, UsageError } from '../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { parseLines } from '../order/line-items-flag.js';
import { ORDER_ARG_HELP, ORDER_NAME_NOTE, resolveOrder } from '../order/order-ref.js';
import { arg, boolean, defineVerb, text, yesFlag } from '../verb.js';

const FLAG_OF: Readonly<Record<string, string>> = { amount: '--amount', shipping: '--shipping-price', note: '--note', notifyCustomer: '--notify' };

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  name: 'create',
  summary: 'Give money back on an order: some of its lines, its shipping, or an amount; asks first unless --yes',
  args: { order: arg(ORDER_ARG_HELP) },
  flags: {
    lineItems: text('<id[:qty],...>', "the order's line items given back, each id with an optional :quantity (default: all of the line not refunded yet)"),
    shippingPrice: text('<amount>', 'the shipping given back, a decimal amount such as 4.50'),
    amount: text('<amount>', 'the money given back, a decimal such as 10.00, when not what the store works out from the lines and the shipping'),
    note: text('<text>', 'why, shown to the customer; at most 500 characters'),
    notify: boolean('email the customer about the refund'),
    yes: yesFlag(),
    dryRun: dryRunFlag(),
  },
  json: { fields: REFUND_FIELDS, idFields: REFUND_ID_FIELDS },
  examples: [
    'store-cli refund create 6000000000000000141 --line-items 6100000000000000007:1 --note "One mug arrived broken" --notify',
    'store-cli refund create 6000000000000000141 --line-items 6100000000000000007 --shipping-price 4.50 --yes',
    'store-cli refund create 6000000000000000141 --amount 10.00 --note "Goodwill: late delivery" --dry-run',
  ],
  notes: `
Sends POST refunds with {"refund": {"orderId", "lineItems": [{"lineItemId", "quantity"}],
"shipping": {"shippingPrice"}, "amount", "note", "notifyCustomer"}} and prints the refund as
the store answers it. Without --amount the store works out the money from the lines (their
share of what was paid) and the shipping. The order and its refunds are read first: a line
without :quantity gives back all of it not refunded yet, and in a terminal the refund is
shown with the order's name and total and asked about; without a terminal --yes is needed
(exit 2). The store refuses a refund beyond what is left of what was paid (exit 1). A refund
whose answer is lost is never sent again: the order's refunds are read to find it, and when
it is not there the command says it may have been made (refund list ORDER shows it). Needs
a token with the write_orders scope.
${ORDER_NAME_NOTE}${DRY_RUN_NOTE}A dry run asks no confirmation.
`,
  async run(options, ctx) {
    const lines = parseLines(options.lineItems);
    const { amount, note, notifyCustomer } = refunds.fields;
    let given: { amount?: string; shipping?: string; note?: string; notifyCustomer?: boolean };
    try {
      given = checkValues(
        { amount, shipping: amount, note, notifyCustomer },
        { amount: options.amount, shipping: options.shippingPrice, note: options.note, notifyCustomer: options.notify },
      );
    } catch (error) {
      throw error instanceof FieldError ? error.named((root) => FLAG_OF[root]) : error;
    }
    for (const [name, value] of [
      ['--amount', given.amount],
      ['--shipping-price', given.shipping],
    ] as const) {
      if (value !== undefined && !/[1-9]/.test(value)) throw new UsageError(`${name} must be more than 0 (got '${value}'). Nothing was sent.`);
    }
    if (lines.length === 0 && given.shipping === undefined && given.amount === undefined)
      throw new UsageError('Give --line-items, --shipping-price or --amount: what is given back. Nothing was sent.');
    const { planRefund, describeRefund } = await import('./plan.js');
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, async (api) => {
        const plan = await planRefund(api, ctx, await resolveOrder(api, options.order, ctx), lines, given);
        return api.refunds.createFor(plan.input, plan.before);
      });
    }
    // No terminal to ask in: --yes or nothing, before anything is read.
    const { confirmOrRequireYes } = await import('../../core/prompts.js');
    const action = `refund order ${options.order.trim()}`;
    if (!ctx.io.canPrompt) await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, { action, question: '' });
    const [{ refundViews }, out, api] = await Promise.all([import('./table.js'), ctx.output(), ctx.api()]);
    const views = await refundViews();
    const order = await resolveOrder(api, options.order, ctx);
    const plan = await ctx.spin('Reading the order and its refunds…', () => planRefund(api, ctx, order, lines, given));
    if (!options.yes) {
      for (const line of describeRefund(plan)) ctx.say(line);
      await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
        action,
        question: `Refund this on order ${plan.orderName}? It cannot be taken back.`,
      });
    }
    const made = await ctx
      .spin('Refunding…', () => api.refunds.createFor(plan.input, plan.before))
      .catch((error: unknown) => {
        throw error instanceof UnconfirmedCreateError
          ? error.withHint(`'store-cli refund list ${order}' shows whether it was made; do not send it again before.`)
          : error;
      });
    if (made.how === 'recovered') ctx.say("The store's answer was lost; the refund was found among the order's refunds: it was made once.");
    if (made.refund === undefined) {
      ctx.say(`The store accepted the refund but sent none back: 'store-cli refund list ${order}' shows it.`);
      return;
    }
    await out.item(made.refund, views.detail);
  },
});
