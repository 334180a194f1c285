// `product create`: one product from flags, a JSON file, or the flags laid over the file, its
// category and collections by name or id. Every check that needs no request passes before the
// names are looked up, and a create is never sent twice (products have no unique key): after a
// lost answer the error says what to look for first.
import { PRODUCT_FIELDS } from '../../api/products/fields.js';
import { UsageError } from '../../core/errors.js';
import type { Product } from '../../product/index.js';
import { defineVerb } from '../verb.js';
import { REQUEST_FIELDS } from '../dry-run.js';
import { VARIANT_COLUMNS } from './columns.js';
import { productFlags } from './product-flags.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';

export default defineVerb({
  mutates: true,
  name: 'create',
  summary: 'Create a product from flags or a JSON file; category and collections by name or id',
  flags: { ...productFlags('create'), dryRun: dryRunFlag() },
  json: { fields: PRODUCT_FIELDS, columns: VARIANT_COLUMNS, rows: 'variants', idColumn: 'variantId' },
  examples: [
    'store-cli product create --title "Classic Tee" --price 19.99 --category Tops --collection "Summer Sale"',
    'store-cli product create --title "Classic Tee" --option "Color=Red,Blue" --option "Size=S,M,L" --price 19.99 --sku TEE --inventory 10',
    'store-cli product create --file product.json --status draft --json productId',
  ],
  notes:
    `\nNames: digits are an id, used as given; else the exact name (ignoring case) wins, else the\n` +
    `only partial match; anything else exits 2 listing the candidates, and nothing is created.\n` +
    `Piped, each variant row starts with the product's id, so a script takes it with\n` +
    `  id=$(store-cli product create --title "Classic Tee" | head -n1 | cut -f1)\n` +
    `${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [products, view] = await Promise.all([import('../../product/index.js'), import('./view.js')]);
    const flagged = products.checkFlags(options);
    // --title overrides the file's title, so it may also stand in for a title the file lacks.
    const file = options.file === undefined ? undefined : await products.readProductFile(options.file, ctx.io, flagged.fields.title !== undefined);
    if (!file && flagged.fields.title === undefined) throw new UsageError('--title is required (or give the whole product with --file).');
    // A --location name is looked up (one read) once every check that needs no request passed.
    const change = flagged.location === undefined ? flagged : await products.locate(await ctx.api(), flagged, ctx.spin);
    const out = await (options.dryRun ? ctx.output(options, REQUEST_FIELDS) : ctx.output());
    const draft = products.draftToCreate(change, file);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      // Names are resolved by reading (said on stderr); the POST is shown, not sent, so no
      // spinner says "Creating".
      return runDry(ctx, options, (api) => products.createProduct(api, draft, change, (_text, work) => work()));
    }

    const api = await ctx.api();
    const { created, sent, names } = await products.createProduct(api, draft, change, ctx.spin);
    if (!created) {
      // Any 2xx is success: a store that answers 202/204 without the product still created it.
      ctx.say('The store accepted the product but sent none back, so its id is not known: shown as sent.');
      await view.showProduct(out, sent as Product, async () => names, out.isTable, VARIANT_COLUMNS);
      return;
    }
    const terminal = out.isTable;
    // A person sees the product as `product get` shows it (its sales channels); scripts get the answer as it came.
    const shown = terminal ? await products.asRead(api, created) : created;
    await view.showProduct(out, shown, () => products.linkNames(api, shown, names), terminal, VARIANT_COLUMNS);
    if (!out.isJson && ctx.io.isStderrTTY) ctx.say(`Created product ${products.idText(created.productId)}.`);
  },
});
