import { GIFT_CARD_STATUSES } from '../../api/gift-cards/status.js';
import { GIFT_CARD_FIELDS } from '../../api/gift-cards/fields.js';
import type { Context } from '../../core/context.js';
import { checkPageTokenAlone, wholeNumberFlag } from '../flag-checks.js';
import { defaultLimit, nextPageHint } from '../paging.js';
import { boolean, defineVerb, oneOf, text, type OptionsOf } from '../verb.js';
import { GIFT_CARD_LIST_COLUMNS } from './columns.js';

const verb = defineVerb({
  name: 'search',
  summary: 'List gift cards, filtered by status or last characters; --all follows every page',
  flags: {
    limit: text('<n>', "page size, 1..250 (default: the profile's page-size, else 50; with --all, 250)"),
    sinceId: text('<id>', 'only cards with an id greater than this'),
    status: oneOf('<status>', 'only cards in this status', GIFT_CARD_STATUSES),
    pageToken: text('<token>', 'continue from this page cursor (the opaque text a search that stopped before the last page prints on stderr); alone or with --limit: the token carries the filters'),
    lastCharacters: text('<xxxx>', 'only cards whose code ends with these four characters'),
    all: boolean('follow next-page links to the end, streaming page after page (without it, stderr says when more pages exist)'),
    maxPages: text('<n>', 'with --all: stop with an error once this many pages were read and the store still names a next one (default 100000)'),
  },
  json: { fields: GIFT_CARD_FIELDS, list: true, columns: GIFT_CARD_LIST_COLUMNS },
  examples: ['store-cli giftcard search --status enabled', 'store-cli giftcard search --last-characters 7KQ2', 'store-cli giftcard search --all --jsonl | jq -r .balance'],
});

export type SearchOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: SearchOptions, ctx: Context): Promise<void> {
  const filters = { '--since-id': options.sinceId, '--status': options.status, '--last-characters': options.lastCharacters };
  checkPageTokenAlone(options.pageToken, filters);
  const [{ checkGiftCardSearch, MAX_PAGE_SIZE }, view, { UsageError }, { MAX_PAGES }] = await Promise.all([
    import('../../api/gift-cards/schema.js'),
    import('./view.js'),
    import('../../core/errors.js'),
    import('../../core/paginate.js'),
  ]);
  if (options.maxPages !== undefined && !options.all) throw new UsageError('--max-pages bounds the pages of --all: add --all.');
  const maxPages = options.maxPages === undefined ? MAX_PAGES : wholeNumberFlag(options.maxPages, '--max-pages', 1, 100_000_000);
  const limit = options.limit !== undefined ? parseWhole(options.limit) : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_PAGE_SIZE);
  const input = checkGiftCardSearch({
    limit,
    sinceId: options.sinceId,
    status: options.status,
    pageToken: options.pageToken,
    lastCharacters: options.lastCharacters,
  });
  const out = await ctx.output(options, verb.json.fields);
  const api = await ctx.api();
  const pages = api.giftCards.search(input, options.all === true, { pages: maxPages, flag: '--max-pages' });
  const first = await ctx.spin('Searching gift cards…', () => pages.next());
  let nextPageToken: string | undefined;
  async function* stream() {
    if (first.done) return;
    yield first.value;
    nextPageToken = yield* pages;
  }
  await out.list(stream(), view.giftCardListView(ctx.now(), verb.json.columns), 'No gift cards match.');
  const filtered = Object.values(filters).some((value) => value !== undefined);
  // Piped too: a script that got one page must be able to tell it did not get them all.
  if (nextPageToken) ctx.say(nextPageHint('gift cards', nextPageToken, filtered));
}

/** Non-integers stay as text so the schema names --limit in its own words. */
function parseWhole(text: string): number | string {
  return /^-?\d+$/.test(text) ? Number(text) : text;
}
