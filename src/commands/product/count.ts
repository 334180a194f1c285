import { COUNT_FIELDS } from '../../api/count-fields.js';
import { MAX_PRODUCT_PAGE, PRODUCT_STATUSES } from '../../api/products/codes.js';
import { defineVerb, oneOf, text } from '../verb.js';

export default defineVerb({
  name: 'count',
  summary: 'Count the products of the store, or those matching title, status, collection or category',
  flags: {
    title: text('<text>', 'only products whose title contains this text (ignoring case)'),
    status: oneOf('<status>', 'only products in this status', PRODUCT_STATUSES),
    collection: text('<name|id>', 'only products in this collection: an id, or a title looked up with collection list'),
    category: text('<name|id>', 'only products of this category: an id, or a name looked up with category search; counted by store-cli over every page of the listing'),
  },
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli product count', 'store-cli product count --status draft --json', 'store-cli product count --collection "Summer Sale"'],
  notes: `
The store counts by title, status and collection (one request, products/count); it
takes no category, so with --category store-cli reads the whole listing (pages of 250) and
counts the products of that category itself.
Needs a token with the read_products or write_products scope.
`,
  async run(options, ctx) {
    const products = await import('../../product/index.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const filter = await products.resolveFilter(api, options, ctx.spin);
    const count = await ctx.spin('Counting products…', () => products.countProducts(api, filter, MAX_PRODUCT_PAGE));
    await out.count(count);
  },
});
