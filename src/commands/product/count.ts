// `product count`: the count route where the store's family documents one (the service's); on
// Genstore, which documents none, and for --category, which no count takes, the listing is read
// to its end in pages of 250 and counted.
import { COUNT_FIELDS } from '../../api/count-fields.js';
import { MAX_PRODUCT_PAGE, PRODUCT_STATUSES } from '../../api/products/codes.js';
import { defineVerb, oneOf, text } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'count',
  summary: 'Count the products of the store, or those matching title, status, collection or category',
  flags: {
    title: text('<text>', 'only products whose title contains this text (ignoring case)'),
    status: oneOf('<status>', 'only products in this status', PRODUCT_STATUSES),
    collection: text('<name|id>', 'only products in this collection: an id, or a title looked up with collection list'),
    category: text(
      '<name|id>',
      'only products of this category: an id, or a name looked up with category search; counted by store-cli over every page of the listing',
    ),
  },
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli product count', 'store-cli product count --status draft --json', 'store-cli product count --collection "Summer Sale"'],
  notes: `
Genstore documents no count of products, so against it (the header family genstore)
store-cli reads the listing to its end in pages of 250 and counts the matches: one request
for every 250 products. A store of the service family is asked its count (one request,
products/count), except with --category, which its count does not take. When nothing names
the family (--brand at login, STORE_CLI_BRAND, config brand, a genmystore.com host), one
read of the token's scopes, a path both document, settles it first.
The title, status and collection are sent to the store and checked by store-cli on each
product listed, as the docs show none of them.
Needs a token with the read_products or write_products scope.
`,
  async run(options, ctx) {
    const products = await import('../../product/index.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const filter = await products.resolveFilter(api, options, ctx.spin);
    // The count route only where the family documents it: never sent to Genstore.
    const countRoute = (await api.family()) === 'service';
    const count = await ctx.spin('Counting products…', () => products.countProducts(api, filter, MAX_PRODUCT_PAGE, countRoute));
    await out.count(count);
  },
});
