// Checks of flag values that several commands share, each failing with one sentence that
// names the flag and the allowed range (exit 2, nothing sent).
import { UsageError } from '../core/errors.js';

/** A decimal whole number within min..max, e.g. a port, a seed or a concurrency. */
export function wholeNumberFlag(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${text}').`);
  return value;
}

/**
 * The paging rule (real-store-notes.md, "Pagination"): a request with a page token carries
 * no parameter but `limit`, as the token carries the first page's filters. A filter given
 * beside --page-token is refused before anything is sent, never dropped silently (the user
 * would believe it applied) nor sent (a real store refuses it). `filters`: each filter flag
 * by its name on the command line, with its value (undefined or false: not given).
 */
export function checkPageTokenAlone(pageToken: string | undefined, filters: Readonly<Record<`--${string}`, unknown>>): void {
  if (pageToken === undefined) return;
  const given = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([flag]) => flag);
  if (given.length === 0) return;
  const named = given.length === 1 ? given[0]! : `${given.slice(0, -1).join(', ')} and ${given.at(-1)!}`;
  throw new UsageError(`--page-token cannot be combined with ${named}: filters go on the first page only (the page token carries them); pass --page-token with --limit alone.`);
}
