// The sandbox's ids: one increasing sequence for every resource, with random gaps as a real
// store's, starting at 19 digits (above 2^53, so a client that reads ids as doubles breaks
// visibly), and ID_PATTERN, the one form every id the sandbox checks must take.
import { randomInt } from 'node:crypto';

/** First generated id: 19 digits, well above 2^53, so clients that parse ids as doubles break visibly. */
export const FIRST_ID = 4000000000000000001n;

const DIGITS = /^[0-9]+$/;

/** An id as the store writes it, and as every id the sandbox checks must be: 1..20 digits, no leading zero. */
export const ID_PATTERN = /^[1-9][0-9]{0,19}$/;

/** Canonical decimal form of an id given as digits (leading zeros dropped), or null when not digits. */
export function canonicalId(text: string): string | null {
  if (!DIGITS.test(text)) return null;
  return BigInt(text).toString();
}

export function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Increasing ids with small random gaps, like a real store's, so clients cannot assume
 * consecutive ids. Shared by every resource so one store never reuses an id.
 */
export class IdGenerator {
  private last: bigint;

  constructor(last: bigint = FIRST_ID - 1n) {
    this.last = last;
  }

  /** Makes sure future ids are above an id that already exists (loaded or seeded). */
  observe(id: string): void {
    const value = BigInt(id);
    if (value > this.last) this.last = value;
  }

  /** Back to the start, as in a new store: a reset hands out the ids a fresh start would. */
  restart(): void {
    this.last = FIRST_ID - 1n;
  }

  next(): string {
    this.last = this.last < FIRST_ID ? FIRST_ID : this.last + BigInt(randomInt(1, 64));
    return this.last.toString();
  }

  get lastId(): string {
    return this.last.toString();
  }
}
