import { MAX_ORDER_PAGE_SIZE, ORDER_FIELDS } from '../../api/orders/fields.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, MAX_PAGES_BOUND, nextPageHint, printPages } from '../paging.js';
import { boolean, defineVerb, text, whole } from '../verb.js';
import { ORDER_LIST_COLUMNS } from './columns.js';
import { filterFlags, ORDER_FILTER_FLAGS, orderQuery, warnOfWindow } from './filters.js';

export default defineVerb({
  name: 'list',
  summary: 'List orders, filtered by state, payment, fulfilment, creation time or customer; --all follows every page',
  flags: {
    ...ORDER_FILTER_FLAGS,
    limit: whole('<n>', `page size, 1..${MAX_ORDER_PAGE_SIZE} (default: the profile's page-size, else 50; with --all, ${MAX_ORDER_PAGE_SIZE})`, { min: 1, max: MAX_ORDER_PAGE_SIZE }),
    sinceId: text('<id>', 'only orders with an id greater than this'),
    pageToken: text('<token>', 'continue from this page cursor, the opaque text a listing that stopped before the last page prints on stderr; alone or with --limit: the token carries the filters'),
    all: boolean('follow next-page links to the end, streaming page after page'),
    maxPages: whole('<n>', 'with --all: stop with an error once this many pages were read and the store still names a next one (default 100000)', { min: 1, max: MAX_PAGES_BOUND }),
  },
  json: { fields: ORDER_FIELDS, list: true, columns: ORDER_LIST_COLUMNS },
  examples: [
    'store-cli order list --financial-status paid --fulfillment-status unfulfilled',
    'store-cli order list --created-since 2026-11-26 --created-until 2026-11-26 --customer ada@example.com',
    'store-cli order list --all --jsonl | jq -r .totalPrice',
  ],
  notes: '\nWithout the scope read_all_orders a store shows only the orders of the last 60 days.\n',
  async run(options, ctx) {
    checkPageTokenAlone(options.pageToken, { ...filterFlags(options), '--since-id': options.sinceId });
    const [view, { UsageError }, { MAX_PAGES }] = await Promise.all([import('./view.js'), import('../../core/errors.js'), import('../../core/paginate.js')]);
    if (options.maxPages !== undefined && !options.all) throw new UsageError('--max-pages bounds the pages of --all: add --all.');
    const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_ORDER_PAGE_SIZE);
    const query = await orderQuery(options, { limit, sinceId: options.sinceId, pageToken: options.pageToken });
    const out = await ctx.output();
    const api = await ctx.api();
    if (query.createTimeMin !== undefined) await warnOfWindow(api, query.createTimeMin, ctx);
    const pages = api.orders.list(query, options.all === true, { pages: options.maxPages ?? MAX_PAGES, flag: '--max-pages' });
    const nextPageToken = await printPages(ctx, out, pages, 'Listing orders…', view.orderListView(ORDER_LIST_COLUMNS), 'No orders match.');
    const filtered = Object.values(filterFlags(options)).some((value) => value !== undefined) || options.sinceId !== undefined;
    if (nextPageToken) ctx.say(nextPageHint('orders', nextPageToken, filtered));
  },
});
