// Checks of flag values that several commands share, each failing with one sentence that
// names the flag and the allowed range (exit 2, nothing sent).
import { UsageError } from '../core/errors.js';

/** A decimal whole number within min..max, e.g. a port, a seed or a concurrency. */
export function wholeNumberFlag(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${text}').`);
  return value;
}

const UNIT_MS = { h: 3_600_000, m: 60_000, s: 1000 } as const;

/** A duration such as 90s, 10m, 1h or 1m30s, in milliseconds: from 1 second to 7 days. */
export function durationFlag(text: string, flag: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text.trim());
  const ms = match && text.trim() !== '' ? Number(match[1] ?? 0) * UNIT_MS.h + Number(match[2] ?? 0) * UNIT_MS.m + Number(match[3] ?? 0) * UNIT_MS.s : NaN;
  if (!(ms >= 1000 && ms <= 7 * 24 * UNIT_MS.h)) throw new UsageError(`${flag} must be a duration from 1s to 7 days, such as 90s, 10m, 1h or 1m30s (got '${text}').`);
  return ms;
}
