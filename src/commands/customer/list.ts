import { CUSTOMER_FIELDS } from '../../api/customers/fields.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, nextPageHint, printPages } from '../paging.js';
import { boolean, defineVerb, text, whole } from '../verb.js';
import { CUSTOMER_LIST_COLUMNS } from './columns.js';
import { PROTECTED_NOTE } from './customer-flags.js';

const MAX_PAGE = 250;

export default defineVerb({
  name: 'list',
  summary: "List the store's customers, oldest first; --all follows every page",
  flags: {
    limit: whole('<n>', "page size, 1..250 (default: the profile's page-size, else 50; with --all, 250)", { min: 1, max: MAX_PAGE }),
    sinceId: text('<id>', 'only customers with an id greater than this'),
    pageToken: text('<token>', 'continue from this page cursor, the opaque text printed on stderr when more pages exist; alone or with --limit'),
    all: boolean('follow next-page links to the end, streaming page after page'),
  },
  json: { fields: CUSTOMER_FIELDS, list: true, columns: CUSTOMER_LIST_COLUMNS },
  examples: ['store-cli customer list', 'store-cli customer list --all --jsonl | jq -r .id', 'store-cli customer list --json id,email,withheld'],
  notes: `${PROTECTED_NOTE}Needs a token with the read_customers or write_customers scope.\n`,
  async run(options, ctx) {
    const filters = { '--since-id': options.sinceId };
    checkPageTokenAlone(options.pageToken, filters);
    const [{ UsageError }, view] = await Promise.all([import('../../core/errors.js'), import('./view.js')]);
    if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
    if (options.sinceId !== undefined && !/^\d+$/.test(options.sinceId)) throw new UsageError(`--since-id must be a numeric id (got '${options.sinceId.slice(0, 40)}').`);
    const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_PAGE);
    const out = await ctx.output();
    const api = await ctx.api();
    const paging = {
      ...(limit !== undefined ? { limit } : {}),
      ...(options.sinceId !== undefined ? { sinceId: options.sinceId } : {}),
      ...(options.pageToken !== undefined ? { pageToken: options.pageToken } : {}),
    };
    const pages = api.customers.list(paging, options.all === true);
    const nextPageToken = await printPages(ctx, out, pages, 'Listing customers…', view.customerListView(CUSTOMER_LIST_COLUMNS), 'No customers.');
    if (nextPageToken) ctx.say(nextPageHint('customers', nextPageToken, options.sinceId !== undefined));
  },
});
