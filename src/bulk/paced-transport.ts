// The bulk run's layer between the API modules and the HTTP client (which makes one
// attempt per call here, paced by the store's bucket when it announces one): every request
// waits for the pacer, and is sent again after a 429 (once Retry-After is over, or one
// token's refill, or a backoff) and after transient failures (5xx, reset connections), with
// exponential backoff and equal jitter. A 429 whose header says tokens were left is such a
// transient failure; one from a store without the header goes to the pacer to judge. POSTs are retried too: a create whose
// answer was lost and that the store did apply comes back as a 409, which the import
// resolves by reading and comparing, so nothing is ever created twice.
import type { Transport } from '../core/transport.js';
import { ApiError, NetworkError, RuntimeError } from '../core/errors.js';
import { isEmpty, type JsonResponse, type RequestSpec } from '../core/http.js';
import { isRetryable, retryDelayMs, type RetryPolicy } from '../core/retry.js';
import { formatDuration } from './import-progress.js';
import { systemClock, type Clock, type Pacer } from './pacer.js';

/** The HTTP client's own policy in a bulk run: one attempt, this layer retries. */
export const SINGLE_ATTEMPT: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxTotalWaitMs: 0 };

/** Retries of transient failures, per request. */
const BULK_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 250, maxDelayMs: 8_000, maxTotalWaitMs: 60_000 };

/** 429s one request may meet before the run gives it up (the pacer slows down well before). */
const MAX_RATE_LIMITED = 30;
/** Longest wait a store's Retry-After may impose on one request. */
const MAX_RETRY_AFTER_MS = 60_000;

export interface RequestCounts {
  /** Requests sent, every attempt counted. */
  sent: number;
  /** Of those, refused with 429 by an empty bucket (or by a store that does not say). */
  rateLimited: number;
  /**
   * Of the 429s, those whose rate-limit header showed the bucket empty: the only ones known to
   * be the rate limit's. A 429 without the header may be anything (a sandbox's injected fault).
   */
  bucketEmpty: number;
  /** Attempts repeated after a transient failure (5xx, network, a 429 with tokens left). */
  retried: number;
}

export interface PacedTransportOptions {
  pacer: Pacer;
  signal?: AbortSignal;
  policy?: RetryPolicy;
  clock?: Clock;
  random?: () => number;
  /**
   * The run gives up (GaveUpError) once the store has refused every request with 429 for
   * this long, from the start or from its last other answer: a store that rate-limits
   * everything would otherwise keep a run going for hours, one refused object after another.
   */
  giveUpAfterMs?: number;
}

/** The default of --give-up-after: five minutes of nothing but 429s. */
export const GIVE_UP_AFTER_MS = 5 * 60_000;

/** The store refused everything with 429 for the whole --give-up-after: the run stops (exit 1). */
export class GaveUpError extends RuntimeError {}

export class PacedTransport implements Transport {
  readonly counts: RequestCounts = { sent: 0, rateLimited: 0, bucketEmpty: 0, retried: 0 };
  /** When the store last answered anything but a 429 (at first: when the run started). */
  private lastAnswered: number;

  constructor(
    private readonly inner: Transport,
    private readonly options: PacedTransportOptions,
  ) {
    this.lastAnswered = (options.clock ?? systemClock).now();
  }

  async request(spec: RequestSpec): Promise<JsonResponse> {
    const { pacer, signal } = this.options;
    const policy = this.options.policy ?? BULK_RETRY;
    const clock = this.options.clock ?? systemClock;
    let failures = 0;
    let limited = 0;
    let waited = 0;
    let afterRefusal = false;
    // Once an attempt may have reached the store, the final error says so (a create's 409 then
    // may be this run's own card).
    let mayHaveApplied = false;
    for (;;) {
      const ticket = await pacer.acquire();
      try {
        const response = await this.inner.request(afterRefusal ? { ...spec, afterRefusal } : spec);
        this.lastAnswered = clock.now();
        this.counts.sent += 1;
        pacer.release(ticket, true);
        return response;
      } catch (error) {
        // Only attempts that went out count (not one stopped by missing credentials).
        if (error instanceof ApiError || error instanceof NetworkError) {
          this.counts.sent += 1;
          error.mayHaveApplied ||= mayHaveApplied;
          mayHaveApplied = error.mayHaveApplied;
        }
        afterRefusal = false;
        if (error instanceof ApiError && error.status === 429 && (error.bucket === undefined || isEmpty(error.bucket))) {
          this.counts.rateLimited += 1;
          if (error.bucket) this.counts.bucketEmpty += 1;
          const left = this.giveUpLeftMs(clock);
          if (left <= 0) {
            const gaveUp = this.gaveUp();
            pacer.halt(gaveUp);
            throw gaveUp;
          }
          if (++limited >= MAX_RATE_LIMITED) throw error;
          if (error.bucket) {
            // The bucket model paces the retry (one token); only a Retry-After asks for more.
            pacer.release(ticket, false);
            afterRefusal = true;
          } else pacer.rateLimited(ticket);
          // Never asleep past the moment the run gives up: the next refusal then ends it.
          const wait = Math.min(left, this.refusalWaitMs(error, limited, policy));
          if (wait > 0) await clock.sleep(wait, signal);
          continue;
        }
        if (error instanceof ApiError) this.lastAnswered = clock.now();
        // A store that answered (even with an error) took the request; one that did not, did not.
        pacer.release(ticket, error instanceof ApiError);
        failures += 1;
        const delay = transient(error) && failures < policy.maxAttempts ? retryDelayMs(failures, policy, retryAfterOf(error), this.options.random ?? Math.random) : undefined;
        if (delay === undefined || waited + delay > policy.maxTotalWaitMs) throw error;
        this.counts.retried += 1;
        await clock.sleep(delay, signal);
        waited += delay;
      }
    }
  }

  /** Time left before the run gives up on a store that refuses everything (Infinity: never). */
  private giveUpLeftMs(clock: Clock): number {
    const limit = this.options.giveUpAfterMs;
    return limit === undefined ? Number.POSITIVE_INFINITY : this.lastAnswered + limit - clock.now();
  }

  private gaveUp(): GaveUpError {
    const limit = formatDuration(this.options.giveUpAfterMs!);
    return new GaveUpError(`The store refused every request with 429 (rate limited) for ${limit}, so the run gave up (--give-up-after ${limit}); try again later, or with a longer --give-up-after.`);
  }

  /**
   * How long a refused request waits before it is sent again: the store's Retry-After
   * (capped); else, with the bucket header, nothing here (the bucket model holds it for one
   * token); else an exponential backoff.
   */
  private refusalWaitMs(error: ApiError, refusals: number, policy: RetryPolicy): number {
    if (error.retryAfterSeconds !== undefined) return Math.min(MAX_RETRY_AFTER_MS, error.retryAfterSeconds * 1000);
    if (error.bucket) return 0;
    return retryDelayMs(refusals, policy, undefined, this.options.random ?? Math.random);
  }
}

function transient(error: unknown): boolean {
  if (error instanceof ApiError) return isRetryable({ kind: 'status', status: error.status }, true);
  if (error instanceof NetworkError) return isRetryable({ kind: 'network', code: error.causeCode }, true);
  return false;
}

function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.retryAfterSeconds : undefined;
}
