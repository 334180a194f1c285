// `product import FILE`: products from the CSV (or JSON lines) product export writes, a row a
// variant, created, updated or left alone by the bulk engine's products kind; two writing
// imports of one file to one store wait for each other (a product has no unique key).
import { PRODUCT_KEYS } from '../../bulk/kinds/products/keys.js';
import { IMPORT_EXIT_CODES, IMPORT_JSON, IMPORT_VERB, importFlags, importOrRehearse, importSettings, tellReport } from '../bulk-import.js';
import type { Context } from '../../root/context.js';
import { arg, boolean, defineVerb, oneOf } from '../verb.js';

/** The lock of this file's imports to this store (bulk/runs/import-lock.ts), waited for with a word on stderr. */
async function lockThisImport(ctx: Context, file: string, shard: string | undefined): Promise<() => void> {
  const [{ lockImport }, dataDir] = await Promise.all([import('../../bulk/runs/import-lock.js'), ctx.dataDir()]);
  // The embedded sandbox by name, without starting it (that waits for its own data lock).
  const store = ctx.globals.sandbox ? 'sandbox' : ((await ctx.target()).baseUrl?.value ?? '');
  return lockImport(
    dataDir,
    { command: 'product import', store, file, ...(shard !== undefined ? { shard } : {}) },
    {
      signal: ctx.signal,
      onWait: (owner) =>
        ctx.say(`Waiting for another product import of ${file} to this store (${owner}) to end: a product has no unique key, so the two would each make it.`),
    },
  );
}

export default defineVerb({
  ...IMPORT_VERB,
  summary:
    'Bulk-load products from the CSV (or JSON lines) product export writes: creates what is missing, updates what differs, skips what is equal; safe to re-run',
  args: {
    file: arg(
      'CSV file with one row per variant (a header such as handle,title,option1Name,option1Value,sku,price), JSON lines (a .jsonl file), or - for stdin',
    ),
  },
  flags: {
    key: oneOf(
      '<key>',
      "what matches a row's product on the store: handle (the handle column, else the title's), sku (any of its variants' SKUs) or id (the productId column)",
      PRODUCT_KEYS,
      {
        default: 'handle',
      },
    ),
    emptyClears: boolean(
      'an empty cell clears the stored value (SKU, barcode, compare-at price, weight, ' +
        'category, collections, metafields); without it an empty cell leaves the value alone',
    ),
    ...importFlags("the store's products (one listing, 250 a page)", 'products (split by handle, or productId with --key id)'),
  },
  json: IMPORT_JSON,
  examples: [
    'store-cli product import products.csv --dry-run',
    'store-cli product import products.csv --rejects rejects.csv --shard 1/2',
    'store-cli product import prices.csv --key sku --empty-clears',
  ],
  notes: `
One row per variant, the product's columns repeated on each (as product export writes).
  Columns (any order, any case, all optional): handle, productId, title, status, category
  (a name), collections (names, separated by ;), option1Name, option1Value (up to option3),
  variantId, sku, barcode, price, compareOfPrice, weight, weightUnit, inventory:<location
  name> (stock at that location), metafield:<namespace>.<code>.
Consecutive rows with the same handle (or productId with --key id) are one product: found
  on the store by --key, planned from one listing of the store's products read before the
  import, and written with one request (the whole product, as product edit sends it) when
  something differs; an unchanged product costs nothing. A product --key finds none for is
  created (it needs a title). A row's variant is found by variantId, else its option
  values, else its SKU; a row naming none adds a variant. Variants the file leaves out are
  kept: import never deletes.
A missing column keeps what the store holds. An empty cell keeps it too: a blank cell never
  deletes data unless --empty-clears says so. Title, status, price and stock are never
  cleared.
Categories and collections are named as product create --collection names them (the exact
  name ignoring case, else the only partial match); a name matching none or several refuses
  that product's rows. An inventory: column must name a location of the store (or its id),
  else nothing is sent.
Two writing imports of one file to one store run one after the other: the second waits for
  the first, then finds the products it made (a product has no unique key, so the two would
  each make it). The shards of one file (--shard) run side by side; stdin (-) takes no lock.
A create whose answer is lost is never sent again: the product is looked for (its title,
  then its handle or SKU); a row whose product cannot be found fails as "may have been
  created", and a re-run finds it by its handle.
${IMPORT_EXIT_CODES}`,
  async run(options, ctx) {
    const { bulk, settings, reports, rehearse } = await importSettings(options, ctx, options.file, 'product import');
    // Asked first, so that a bad --json sends nothing.
    const out = await ctx.output();
    const request = { file: options.file, key: options.key, emptyClears: options.emptyClears === true, ...settings };
    // Two writing imports of one file to one store would each create its new products: one at a time.
    const release = settings.dryRun || rehearse ? () => undefined : await lockThisImport(ctx, options.file, options.shard);
    let report;
    try {
      report = await importOrRehearse(request, ctx, rehearse, bulk.productImport, reports);
    } finally {
      release();
    }
    await tellReport(report, out, ctx, reports);
  },
});
