// `inventory list`: the store's stock, a row a variant and location, filtered by product,
// variant or location (a name looked up); location names shown in a table, ids as sent in --json.
import { inventory } from '../../api/inventory/declaration.js';
import { checkValues } from '../../api/rest-resource.js';
import { UsageError } from '../../core/errors.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, printListing, pagingFlags } from '../paging.js';
import { defineVerb, text } from '../verb.js';
import type { InventoryListColumn } from './view.js';

/** The columns of `inventory list`, in the order scripts `cut` them. */
const INVENTORY_LIST_COLUMNS = ['productId', 'variantId', 'sku', 'location', 'available'] as const satisfies readonly InventoryListColumn[];

const MAX_PAGE = 250;

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: 'List stock: each variant at each location it is stocked at, filtered by product, variant or location',
  flags: {
    product: text('<id>', 'only the variants of this product (a numeric id)'),
    variant: text('<id>', 'only this variant (a numeric id)'),
    location: text('<name|id>', 'only this location: an id, or a name looked up with location list'),
    ...pagingFlags(MAX_PAGE),
  },
  json: { fields: Object.keys(inventory.fields), list: true, columns: INVENTORY_LIST_COLUMNS },
  examples: [
    'store-cli inventory list --product 4000000000000000401',
    'store-cli inventory list --location "Downtown Store" --all',
    'store-cli inventory list --all --json variantId,locationId,available',
  ],
  notes: `
Needs a token with the read_inventory or write_inventory scope. The table names each
location (one more request, location list, which needs read_shops; without it the ids are
shown); --json prints the items as the store sent them, locations by id.
`,
  async run(options, ctx) {
    const filters = { '--product': options.product, '--variant': options.variant, '--location': options.location };
    checkPageTokenAlone(options.pageToken, filters);
    if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
    const [stock, { inventoryListView }] = await Promise.all([import('../../product/stock.js'), import('./view.js')]);
    const ids = checkValues(
      { product: inventory.fields.productId, variant: inventory.fields.variantId },
      { product: options.product, variant: options.variant },
    );
    const given = { productId: ids.product as string | undefined, variantId: ids.variant as string | undefined };
    const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_PAGE);
    const out = await ctx.output();
    const api = await ctx.api();
    const locationId = options.location === undefined ? undefined : await stock.resolveLocation(api, options.location, ctx.spin);
    const filter = { ...given, ...(locationId === undefined ? {} : { locationId }) };
    const page = { ...filter, ...(limit !== undefined ? { limit } : {}), ...(options.pageToken !== undefined ? { pageToken: options.pageToken } : {}) };
    const pages = api.inventory.pages(page, options.all === true);
    // --json prints ids as sent: the names are for people, and cost a request.
    const names = out.isJson ? new Map<string, string>() : await stock.locationNames(api);
    const texts = { spinning: 'Listing stock…', empty: 'No stock matches.', what: 'stock items' };
    await printListing(ctx, out, pages, inventoryListView(INVENTORY_LIST_COLUMNS, names), texts, filters);
  },
});
