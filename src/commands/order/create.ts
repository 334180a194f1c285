// `order create`: one order from flags, a JSON file, or the flags laid over the file, for test
// orders and for orders brought in from elsewhere (POST orders). Its lines are named by SKU or
// variant id and looked up in the store's products before anything is sent (an unknown SKU
// exits 2 naming it); its buyer by email or customer id. Never sent twice: a lost answer is
// told from the orders only through a --source-identifier (api/orders/requests.ts create).
import { CREATE_FINANCIAL_STATUSES } from '../../api/orders/create-input.js';
import { ORDER_FIELDS, ORDER_ID_FIELDS } from '../../api/orders/fields.js';
import { UnconfirmedCreateError, UsageError } from '../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { defineVerb, list, oneOf, text } from '../verb.js';

export default defineVerb({
  mutates: true,
  name: 'create',
  summary: 'Create an order: lines by SKU or variant id, the buyer by email',
  flags: {
    file: text('<path>', 'the order as JSON (bare or as {"order": ...}); "-" reads stdin. Flags override its fields, and line flags its lines'),
    sku: list('<sku[:qty]>', 'a line by SKU, with :quantity (default 1); repeatable'),
    variantId: list('<id[:qty]>', 'a line by variant id, with :quantity (default 1); repeatable'),
    email: text('<address>', "the buyer's email address (the store links the customer who has it)"),
    customerId: text('<id>', 'the buyer, by customer id'),
    financialStatus: oneOf('<status>', 'pending, authorized or paid (default: paid)', CREATE_FINANCIAL_STATUSES),
    totalShippingPrice: text('<amount>', 'shipping charged, a decimal (default 0.00)'),
    totalTax: text('<amount>', 'tax charged, a decimal (default 0.00)'),
    totalDiscounts: text('<amount>', 'discounts given, a decimal (default 0.00)'),
    note: text('<text>', 'a note, at most 5000 characters'),
    tags: text('<tags>', 'tags, comma-separated (at most 1000 characters)'),
    sourceIdentifier: text('<id>', 'its id where it comes from (finds it after a lost answer)'),
    dryRun: dryRunFlag(),
  },
  json: { fields: ORDER_FIELDS, idFields: ORDER_ID_FIELDS },
  examples: [
    'store-cli order create --sku TSH-WHT-S:2 --sku MUG-SND --email ada@example.com --tags test',
    'store-cli order create --variant-id 4000000000000000409 --financial-status pending --total-shipping-price 4.50',
    'store-cli order create --file order.json --source-identifier OLD-1001 --json id,name,totalPrice',
  ],
  notes: `
Sends POST orders with {"order": {"lineItems": [{"variantId", "quantity", "price"?} or
{"title", "price", "quantity"}], "email", "customerId", "financialStatus", "totalShippingPrice",
"totalTax", "totalDiscounts", "note", "tags", "sourceIdentifier"}}: only what is given. The
store prices a variant's line from its catalog unless the file gives a price, and works out
the totals. SKUs and variant ids are looked up in the store's products first (the listing,
250 a page); one that no variant has exits 2 naming it, and nothing is sent.
A file's lines are {"sku" or "variantId", "quantity" (default 1), "price"?}, or a line of its
own {"title", "price", "quantity"}.
A create whose answer is lost is never sent again: with --source-identifier the orders made
since the day before are read to find it; without, the command says it may have been made.
Needs a token with the write_orders scope (and read_products for the look-up).
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ checkOrderFile, checkOrderFlags, parseLineFlag }, view] = await Promise.all([import('../../api/orders/create-input.js'), import('./view.js')]);
    const flagged = checkOrderFlags({
      email: options.email,
      customerId: options.customerId,
      financialStatus: options.financialStatus,
      totalShippingPrice: options.totalShippingPrice,
      totalTax: options.totalTax,
      totalDiscounts: options.totalDiscounts,
      note: options.note,
      tags: options.tags,
      sourceIdentifier: options.sourceIdentifier,
    });
    const lineFlags = [
      ...(options.sku ?? []).map((sku) => parseLineFlag(sku, '--sku')),
      ...(options.variantId ?? []).map((id) => parseLineFlag(id, '--variant-id')),
    ];
    let file: Awaited<ReturnType<typeof checkOrderFile>> | undefined;
    if (options.file !== undefined) {
      const { parseJsonInput, readInputText } = await import('../../core/input-text.js');
      const source = options.file === '-' ? 'stdin' : options.file;
      file = checkOrderFile(parseJsonInput(await readInputText(options.file, ctx.io.stdin, `--file ${source}`), `--file ${source}`), source);
    }
    const draft = { ...file, ...flagged, lineItems: lineFlags.length > 0 ? lineFlags : (file?.lineItems ?? []) };
    if (draft.lineItems.length === 0) throw new UsageError('Give the order a line: --sku, --variant-id, or lineItems in --file. Nothing was sent.');
    const out = await (options.dryRun ? undefined : ctx.output());
    const { resolveLines } = await import('./line-items.js');
    const { lineItems: _, ...fields } = draft;
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, async (api) => api.orders.create({ ...fields, lineItems: await resolveLines(api, draft.lineItems) }, ctx.now()));
    }
    const api = await ctx.api();
    const lineItems = await ctx.spin('Looking the lines up in the products…', () => resolveLines(api, draft.lineItems));
    const made = await ctx
      .spin('Creating the order…', () => api.orders.create({ ...fields, lineItems }, ctx.now()))
      .catch((error: unknown) => {
        throw error instanceof UnconfirmedCreateError
          ? error.withHint(
              fields.sourceIdentifier === undefined
                ? `'store-cli order list --created-since ${ctx.now().toISOString().slice(0, 10)}' shows whether it was made; do not send it again before.`
                : `'store-cli order list --created-since ${ctx.now().toISOString().slice(0, 10)} --json id,name,sourceIdentifier' shows whether it was made; do not send it again before.`,
            )
          : error;
      });
    if (made.how === 'recovered')
      ctx.say(`The store's answer was lost; the order with the sourceIdentifier ${fields.sourceIdentifier} was found: it was made once.`);
    if (made.order === undefined) {
      ctx.say('The store accepted the order but sent none back, so its id is not known.');
      return;
    }
    await view.showOrder(out!, made.order);
  },
});
