// Checks of flag values that several commands share, each failing with one sentence that
// names the flag and the allowed range (exit 2, nothing sent). Whole numbers are a flag kind
// of their own (verb.ts `whole`).
import { UsageError } from '../core/errors.js';

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
  throw new UsageError(
    `--page-token cannot be combined with ${named}: filters go on the first page only (the page token carries them); pass --page-token with --limit alone.`,
  );
}

const UNIT_MS = { h: 3_600_000, m: 60_000, s: 1000 } as const;

/** A duration such as 90s, 10m, 1h or 1m30s, in milliseconds: from 1 second to 7 days. */
export function durationFlag(text: string, flag: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text.trim());
  const ms = match && text.trim() !== '' ? Number(match[1] ?? 0) * UNIT_MS.h + Number(match[2] ?? 0) * UNIT_MS.m + Number(match[3] ?? 0) * UNIT_MS.s : NaN;
  if (!(ms >= 1000 && ms <= 7 * 24 * UNIT_MS.h))
    throw new UsageError(`${flag} must be a duration from 1s to 7 days, such as 90s, 10m, 1h or 1m30s (got '${text}').`);
  return ms;
}
