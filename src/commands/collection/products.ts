// `collection products`: `product list --collection` under the collection's own noun, so its
// listing, columns, paging and checks are product list's (listProducts). Given --page-token, the
// collection is not looked up: the token carries it, and the store takes no filter beside it.
import { PRODUCT_FIELDS } from '../../api/products/fields.js';
import { MAX_PRODUCT_PAGE } from '../../api/products/codes.js';
import { PRODUCT_LIST_COLUMNS } from '../product/columns.js';
import { arg, defineVerb } from '../verb.js';
import { pagingFlags } from '../paging.js';
import { COLLECTION_ARG } from './collection-flags.js';

export default defineVerb({
  mutates: false,
  name: 'products',
  summary: "List a collection's products (product list filtered by the collection); --all follows every page",
  args: { collection: arg(COLLECTION_ARG) },
  flags: {
    ...pagingFlags(MAX_PRODUCT_PAGE, {
      pageToken: 'continue from this page cursor, the opaque text a listing in a terminal prints (the token carries the collection)',
    }),
  },
  json: { fields: PRODUCT_FIELDS, list: true, columns: PRODUCT_LIST_COLUMNS, idField: 'productId' },
  examples: [
    'store-cli collection products "Summer Sale"',
    'store-cli collection products 4000000000000000304 --all --json productId,title',
    'store-cli collection products "New Arrivals" --jsonl',
  ],
  notes: `
The same listing as product list --collection, with its columns and paging: the collection
is sent as the listing's collectionId (a title is looked up first, as collection get does).
With --page-token the token carries the collection, which is then not looked up again.
Needs a token with the read_products or write_products scope.
`,
  async run(options, ctx) {
    const { listProducts } = await import('../product/list.js');
    // The token carries the first page's filters: the store takes no other beside it.
    const collection = options.pageToken === undefined ? { collection: options.collection } : {};
    await listProducts({ ...options, ...collection }, ctx, false);
  },
});
