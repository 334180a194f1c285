// What the listing verbs share about pages: the page size when none is given, and how a
// terminal is told to go on. The paging rule itself (--page-token alone) is in flag-checks.ts.
import type { Setting } from '../core/defaults.js';
import type { Output } from '../core/output.js';
import type { View } from '../core/view.js';
import type { Context } from '../root/context.js';

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
