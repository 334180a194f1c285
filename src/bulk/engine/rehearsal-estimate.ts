// How long the real run of a rehearsed import would take at the store's rate: the store's
// bucket (its size and how full it was, from the `Shop-Api-Rate-Limit: used/size` header of
// the rehearsal's reads) lets the first requests go at once, and the rest go at its refill
// rate. A bucket header gives its size but not its refill, so the refill is the published
// plan's of that size (docs/decisions.md, "Rehearsal").
import { reserveOf, type BucketReading } from '../../core/store-bucket.js';
import { formatDuration } from './import-progress.js';
import { counted, n } from './summary.js';

/** The published plans by bucket size: basic 40 @ 4/s, standard 200 @ 20/s, advanced 400 @ 40/s, legacy 40 @ 2/s. */
const PLAN_REFILL: ReadonlyMap<number, number> = new Map([
  // Two plans have a bucket of 40: the slower one, so that the estimate is not too short.
  [40, 2],
  [200, 20],
  [400, 40],
]);

/** A bucket of another size: refilled in 20 s, as the slowest published plan's is. */
const UNKNOWN_PLAN_REFILL_SECONDS = 20;

export interface StoreRate {
  /** Tokens the bucket holds when full. */
  size: number;
  /** Tokens in use at the last reading. */
  used: number;
  /** Tokens the bucket gets back a second. */
  perSecond: number;
}

/** The store's rate from its last bucket reading. */
export function storeRate(reading: BucketReading): StoreRate {
  return { size: reading.size, used: reading.used, perSecond: PLAN_REFILL.get(reading.size) ?? reading.size / UNKNOWN_PLAN_REFILL_SECONDS };
}

/**
 * Milliseconds `requests` take at `rate`: those the bucket holds beyond the client's
 * reserve go at once, each of the rest waits for its token.
 */
export function estimateMs(requests: number, rate: StoreRate): number {
  const atOnce = Math.max(0, rate.size - rate.used - reserveOf(rate.size));
  const waiting = Math.max(0, requests - atOnce);
  return Math.ceil((waiting / rate.perSecond) * 1000);
}

/** The summary's line of what the real run would cost. */
export function estimateLine(requests: number, rate: StoreRate | undefined): string {
  const cost = `The real run would send about ${counted(requests, 'request')}`;
  if (rate === undefined) return `${cost}; the store announced no rate limit in its answers, so no duration is estimated.`;
  const perSecond = Number.isInteger(rate.perSecond) ? n(rate.perSecond) : rate.perSecond.toFixed(1);
  return (
    `${cost}: about ${formatDuration(estimateMs(requests, rate))} at the store's rate ` +
    `(a bucket of ${n(rate.size)}, ${rate.used} in use, refilled at ${perSecond} a second).`
  );
}
