import { GIFT_CARD_STATUSES } from '../../api/gift-card-status.js';
import { GIFT_CARD_FIELDS } from '../../api/field-names.js';
import type { Context } from '../../core/context.js';
import type { Setting } from '../../core/defaults.js';
import { boolean, defineVerb, oneOf, text, type OptionsOf } from '../verb.js';
import { GIFT_CARD_LIST_COLUMNS } from '../columns.js';

const verb = defineVerb({
  name: 'search',
  summary: 'List gift cards, filtered by status or last characters; --all follows every page',
  flags: {
    limit: text('<n>', "page size, 1..250 (default: the profile's page-size, else 50; with --all, 250)"),
    sinceId: text('<id>', 'only cards with an id greater than this'),
    status: oneOf('<status>', 'only cards in this status', GIFT_CARD_STATUSES),
    pageToken: text('<token>', 'continue from this page cursor (the opaque text a search that stopped before the last page prints on stderr)'),
    lastCharacters: text('<xxxx>', 'only cards whose code ends with these four characters'),
    all: boolean('follow next-page links to the end, streaming page after page (without it, stderr says when more pages exist)'),
  },
  json: { fields: GIFT_CARD_FIELDS, list: true, columns: GIFT_CARD_LIST_COLUMNS },
  examples: ['store-cli giftcard search --status enabled', 'store-cli giftcard search --last-characters 7KQ2', 'store-cli giftcard search --all --jsonl | jq -r .balance'],
});

export type SearchOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: SearchOptions, ctx: Context): Promise<void> {
  const [{ checkGiftCardSearch, MAX_PAGE_SIZE }, view] = await Promise.all([import('../../api/gift-cards.js'), import('./view.js')]);
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
  const pages = api.giftCards.search(input, options.all === true);
  const first = await ctx.spin('Searching gift cards…', () => pages.next());
  let nextPageToken: string | undefined;
  async function* stream() {
    if (first.done) return;
    yield first.value;
    nextPageToken = yield* pages;
  }
  await out.list(stream(), view.giftCardListView(ctx.now(), verb.json.columns), 'No gift cards match.');
  // Piped too: a script that got one page must be able to tell it did not get them all.
  if (nextPageToken) ctx.say(`More gift cards match: add --page-token ${nextPageToken} for the next page, or --all for every page.`);
}

/** The profile's page-size, else the store's own default (no limit sent), or the largest page for --all. */
export function defaultLimit(pageSize: Setting<'page-size'>, all: boolean, maxPageSize: number): number | undefined {
  if (pageSize.source === 'profile') return pageSize.value;
  return all ? maxPageSize : undefined;
}

/** Non-integers stay as text so the schema names --limit in its own words. */
function parseWhole(text: string): number | string {
  return /^-?\d+$/.test(text) ? Number(text) : text;
}
