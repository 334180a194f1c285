// Checks of flag values that several commands share, each failing with one sentence that
// names the flag and the allowed range (exit 2, nothing sent).
import { UsageError } from '../core/errors.js';

/** A decimal whole number within min..max, e.g. a port, a seed or a concurrency. */
export function wholeNumberFlag(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${text}').`);
  return value;
}
