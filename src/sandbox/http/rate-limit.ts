// The real store's rate limit, emulated: a token bucket per token (its plans by name, or any
// RPS/BURST), the `used/size` header on every answer, and the 429 a request gets when its bucket
// is empty. Unknown tokens share one bucket, so made-up tokens cannot grow the map.
import { ErrorAnswer } from './sandbox-errors.js';

export interface RateLimit {
  /** Tokens a second that refill each token's bucket. */
  rps: number;
  /** How many tokens a bucket holds: the burst a token may send at once. */
  burst: number;
}

/** The real store's plans (partner docs, "api-rate-limit"): bucket size and refill a second. */
export const RATE_LIMIT_PLANS: Readonly<Record<string, RateLimit>> = Object.freeze({
  basic: { rps: 4, burst: 40 },
  standard: { rps: 20, burst: 200 },
  advanced: { rps: 40, burst: 400 },
  legacy: { rps: 2, burst: 40 },
});

/**
 * The header every answer of a rate-limited sandbox carries (`used/size` of the caller's bucket),
 * in the service dialect; the real one names it as Genstore does (dialect.ts).
 */
export const RATE_LIMIT_HEADER = 'X-Service-Shop-Api-Rate-Limit';

/** Like a real store: a client that never pauses still gets bursts of ten seconds' worth. */
export function defaultBurst(rps: number): number {
  return Math.max(1, Math.ceil(rps * 10));
}

/** What the bucket said about one request. */
export interface BucketAnswer {
  admitted: boolean;
  /** Tokens in use after this request (whole ones: a bucket with 0.4 token left shows it as used). */
  used: number;
  size: number;
  /** Refused only: whole seconds (at least 1) until a token is back. */
  retryAfterSeconds?: number;
}

interface Bucket {
  tokens: number;
  /** Clock reading (ms) when tokens was last brought up to date. */
  at: number;
}

/**
 * A token bucket per token, as the real store keeps one: it starts full, each admitted
 * request takes a token, tokens refill at `rps` up to `burst`, and a request finding less
 * than one token is refused. One map look-up per request. Tokens the sandbox does not know
 * share one bucket, so a flood of made-up tokens cannot grow the map (they are refused with
 * 401 afterwards anyway).
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

  /** Takes a token for the request if there is one; either way says how full the bucket is. */
  take(token: string | undefined): BucketAnswer {
    const key = token !== undefined && this.known.has(token) ? token : '';
    const now = this.clock();
    const { rps, burst } = this.limit;
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: burst, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * rps);
    bucket.at = now;
    const admitted = bucket.tokens >= 1 - 1e-9;
    if (admitted) bucket.tokens = Math.max(0, bucket.tokens - 1);
    const used = burst - Math.floor(bucket.tokens + 1e-9);
    if (admitted) return { admitted, used, size: burst };
    return { admitted, used, size: burst, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rps)) };
  }

  /** null when the request may go ahead, else the seconds (at least 1) the client should wait. */
  admit(token: string | undefined): number | null {
    const answer = this.take(token);
    return answer.admitted ? null : (answer.retryAfterSeconds ?? 1);
  }
}

/** The header's value for an answer: `used/size`. */
export function rateLimitHeader(answer: BucketAnswer, name: string = RATE_LIMIT_HEADER): Record<string, string> {
  return { [name]: `${answer.used}/${answer.size}` };
}

/**
 * The 429 for a refused request. `retryAfter` false leaves Retry-After out (the real store's
 * dialect sends none); `header` false leaves the bucket header out.
 */
export function bucketRefusal(answer: BucketAnswer, limit: RateLimit, options: { retryAfter: boolean; header: boolean; headerName?: string }): ErrorAnswer {
  const wait = answer.retryAfterSeconds ?? 1;
  const { rps, burst } = limit;
  const message = `Too many requests (a bucket of ${burst} per token, refilled at ${rps} a second); retry after ${wait} second${wait === 1 ? '' : 's'}.`;
  return new ErrorAnswer(429, 'rate_limited', message, [], {
    ...(options.retryAfter ? { 'Retry-After': String(wait) } : {}),
    ...(options.header ? rateLimitHeader(answer, options.headerName) : {}),
  });
}
