// `inventory set`: one variant's stock at a location set (--quantity) or changed by a number
// (--adjust); an adjustment below zero is asked about in a terminal and wants --allow-negative
// without one.
import type { Api } from '../../api/index.js';
import { inventory, QUANTITY } from '../../api/inventory/declaration.js';
import { checkId, checkValues } from '../../api/rest-resource.js';
import type { BelowZero, StockChange } from '../../product/stock.js';
import { UsageError } from '../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { boolean, defineVerb, optionalArg, text } from '../verb.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  name: 'set',
  summary: "Set a variant's stock at a location (--quantity N), or change it by a number (--adjust +N or -N)",
  args: { variantId: optionalArg('the variant id (product get and inventory list show them); or give --sku') },
  flags: {
    sku: text('<sku>', "the variant by its SKU instead of its id: looked up among every product (product list's pages), exactly"),
    location: text('<name|id>', 'the location: an id, or a name looked up with location list', { required: true }),
    quantity: text('<n>', 'the quantity available from now on, a whole number (negative when oversold)'),
    adjust: text('<+n|-n>', 'a signed whole number such as +5 or -3, added to the quantity now there: read, then set (see below)'),
    allowNegative: boolean('let --adjust take the quantity below zero (a terminal asks instead; without one it exits 2)'),
    dryRun: dryRunFlag(),
  },
  json: { fields: Object.keys(inventory.fields) },
  examples: [
    'store-cli inventory set 4000000000000000409 --location "Main Warehouse" --quantity 40',
    'store-cli inventory set 4000000000000000409 --location 4000000000000000003 --adjust -2',
    'store-cli inventory set --sku TSH-WHT-S --location "Downtown Store" --adjust +10 --dry-run',
  ],
  notes: `
Needs a token with the write_inventory scope (and read_shops to look a location up by name).
Give --quantity or --adjust, not both. The store has no relative change (PUT
inventory/{variantId} sets a quantity), so --adjust reads the quantity (GET inventory) and
then sets the sum: a sale the store makes between the two is overwritten. A variant not yet
stocked at the location is stocked there (POST inventory/connect) with the quantity, or with
the adjustment from 0. Says on stderr what the quantity was and is.
An --adjust that would take the quantity below zero (a typo such as -1000 for -10) is asked
about in a terminal; without one it needs --allow-negative, or exits 2 with nothing written
(--quantity sets a negative quantity as given: oversold stock is one).
--sku finds the variant among every product (one request per 250 products): the SKU must be
on exactly one variant, else it exits 2 listing them.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [stock, view] = await Promise.all([import('../../product/stock.js'), import('./view.js')]);
    if ((options.variantId === undefined) === (options.sku === undefined))
      throw new UsageError('Give the variant id or --sku SKU (one of them): the variant whose stock is set. Nothing was sent.');
    const givenId = options.variantId === undefined ? undefined : checkId(options.variantId, 'variantId');
    if ((options.quantity === undefined) === (options.adjust === undefined))
      throw new UsageError('Give --quantity N or --adjust +N/-N (one of them): what the stock becomes. Nothing was sent.');
    let change: StockChange;
    if (options.quantity !== undefined) change = { quantity: checkValues({ quantity: QUANTITY }, { quantity: options.quantity }).quantity as string };
    else {
      const adjust = options.adjust!;
      if (!/^[+-](0|[1-9][0-9]{0,8})$/.test(adjust))
        throw new UsageError(`--adjust must be a signed whole number such as +5 or -3 (got '${adjust.slice(0, 20)}'). Nothing was sent.`);
      change = { adjust: BigInt(adjust) };
    }
    const variantOf = (api: Api) => (givenId !== undefined ? Promise.resolve(givenId) : stock.variantBySku(api, options.sku!, ctx.spin));
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      // A dry run asks nothing: it says what the real run would ask.
      const warnBelowZero: BelowZero = async (before, after) => {
        if (!options.allowNegative)
          ctx.warn(
            `--adjust ${options.adjust} takes the quantity from ${before} to ${after}, below zero: the real run asks in a terminal, or needs --allow-negative.`,
          );
      };
      return runDry(ctx, options, async (api) =>
        stock.setStock(api, await variantOf(api), await stock.resolveLocation(api, options.location, ctx.spin), change, warnBelowZero),
      );
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const variantId = await variantOf(api);
    const locationId = await stock.resolveLocation(api, options.location, ctx.spin);
    const belowZero: BelowZero = async (before, after) => {
      if (options.allowNegative) return;
      const what = `--adjust ${options.adjust} takes variant ${variantId} at location ${locationId} from ${before} to ${after}, below zero`;
      if (!ctx.io.canPrompt) throw new UsageError(`${what}: add --allow-negative if that is meant. Nothing was changed.`);
      const { DeclinedError } = await import('../../core/prompts.js');
      if (!(await ctx.prompter.confirm(`Take variant ${variantId} below zero (${before} -> ${after})?`))) throw new DeclinedError();
    };
    const set = () => stock.setStock(api, variantId, locationId, change, belowZero);
    // A question may come between the read and the write: no spinner may draw over it.
    const mayAsk = 'adjust' in change && change.adjust < 0n && !options.allowNegative && ctx.io.canPrompt;
    const result = mayAsk ? await set() : await ctx.spin('Setting the stock…', set);
    const how = 'adjust' in change ? ' (read, then set: the store has no relative change)' : '';
    const from = result.before === undefined ? 'not stocked there before; now stocked' : `${result.before} ->`;
    ctx.say(`Variant ${variantId} at location ${locationId}: ${from} ${result.after}${how}.`);
    if (result.item === undefined) return;
    const names = out.isJson ? new Map<string, string>() : await stock.locationNames(api);
    await out.item(result.item, view.inventoryItemView(names));
  },
});
