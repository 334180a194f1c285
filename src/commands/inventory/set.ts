import { INVENTORY_FIELDS } from '../../api/inventory/fields.js';
import { UsageError } from '../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb, text } from '../verb.js';

export default defineVerb({
  name: 'set',
  summary: "Set a variant's stock at a location (--quantity N), or change it by a number (--adjust +N or -N)",
  args: { variantId: arg('the variant id (product get and inventory list show them)') },
  flags: {
    location: text('<name|id>', 'the location: an id, or a name looked up with location list', { required: true }),
    quantity: text('<n>', 'the quantity available from now on, a whole number (negative when oversold)'),
    adjust: text('<+n|-n>', 'a signed whole number such as +5 or -3, added to the quantity now there: read, then set (see below)'),
    dryRun: dryRunFlag(),
  },
  json: { fields: INVENTORY_FIELDS },
  examples: [
    'store-cli inventory set 4000000000000000409 --location "Main Warehouse" --quantity 40',
    'store-cli inventory set 4000000000000000409 --location 4000000000000000003 --adjust -2',
    'store-cli inventory set 4000000000000000409 --location "Downtown Store" --adjust +10 --dry-run',
  ],
  notes: `
Needs a token with the write_inventory scope (and read_shops to look a location up by name).
Give --quantity or --adjust, not both. The store has no relative change (PUT
inventory/{variantId} sets a quantity), so --adjust reads the quantity (GET inventory) and
then sets the sum: a sale the store makes between the two is overwritten. A variant not yet
stocked at the location is stocked there (POST inventory/connect) with the quantity, or with
the adjustment from 0. Says on stderr what the quantity was and is.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ checkQuantity, checkVariantId }, stock, view] = await Promise.all([import('../../api/inventory/schema.js'), import('../../product/stock.js'), import('./view.js')]);
    const variantId = checkVariantId(options.variantId);
    if ((options.quantity === undefined) === (options.adjust === undefined)) throw new UsageError('Give --quantity N or --adjust +N/-N (one of them): what the stock becomes. Nothing was sent.');
    let change: { quantity: string } | { adjust: bigint };
    if (options.quantity !== undefined) change = { quantity: checkQuantity(options.quantity, '--quantity') };
    else {
      const adjust = options.adjust!;
      if (!/^[+-](0|[1-9][0-9]{0,8})$/.test(adjust)) throw new UsageError(`--adjust must be a signed whole number such as +5 or -3 (got '${adjust.slice(0, 20)}'). Nothing was sent.`);
      change = { adjust: BigInt(adjust) };
    }
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, async (api) => stock.setStock(api, variantId, await stock.resolveLocation(api, options.location, ctx.spin), change));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const locationId = await stock.resolveLocation(api, options.location, ctx.spin);
    const result = await ctx.spin('Setting the stock…', () => stock.setStock(api, variantId, locationId, change));
    const how = 'adjust' in change ? ' (read, then set: the store has no relative change)' : '';
    const from = result.before === undefined ? 'not stocked there before; now stocked' : `${result.before} ->`;
    ctx.say(`Variant ${variantId} at location ${locationId}: ${from} ${result.after}${how}.`);
    if (result.item === undefined) return;
    const names = out.isJson ? new Map<string, string>() : await stock.locationNames(api);
    await out.item(result.item, view.inventoryItemView(names));
  },
});
