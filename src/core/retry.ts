// When a failed request may be sent again, and how long to wait first. Pure, so the
// policy is unit-tested without a network.

export type Attempt = { kind: 'status'; status: number; retryAfterSeconds?: number } | { kind: 'network'; code: string | undefined };

export interface RetryPolicy {
  /** Total tries, the first included (a bulk run's 429s of the rate limit are apart: see rateLimits). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Upper bound on the sum of all waits of one request (a bulk run's waits for the rate limit aside). */
  maxTotalWaitMs: number;
  /**
   * A bulk run's: a 429 of the store's rate limit is not a failure of the request but the
   * pace of the run. It is budgeted apart from maxAttempts and maxTotalWaitMs, waited out as
   * the store says (Retry-After, capped) or as the governor paces it, and sent again.
   */
  rateLimits?: RateLimitBudget;
  /**
   * A bulk run's: a transient failure of a request that is not idempotent (a create) is
   * retried too; the run resolves a create that the store did apply by its 409 (a metafield
   * value, a code). Never a create marked `once` (RequestSpec): a product has no unique key,
   * so a resend could make a second one.
   */
  resendWrites?: boolean;
}

export interface RateLimitBudget {
  /** 429s one request may meet before it is given up (the governor slows down well before). */
  maxRefused: number;
  /** Longest wait a store's Retry-After may impose on one request. */
  maxRetryAfterMs: number;
  /**
   * The run gives up once the store has refused every request with 429 for `afterMs`, from
   * the start or from its last other answer, with `error()`: a store that rate-limits
   * everything would otherwise keep a run going for hours, one refused object after another.
   */
  giveUp?: { afterMs: number; error: () => Error };
}

/** A command's requests (the default): a few quick tries, then the error. */
export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxTotalWaitMs: 30_000,
};

/** One attempt, no retry (doctor and `sandbox logs` report what one request met). */
export const SINGLE_ATTEMPT: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxTotalWaitMs: 0 };

/** A bulk run's requests: more patience for transient failures, and the rate limit as its pace. */
export function bulkRetryPolicy(giveUp?: RateLimitBudget['giveUp']): RetryPolicy {
  return {
    maxAttempts: 6,
    baseDelayMs: 250,
    maxDelayMs: 8_000,
    maxTotalWaitMs: 60_000,
    resendWrites: true,
    rateLimits: { maxRefused: 30, maxRetryAfterMs: 60_000, ...(giveUp ? { giveUp } : {}) },
  };
}

// Errors raised before the request could reach the server: resending cannot duplicate it.
const NEVER_SENT = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN']);
/** The HTTP client's own code for an attempt (answer and body) that outlasted --timeout. */
export const ATTEMPT_DEADLINE = 'STORE_CLI_ATTEMPT_DEADLINE';
const TRANSIENT_NETWORK = new Set([
  ...NEVER_SENT,
  ATTEMPT_DEADLINE,
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/**
 * A non-idempotent request (POST) is resent only when the server surely did not act on
 * it: a 429 (refused before processing) or a connection that was never made. Anything
 * else could create a gift card twice.
 */
export function isRetryable(attempt: Attempt, idempotent: boolean): boolean {
  if (attempt.kind === 'status') {
    if (attempt.status === 429) return true;
    return idempotent && (attempt.status === 500 || attempt.status === 502 || attempt.status === 503 || attempt.status === 504);
  }
  if (attempt.code === undefined) return false;
  return idempotent ? TRANSIENT_NETWORK.has(attempt.code) : NEVER_SENT.has(attempt.code);
}

/**
 * Whether a failed attempt may have reached the store and been acted on: a 5xx (the fault
 * may come after the work, or from a proxy in front of it) or any network failure once the
 * connection was made (a reset, a timeout waiting for the answer). A 429, another 4xx, or a
 * connection never made says the store did nothing.
 */
export function mayHaveReachedStore(attempt: Attempt): boolean {
  if (attempt.kind === 'status') return attempt.status >= 500;
  return attempt.code === undefined || !NEVER_SENT.has(attempt.code);
}

/**
 * Exponential backoff with equal jitter (half the ceiling for sure, the other half at random):
 * retries spread out, yet no wait of a request is shorter than the one before, which full
 * jitter (anything from 0 to the ceiling) would not promise. A server's Retry-After wins
 * when it is longer.
 */
export function retryDelayMs(attemptNumber: number, policy: RetryPolicy, retryAfterSeconds: number | undefined, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attemptNumber - 1));
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  if (retryAfterSeconds === undefined) return jittered;
  return Math.max(retryAfterSeconds * 1000, jittered);
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  // Date.parse is lenient ('-5' or 'in 2099' parse as dates): every HTTP-date form carries
  // a time of day, so without one the value is garbage.
  if (!/\b\d{2}:\d{2}:\d{2}\b/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, (at - now.getTime()) / 1000);
}
