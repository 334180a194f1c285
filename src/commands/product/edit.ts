// `product edit`: reads the product, applies the flags and a partial JSON file (flags after the
// file), and sends the full product back with its ids, as the spec's PUT sample does. Its
// --dry-run is its own: the changes field by field, not the request; no change sends nothing.
import { PRODUCT_FIELDS } from '../../api/products/fields.js';
import { UsageError } from '../../core/errors.js';
import { plural } from '../../core/words.js';
import { arg, boolean, defineVerb } from '../verb.js';
import { CHANGE_FIELDS, VARIANT_COLUMNS } from './columns.js';
import { productFlags } from './product-flags.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'edit',
  summary: 'Change a product: reads it, applies the flags or a partial JSON file, sends the whole product back',
  args: { productId: arg('the product id') },
  flags: { ...productFlags('edit'), dryRun: boolean('print the changes field by field and send nothing') },
  json: { fields: PRODUCT_FIELDS, columns: VARIANT_COLUMNS, rows: 'variants', idColumn: 'variantId' },
  examples: [
    'store-cli product edit 5000000000000000011 --price 24.99 --dry-run',
    'store-cli product edit 5000000000000000011 --status archived --collection "Summer Sale" --collection 6000000000000000012',
    `echo '{"variants":[{"variantId":"5100000000000000011","price":"9.99"}]}' | store-cli product edit 5000000000000000011 --file -`,
  ],
  notes: `
Variant flags (--price, --sku, --inventory...) apply to every variant. --option replaces
the options: variants whose values remain are kept, new combinations copy the first
variant's prices. With --dry-run, --json prints the changes as [{${CHANGE_FIELDS.map((field) => `"${field}"`).join(', ')}}].
`,
  async run(options, ctx) {
    const [products, view] = await Promise.all([import('../../product/index.js'), import('./view.js')]);
    const productId = products.checkProductId(options.productId);
    const flagged = products.checkFlags(options);
    const patch = options.file === undefined ? undefined : await products.readProductFile(options.file, ctx.io, true);
    if (!patch && !products.changesSomething(flagged))
      throw new UsageError('Nothing to change: give the fields to change as flags (such as --price) or in --file.');
    const out = await (options.dryRun ? ctx.output(options, CHANGE_FIELDS) : ctx.output());
    const api = await ctx.api();
    const change = await products.locate(api, flagged, ctx.spin);

    const { current, after, changes, names } = await products.planEdit(api, productId, change, patch, ctx.spin);
    if (options.dryRun) {
      if (changes.length > 0 || out.isJson) await out.list([changes], view.changeView, '');
      if (changes.length === 0) ctx.say(`No change: product ${productId} already has these values.`);
      else if (ctx.io.isStderrTTY) ctx.say(`Dry run: ${plural(changes.length, 'change')} to product ${productId}; nothing was sent.`);
      return;
    }
    if (changes.length === 0) {
      // Nothing to send; the output is still the product as it stands, for scripts.
      ctx.say(`No change: product ${productId} already has these values; nothing was sent.`);
      await view.showProduct(out, current, () => products.linkNames(api, current), out.isTable, VARIANT_COLUMNS);
      return;
    }
    const updated = await ctx.spin('Saving the product…', () => api.products.update(productId, after));
    await view.showProduct(out, updated, () => products.linkNames(api, updated, names), out.isTable, VARIANT_COLUMNS);
  },
});
