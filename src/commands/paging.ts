// What the listing verbs share about pages: the page size when none is given, the pages printed,
// and how a terminal is told to go on. The paging rule itself (--page-token alone) is in flag-checks.ts.
import type { Setting } from '../core/defaults.js';
import type { Output } from '../core/output.js';
import type { View } from '../core/view.js';
import type { Context } from '../root/context.js';
import { boolean, text, whole } from './verb.js';

/** --page-token's help where the listing says nothing more: where the cursor shows, and that it carries the filters. */
const PAGE_TOKEN_HELP = 'continue from this page cursor, the opaque text a listing in a terminal prints; alone or with --limit: the token carries the filters';

/**
 * --limit, --page-token and --all of a listing whose largest page is `max` (the store's own
 * page `defaultPage`), in the house's words; `help` where a listing says more (a search's
 * token, a limit that --category raises too). A listing that interleaves other flags takes
 * them apart, as help lists flags in the order declared.
 */
export function pagingFlags(max: number, help: { limit?: string; pageToken?: string; all?: string } = {}, defaultPage = 50) {
  return {
    limit: whole('<n>', help.limit ?? `page size, 1..${max} (default: the profile's page-size, else ${defaultPage}; with --all, ${max})`, { min: 1, max }),
    pageToken: text('<token>', help.pageToken ?? PAGE_TOKEN_HELP),
    all: boolean(help.all ?? 'follow next-page links to the end, streaming page after page'),
  };
}

/** The profile's page-size, else the store's own default (no limit sent), or the largest page for --all. */
export function defaultLimit(pageSize: Setting<'page-size'>, all: boolean, maxPageSize: number): number | undefined {
  if (pageSize.source === 'profile') return pageSize.value;
  return all ? maxPageSize : undefined;
}

/**
 * The line a terminal gets after one page of several. The next page is asked with the token
 * alone (filters go on the first page only), so a listing that had filters says to drop them.
 */
export function nextPageHint(what: string, token: string, hadFilters: boolean): string {
  const how = hadFilters ? `run it again with --page-token ${token} instead of the filters (the token carries them)` : `add --page-token ${token}`;
  return `More ${what} match: ${how} for the next page, or --all for every page.`;
}

/** The most --max-pages may be: beyond the default bound (100000 pages) a thousandfold, far past any real listing. */
export const MAX_PAGES_BOUND = 100_000_000;

/**
 * Prints a listing page after page, the first behind a spinner (a slow store shows
 * progress), and returns the next page's token when the listing stopped short of the end.
 */
export async function printPages<T extends object>(
  ctx: { spin: Context['spin'] },
  out: Output,
  pages: AsyncGenerator<T[], string | undefined>,
  spinning: string,
  view: View<T>,
  empty: string,
): Promise<string | undefined> {
  const first = await ctx.spin(spinning, () => pages.next());
  let next: string | undefined;
  async function* stream() {
    if (first.done) {
      next = first.value;
      return;
    }
    yield first.value;
    next = yield* pages;
  }
  await out.list(stream(), view, empty);
  return next;
}

/**
 * printPages, then, when the listing stopped short of the end, the hint to go on (piped too: a
 * script that got one page must be able to tell it did not get them all). `what` names the
 * records in it ("discounts"); `filters`: the filter flags as given, or whether any was.
 */
export async function printListing<T extends object>(
  ctx: { spin: Context['spin']; say: Context['say'] },
  out: Output,
  pages: AsyncGenerator<T[], string | undefined>,
  view: View<T>,
  texts: { spinning: string; empty: string; what: string },
  filters: boolean | Readonly<Record<string, unknown>>,
): Promise<void> {
  const next = await printPages(ctx, out, pages, texts.spinning, view, texts.empty);
  const filtered = typeof filters === 'boolean' ? filters : Object.values(filters).some((value) => value !== undefined);
  if (next) ctx.say(nextPageHint(texts.what, next, filtered));
}
