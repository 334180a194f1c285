// `giftcard search`: the store's cards filtered by status, since an id or a code's last four
// characters, a page at a time or every page with --all (bounded by --max-pages).
import { GIFT_CARD_STATUSES, MAX_PAGE_SIZE } from '../../api/gift-cards/status.js';
import { GIFT_CARD_FIELDS } from '../../api/gift-cards/fields.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, MAX_PAGES_BOUND, printListing, pagingFlags } from '../paging.js';
import { defineVerb, oneOf, text, whole } from '../verb.js';
import { GIFT_CARD_LIST_COLUMNS } from './columns.js';

const paging = pagingFlags(MAX_PAGE_SIZE, {
  pageToken:
    'continue from this page cursor (the opaque text a search that stopped before the last page prints on stderr); ' +
    'alone or with --limit: the token carries the filters',
  all: 'follow next-page links to the end, streaming page after page (without it, stderr says when more pages exist)',
});

export default defineVerb({
  mutates: false,
  name: 'search',
  summary: 'List gift cards, filtered by status or last characters; --all follows every page',
  flags: {
    limit: paging.limit,
    sinceId: text('<id>', 'only cards with an id greater than this'),
    status: oneOf('<status>', 'only cards in this status', GIFT_CARD_STATUSES),
    pageToken: paging.pageToken,
    lastCharacters: text('<xxxx>', 'only cards whose code ends with these four characters'),
    all: paging.all,
    maxPages: whole('<n>', 'with --all: stop with an error once this many pages were read and the store still names a next one (default 100000)', {
      min: 1,
      max: MAX_PAGES_BOUND,
    }),
  },
  json: { fields: GIFT_CARD_FIELDS, list: true, columns: GIFT_CARD_LIST_COLUMNS },
  examples: [
    'store-cli giftcard search --status enabled',
    'store-cli giftcard search --last-characters 7KQ2',
    'store-cli giftcard search --all --jsonl | jq -r .balance',
  ],
  async run(options, ctx) {
    const filters = { '--since-id': options.sinceId, '--status': options.status, '--last-characters': options.lastCharacters };
    checkPageTokenAlone(options.pageToken, filters);
    const [{ giftCardSearchOf }, view, { UsageError }, { MAX_PAGES }] = await Promise.all([
      import('../../api/gift-cards/read-inputs.js'),
      import('./view.js'),
      import('../../core/errors.js'),
      import('../../core/paginate.js'),
    ]);
    if (options.maxPages !== undefined && !options.all) throw new UsageError('--max-pages bounds the pages of --all: add --all.');
    const maxPages = options.maxPages ?? MAX_PAGES;
    const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_PAGE_SIZE);
    const input = await giftCardSearchOf({
      limit,
      sinceId: options.sinceId,
      status: options.status,
      pageToken: options.pageToken,
      lastCharacters: options.lastCharacters,
    });
    const out = await ctx.output();
    const api = await ctx.api();
    const pages = api.giftCards.search(input, options.all === true, { pages: maxPages, flag: '--max-pages' });
    const texts = { spinning: 'Searching gift cards…', empty: 'No gift cards match.', what: 'gift cards' };
    await printListing(ctx, out, pages, view.giftCardListView(ctx.now(), GIFT_CARD_LIST_COLUMNS), texts, filters);
  },
});
