// `order list`: a page (or every page) of orders by the documented filters, as a table or --json.
import { MAX_ORDER_PAGE_SIZE, ORDER_FIELDS, ORDER_ID_FIELDS } from '../../api/orders/fields.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, MAX_PAGES_BOUND, nextPageHint, printPages } from '../paging.js';
import { boolean, defineVerb, oneOf, text, whole } from '../verb.js';
import { ORDER_LIST_COLUMNS } from './columns.js';
import { FILTER_TRUST_NOTE, filterFlags, ORDER_FILTER_FLAGS, orderQuery } from './filters.js';
import { warnOfWindow } from './window.js';

/** newest: the latest placed first (as gh and Stripe list); oldest: the store's own order. */
const ORDER_SORTS = ['newest', 'oldest'] as const;

/** The store's page size when a listing sends no limit. */
const STORE_PAGE_SIZE = 50;

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: 'List orders, newest first, filtered by state, payment, fulfilment, creation time or customer; --all follows every page',
  flags: {
    ...ORDER_FILTER_FLAGS,
    sort: oneOf('<order>', "newest (the default: the latest placed first) or oldest (the store's own order, ascending ids)", ORDER_SORTS),
    limit: whole('<n>', `orders a page, 1..${MAX_ORDER_PAGE_SIZE} (default: the profile's page-size, else 50; with --all, ${MAX_ORDER_PAGE_SIZE})`, {
      min: 1,
      max: MAX_ORDER_PAGE_SIZE,
    }),
    sinceId: text('<id>', 'only orders with an id greater than this (the next page of an oldest-first listing)'),
    beforeId: text('<id>', 'only orders with an id less than this (the next page of a newest-first listing)'),
    pageToken: text(
      '<token>',
      "continue from the store's own page cursor, an opaque text (oldest first); alone or with --limit: the token carries the filters",
    ),
    all: boolean('every page, streamed page after page'),
    maxPages: whole(
      '<n>',
      "stop with an error once this many of the store's pages were read and it still names a next one (default 100000); with --all or newest first",
      {
        min: 1,
        max: MAX_PAGES_BOUND,
      },
    ),
  },
  json: { fields: ORDER_FIELDS, idFields: ORDER_ID_FIELDS, list: true, columns: ORDER_LIST_COLUMNS },
  examples: [
    'store-cli order list --financial-status paid --fulfillment-status unfulfilled',
    'store-cli order list --created-since 2026-11-26 --created-until 2026-11-26 --customer ada@example.com',
    'store-cli order list --sort oldest --all --jsonl | jq -r .totalPrice',
  ],
  notes: `
Newest first is the default. The store lists orders oldest first only (it documents no
sort), so store-cli reads the listing from the start in pages of 250 and shows the last
ones: a page costs one request for every 250 orders matching on the store's side. The next
page is --before-id (the oldest id shown), as the hint on stderr says; --sort oldest is the
store's own order, one request a page, its next page --since-id (the last id shown).
--all newest first reads the listing twice (about two requests for every 250 orders) and
prints page after page from the newest, holding one page in memory; --all oldest first
streams the store's pages as they come.
${FILTER_TRUST_NOTE}
Without the scope read_all_orders a store shows only the orders of the last 60 days.
`,
  async run(options, ctx) {
    checkPageTokenAlone(options.pageToken, { ...filterFlags(options), '--since-id': options.sinceId, '--before-id': options.beforeId });
    const [view, { UsageError }, { MAX_PAGES }] = await Promise.all([import('./view.js'), import('../../core/errors.js'), import('../../core/paginate.js')]);
    // A page token is the store's cursor, in the store's order.
    const sort = options.sort ?? (options.pageToken !== undefined ? 'oldest' : 'newest');
    if (options.pageToken !== undefined && sort === 'newest')
      throw new UsageError("--page-token continues the store's own order (oldest first): drop --sort newest, or use --before-id.");
    if (options.beforeId !== undefined && sort === 'oldest')
      throw new UsageError('--before-id continues a newest-first listing; with --sort oldest the next page is --since-id.');
    if (options.beforeId !== undefined && !/^\d+$/.test(options.beforeId))
      throw new UsageError(`--before-id must be a numeric id (got '${options.beforeId.slice(0, 40)}').`);
    if (options.maxPages !== undefined && !options.all && sort === 'oldest')
      throw new UsageError('--max-pages bounds the pages of --all (or of a newest-first listing): add --all.');
    const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_ORDER_PAGE_SIZE);
    const query = await orderQuery(options, { limit, sinceId: options.sinceId, pageToken: options.pageToken });
    const { limit: _limit, pageToken: _token, ...filters } = query;
    const out = await ctx.output();
    const api = await ctx.api();
    if (query.createTimeMin !== undefined) await warnOfWindow(api, query.createTimeMin, ctx);
    const bound = { pages: options.maxPages ?? MAX_PAGES, flag: '--max-pages' };
    const rows = view.orderListView(ORDER_LIST_COLUMNS);
    const filtered = Object.values(filterFlags(options)).some((value) => value !== undefined);

    if (options.pageToken !== undefined) {
      const nextPageToken = await printPages(ctx, out, api.orders.list(query, options.all === true, bound), 'Listing orders…', rows, 'No orders match.');
      if (nextPageToken) ctx.say(nextPageHint('orders', nextPageToken, filtered));
      return;
    }
    const sorted = await import('./sorted.js');
    if (options.all) {
      const pages =
        sort === 'newest' ? sorted.newestAll(api, filters, options.beforeId, limit ?? MAX_ORDER_PAGE_SIZE, bound) : api.orders.list(query, true, bound);
      await printPages(ctx, out, pages, 'Listing orders…', rows, 'No orders match.');
      return;
    }
    const pageSize = limit ?? STORE_PAGE_SIZE;
    const page = await ctx.spin('Listing orders…', () =>
      sort === 'newest' ? sorted.newestPage(api, filters, pageSize, options.beforeId, bound) : sorted.oldestPage(api, filters, limit, pageSize, bound),
    );
    await out.list([page.orders], rows, 'No orders match.');
    const edge = page.orders.at(-1);
    if (page.more && edge !== undefined) {
      const { idOf } = await import('../../api/orders/reading.js');
      ctx.say(
        continueHint(
          sort === 'newest' ? '--before-id' : '--since-id',
          idOf(edge) ?? '',
          filtered || options.sinceId !== undefined || options.beforeId !== undefined,
        ),
      );
    }
  },
});

/** How to get the next page: the same command with the id flag, its filters kept (the client checks them again). */
function continueHint(flag: '--before-id' | '--since-id', id: string, hadFilters: boolean): string {
  const how = hadFilters ? `run it again with the same filters and ${flag} ${id}` : `add ${flag} ${id}`;
  return `More orders match: ${how} for the next page, or --all for every page.`;
}
