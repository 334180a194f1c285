import { ApiError } from './errors.js';

export interface RateLimit {
  /** Requests a second that drain from each token's bucket. */
  rps: number;
  /** How many requests a bucket holds: the burst a token may send at once. */
  burst: number;
}

/** Like a real store: a client that never pauses still gets bursts of ten seconds' worth. */
export function defaultBurst(rps: number): number {
  return Math.max(1, Math.ceil(rps * 10));
}

interface Bucket {
  level: number;
  /** Clock reading (ms) when level was last brought up to date. */
  at: number;
}

/**
 * A leaky bucket per token: each admitted request adds one, the bucket drains at `rps`, and a
 * request that would overflow it is refused with the whole seconds until it would fit. One map
 * look-up per request. Tokens the sandbox does not know share one bucket, so a flood of made-up
 * tokens cannot grow the map (they are refused with 401 afterwards anyway).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly known: ReadonlySet<string>;

  constructor(
    private readonly limit: RateLimit,
    knownTokens: readonly string[],
    /** Milliseconds from a monotonic clock. */
    private readonly clock: () => number,
  ) {
    this.known = new Set(knownTokens);
  }

  /** null when the request may go ahead, else the seconds (at least 1) the client should wait. */
  admit(token: string | undefined): number | null {
    const key = token !== undefined && this.known.has(token) ? token : '';
    const now = this.clock();
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { level: 0, at: now };
      this.buckets.set(key, bucket);
    }
    const elapsedSeconds = Math.max(0, now - bucket.at) / 1000;
    bucket.level = Math.max(0, bucket.level - elapsedSeconds * this.limit.rps);
    bucket.at = now;
    const overflow = bucket.level + 1 - this.limit.burst;
    if (overflow > 1e-9) return Math.max(1, Math.ceil(overflow / this.limit.rps));
    bucket.level += 1;
    return null;
  }

  /** The 429 answer for a request that does not fit, or null. */
  refusal(token: string | undefined): ApiError | null {
    const wait = this.admit(token);
    if (wait === null) return null;
    const { rps, burst } = this.limit;
    const message = `Too many requests (at most ${rps} a second per token, in bursts of up to ${burst}); retry after ${wait} second${wait === 1 ? '' : 's'}.`;
    return new ApiError(429, 'rate_limited', message, [], { 'Retry-After': String(wait) });
  }
}

