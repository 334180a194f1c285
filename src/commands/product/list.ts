// `product list`, and the listing `collection products` shares (listProducts). The title, status
// and collection are sent and checked again on each product that comes back, as the store's docs
// show none of them; --category is filtered by store-cli alone, reading every page.
import { PRODUCT_FIELDS } from '../../api/products/fields.js';
import { MAX_PRODUCT_PAGE, PRODUCT_STATUSES } from '../../api/products/codes.js';
import { UsageError } from '../../core/errors.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, printListing, pagingFlags } from '../paging.js';
import { defineVerb, oneOf, text, type VerbContext } from '../verb.js';
import type { OutputFlags } from '../../core/output-options.js';
import type { ProductFilter } from '../../product/list.js';
import { PRODUCT_LIST_COLUMNS } from './columns.js';

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: 'List products, filtered by title, status, collection or category; --all follows every page',
  flags: {
    title: text('<text>', 'only products whose title contains this text (ignoring case)'),
    status: oneOf('<status>', 'only products in this status', PRODUCT_STATUSES),
    collection: text('<name|id>', 'only products in this collection: an id, or a title looked up with collection list'),
    category: text('<name|id>', 'only products of this category: an id, or a name looked up with category search; filtered by store-cli over every page'),
    ...pagingFlags(MAX_PRODUCT_PAGE, { limit: "page size, 1..250 (default: the profile's page-size, else 50; with --all or --category, 250)" }),
  },
  json: { fields: PRODUCT_FIELDS, list: true, columns: PRODUCT_LIST_COLUMNS },
  examples: [
    'store-cli product list --status active',
    'store-cli product list --collection "Summer Sale" --json productId,title',
    'store-cli product list --all --jsonl | jq -r .productId',
  ],
  notes: `
The title, status and collection are sent to the store (the query's title, status and
collectionId) and checked by store-cli on each product that comes back, as the store's docs
show none of them: a store that ignores one cannot widen the listing (a page may then hold
fewer products than --limit). The listing takes no category, so --category is filtered by
store-cli alone as it reads the pages (that category only, not its subcategories), and then
reads every page, as --all does. A page reached by --page-token is the store's: the token
carries the filters to the store, and store-cli, not given them, checks nothing on it.
Collection and category names are looked up first, as product create does: a name that
matches none or several exits 2.
Needs a token with the read_products or write_products scope.
`,
  async run(options, ctx) {
    const filters = { '--title': options.title, '--status': options.status, '--collection': options.collection, '--category': options.category };
    checkPageTokenAlone(options.pageToken, filters);
    await listProducts(
      options,
      ctx,
      Object.values(filters).some((value) => value !== undefined),
    );
  },
});

/** What a listing of products takes: the filters (names resolved as create resolves them) and the paging. */
export interface ProductListing extends ProductFilter, OutputFlags {
  limit?: number | undefined;
  pageToken?: string | undefined;
  all?: boolean | undefined;
}

/**
 * The listing `product list` and `collection products` share: its page size, its pages
 * streamed to the exporter with product list's columns, and the terminal's hint after one
 * page of several (`filtered`: the first page had filters, which the token carries).
 */
export async function listProducts(
  options: ProductListing,
  ctx: VerbContext<{ fields: typeof PRODUCT_FIELDS; list: true; columns: typeof PRODUCT_LIST_COLUMNS }>,
  filtered: boolean,
): Promise<void> {
  if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
  const [products, view] = await Promise.all([import('../../product/index.js'), import('./view.js')]);
  const everyPage = options.all === true || options.category !== undefined;
  const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), everyPage, MAX_PRODUCT_PAGE);
  const out = await ctx.output();
  const api = await ctx.api();
  const filter = await products.resolveFilter(api, options, ctx.spin);
  const pages = products.listProducts(
    api,
    filter,
    { ...(limit !== undefined ? { limit } : {}), ...(options.pageToken !== undefined ? { pageToken: options.pageToken } : {}) },
    options.all === true,
  );
  const texts = { spinning: 'Listing products…', empty: 'No products match.', what: 'products' };
  await printListing(ctx, out, pages, view.productListView(PRODUCT_LIST_COLUMNS), texts, filtered);
}
