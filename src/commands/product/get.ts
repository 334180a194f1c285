// `product get`: one product. In a terminal a summary, then its variants; piped, its own fields
// (a FIELD and its value a line), then the variant rows; with --json the whole product.
import { PRODUCT_FIELDS } from '../../api/products/fields.js';
import { arg, defineVerb } from '../verb.js';
import { VARIANT_COLUMNS } from './columns.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Show a product: a summary and its variants; --json for the whole product',
  args: { productId: arg('the product id') },
  json: {
    fields: PRODUCT_FIELDS,
    columns: VARIANT_COLUMNS,
    rows: "variants (after the product's own fields, a FIELD and its value a line)",
    idColumn: 'variantId',
  },
  examples: [
    'store-cli product get 5000000000000000011',
    'store-cli product get 5000000000000000011 --json',
    'store-cli product get 5000000000000000011 --json title,status,variants',
  ],
  async run(options, ctx) {
    const [products, view] = await Promise.all([import('../../product/index.js'), import('./view.js')]);
    const productId = products.checkProductId(options.productId);
    const out = await ctx.output();
    const api = await ctx.api();
    const product = await ctx.spin('Fetching the product…', () => api.products.get(productId));
    await view.showProduct(out, product, () => products.linkNames(api, product), out.isTable, VARIANT_COLUMNS, { recordPiped: true });
  },
});
