// `discount list`: the store's discounts filtered by status, method, type or since an id, a page at
// a time or every page with --all; a table says the values in words.
import { DISCOUNT_FIELDS, DISCOUNT_ID_FIELDS } from '../../api/discounts/declaration.js';
import { UsageError } from '../../core/errors.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, printListing, pagingFlags } from '../paging.js';
import { defineVerb, text } from '../verb.js';
import { filterFlags } from './flags.js';
import type { DiscountListColumn } from './view.js';

/** The columns of `discount list`, in their order (code last: it came after the others, and scripts cut by position). */
const DISCOUNT_LIST_COLUMNS = [
  'id',
  'title',
  'discountType',
  'valueType',
  'value',
  'discountMethod',
  'status',
  'startTime',
  'endTime',
  'code',
] as const satisfies readonly DiscountListColumn[];

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: "List the store's discounts, filtered by status, method or type; --all follows every page",
  flags: {
    ...filterFlags(),
    sinceId: text('<id>', 'only discounts with an id greater than this'),
    ...pagingFlags(250, {
      pageToken: 'continue from this page cursor (the opaque text a listing that stopped before the last page prints on stderr); alone or with --limit',
    }),
  },
  json: { fields: DISCOUNT_FIELDS, idFields: DISCOUNT_ID_FIELDS, list: true, columns: DISCOUNT_LIST_COLUMNS },
  examples: [
    'store-cli discount list',
    'store-cli discount list --status enabled --discount-method code',
    'store-cli discount list --all --jsonl | jq -r .title',
  ],
  notes: `
Needs a token with the read_discounts or write_discounts scope. Filters: the service is sent
  them; Genstore documents none for its listing, so there store-cli sends none and keeps the
  discounts that match from every page (a filtered listing reads them all).
A table says the values in words: VALUE 15% for a percentage, TYPE product, order or
  shipping, METHOD code or automatic, STATUS ended (an enabled discount whose end is past) or
  scheduled (one whose start is ahead); TSV and --json keep the store's values. CODE is the
  code inside a Genstore discount (the service keeps codes apart: discount export lists them).
`,
  async run(options, ctx) {
    const filters = {
      '--status': options.status,
      '--discount-method': options.discountMethod,
      '--discount-type': options.discountType,
      '--since-id': options.sinceId,
    };
    checkPageTokenAlone(options.pageToken, filters);
    if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
    const [{ checkDiscountList }, view] = await Promise.all([import('../../api/discounts/schema.js'), import('./view.js')]);
    const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, 250);
    const input = checkDiscountList({
      limit,
      sinceId: options.sinceId,
      pageToken: options.pageToken,
      status: options.status,
      discountMethod: options.discountMethod,
      discountType: options.discountType,
    });
    const out = await ctx.output();
    const api = await ctx.api();
    const pages = api.discounts.list(input, options.all === true);
    const texts = { spinning: 'Listing discounts…', empty: 'No discounts match.', what: 'discounts' };
    await printListing(ctx, out, pages, view.discountListView(DISCOUNT_LIST_COLUMNS, ctx.now()), texts, filters);
  },
});
