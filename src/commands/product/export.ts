// `product export`: every product as the CSV (or JSON lines) product import reads, a row a variant,
// with names for the category, collections and locations so that the file reads in another store.
import { IMPORT_CONCURRENCY } from '../../core/defaults.js';
import { plural } from '../../core/words.js';
import { reportFlag } from '../run-reports.js';
import { boolean, defineVerb, negatable, text, whole } from '../verb.js';

const { builtIn: DEFAULT_CONCURRENCY, max: MAX_CONCURRENCY } = IMPORT_CONCURRENCY;

export default defineVerb({
  mutates: false,
  name: 'export',
  summary: "Write the store's products as the CSV (or JSON lines) product import reads: one row per variant, names for category, collections and locations",
  flags: {
    output: text('<file>', 'write to this file, which appears only once complete (default: stdout; - is stdout; a device or FIFO is written in place)'),
    jsonl: boolean('write JSON lines (one object per variant, keys as the CSV columns) instead of CSV'),
    ids: negatable(
      "leave out the store's ids (productId, variantId): the file then matches by handle, and two stores holding the same products export the same bytes",
    ),
    metafields: boolean("add each product's metafield values as metafield:<namespace>.<code> columns (one listing a product)"),
    concurrency: whole(
      '<n>',
      `metafield listings in flight with --metafields, 1..${MAX_CONCURRENCY} (default: the profile's import-concurrency, else ${DEFAULT_CONCURRENCY})`,
      {
        min: 1,
        max: MAX_CONCURRENCY,
      },
    ),
    report: reportFlag(),
  },
  examples: [
    'store-cli product export --output products.csv',
    'store-cli product export --no-ids --metafields --jsonl --output products.jsonl',
    'store-cli --profile staging product export --no-ids | store-cli --profile production product import -',
  ],
  notes: `
Columns: handle, productId, title, status, category, collections (names, separated by ;),
  option1Name, option1Value (as many options as the products have, up to 3), variantId,
  sku, barcode, price, compareOfPrice, weight, weightUnit, then inventory:<location name>
  for every location of the store, then metafield:<namespace>.<code> with --metafields.
  The product's columns repeat on each of its variants' rows. --no-ids leaves out the ids.
Sorted by handle (the title's, as lower-case words joined by -), then id, so that export,
  import into another store, export again gives the same file (byte for byte with
  --no-ids). Requests: one listing of the products (250 a page), one each of categories,
  collections and locations, and with --metafields one listing a product.
An --output that is no regular file (/dev/stdout, a terminal, a device, a FIFO) is
  written in place, never replaced; - is stdout.
`,
  async run(options, ctx) {
    const { runExportVerb } = await import('../bulk-env.js');
    await runExportVerb(ctx, options, {
      spec: { command: 'product export', output: options.output, unit: { one: 'product', many: 'products' } },
      async write(run, open) {
        const concurrency = options.concurrency ?? (await ctx.setting('import-concurrency')).value;
        const [{ exportProducts }, { catalogSource }, { countedPages }] = await Promise.all([
          import('../../bulk/kinds/products/export.js'),
          import('../../bulk/kinds/products/import.js'),
          import('../../bulk/engine/export-progress.js'),
        ]);
        const api = await run.api();
        // A file is written whole or not at all: an older export there stays until this one is complete.
        const sink = await open();
        const source = catalogSource(api);
        return exportProducts({ ...source, products: () => countedPages(source.products(), run.progress) }, sink, {
          ids: options.ids,
          format: options.jsonl ? 'jsonl' : 'csv',
          concurrency,
          ...(options.metafields ? { metafields: (productId: string) => api.metafields.list('products', productId) } : {}),
        });
      },
      // A row a variant.
      rows: (counts) => counts.variants,
      told: (counts, named) => `Exported ${plural(counts.products, 'product')} (${plural(counts.variants, 'variant')})${named ? ` to ${named}` : ''}.`,
    });
  },
});
