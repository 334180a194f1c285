// The one rate governor: the HTTP client asks it before each attempt and tells it how each
// attempt ended, and it alone decides how fast requests go. Two models behind it, chosen
// answer by answer by what the store shows:
// - a store that announces its bucket on its answers (`X-...-Shop-Api-Rate-Limit: 30/40`) is
//   paced by the bucket model (store-bucket.ts), before it refuses anything;
// - a store that does not is paced, in a bulk run, by AIMD (aimd-pacer.ts), from the 429s
//   it judges to be the store's limit. An interactive client (one request at a time) has no
//   AIMD: it judges a 429 by the requests sent just after it, which one request at a time
//   never gives, and a limit confirmed on no evidence would slow a listing to a crawl.
// It also sorts each 429 for the retry loop (a refusal of the rate limit, or a transient
// fault), and counts what a bulk run reports. Nothing about pacing rides on the requests or
// on their errors: the governor has seen every answer itself.
import { AimdPacer, type Ticket } from './aimd-pacer.js';
import { systemClock, type Clock } from './clock.js';
import { readBucketHeader, StoreBucket, type BucketReading } from './store-bucket.js';

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

/** An attempt the governor let go; hand it back with settle(). */
export interface Permit {
  /** The AIMD pacer's ticket, in a bulk run. */
  readonly ticket: Ticket | undefined;
  /** Tells the clock the attempt is over (see Clock.busy). */
  readonly done: (() => void) | undefined;
}

/** How an attempt ended, as the HTTP client saw it. */
export type AttemptEnd = { kind: 'answer'; status: number; headers: Readonly<Record<string, string | undefined>> } | { kind: 'unanswered' };

/** What the governor made of an answer. */
export interface Judgement {
  /**
   * A 429 of the store's rate limit: its bucket header said empty, or it sent none (a store
   * that does not say). A 429 whose header shows tokens left is a transient fault instead.
   */
  rateLimited: boolean;
  /** The header said the bucket is empty: the request waits for one token, which the bucket model paces. */
  bucketEmpty: boolean;
  /** The answer announced the store's bucket (--verbose shows the model then). */
  announced: boolean;
}

export interface RateGovernorOptions {
  /**
   * A bulk run's: at most this many requests in flight, and AIMD pacing when the store
   * announces no bucket. Unset: no bound, and the bucket model alone.
   */
  concurrency?: number;
  /** Ctrl-C: no request is let go after it, and none waits on. */
  signal?: AbortSignal;
  /** The context's (ctx.clock); the system clock when none is given. */
  clock?: Clock;
}

export class RateGovernor {
  readonly counts: RequestCounts = { sent: 0, rateLimited: 0, bucketEmpty: 0, retried: 0 };
  private readonly bucket: StoreBucket;
  private readonly aimd: AimdPacer | undefined;
  readonly clock: Clock;
  /** When the store last answered anything but a 429 of its limit (at first: when the governor was made). */
  private lastAnswered: number;

  constructor(private readonly options: RateGovernorOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.bucket = new StoreBucket(this.clock);
    this.aimd =
      options.concurrency === undefined
        ? undefined
        : new AimdPacer({ concurrency: options.concurrency, clock: this.clock, ...(options.signal ? { signal: options.signal } : {}) });
    this.lastAnswered = this.clock.now();
  }

  get signal(): AbortSignal | undefined {
    return this.options.signal;
  }

  /**
   * Waits (first come, first served) until an attempt may go. `afterRefusal`: the store's
   * bucket just refused this very request, so it waits for one token, not for the reserve
   * kept for others.
   */
  async acquire(afterRefusal = false): Promise<Permit> {
    const ticket = await this.aimd?.acquire();
    try {
      await this.bucket.acquire(afterRefusal, this.options.signal);
    } catch (error) {
      if (ticket) this.aimd!.release(ticket, false);
      throw error;
    }
    return { ticket, done: this.clock.busy?.() };
  }

  /** The attempt ended: an answer (its status and headers) or none (a network failure). */
  settle(permit: Permit, end: AttemptEnd): Judgement {
    this.counts.sent += 1;
    const { ticket } = permit;
    permit.done?.();
    if (end.kind === 'unanswered') {
      this.bucket.unanswered();
      if (ticket) this.aimd!.release(ticket, false);
      return { rateLimited: false, bucketEmpty: false, announced: false };
    }
    const reading = readBucketHeader(end.headers);
    this.bucket.answered(reading, end.status);
    if (end.status === 429 && (reading === undefined || isEmpty(reading))) {
      this.counts.rateLimited += 1;
      if (reading) this.counts.bucketEmpty += 1;
      // With the header the bucket model paces the retry; without it AIMD judges the 429.
      if (ticket) {
        if (reading) this.aimd!.release(ticket, false);
        else this.aimd!.rateLimited(ticket);
      }
      return { rateLimited: true, bucketEmpty: reading !== undefined, announced: reading !== undefined };
    }
    this.lastAnswered = this.clock.now();
    // A store that answered (even with an error) took the request.
    if (ticket) this.aimd!.release(ticket, true);
    return { rateLimited: false, bucketEmpty: false, announced: reading !== undefined };
  }

  /** The retry loop is sending a request again after a transient failure. */
  retrying(): void {
    this.counts.retried += 1;
  }

  /** Milliseconds for one token of the store's bucket to refill, once it announced one. */
  tokenMs(): number | undefined {
    return this.bucket.tokenMs();
  }

  /** Milliseconds left before `limitMs` of nothing but 429s of the limit have passed (since the last other answer). */
  refusedOnlyLeftMs(limitMs: number): number {
    return this.lastAnswered + limitMs - this.clock.now();
  }

  /**
   * Lets nothing more go: every attempt waiting, and every later one, fails with `error`
   * (a bulk run gave up on the store), instead of each waiting its turn to be refused.
   */
  halt(error: Error): void {
    this.aimd?.halt(error);
  }

  /** Requests a second AIMD allows (Infinity until it confirmed a limit; undefined without AIMD). */
  get pace(): number | undefined {
    return this.aimd?.rate;
  }

  /** 429s without the header AIMD judged faults, confirmed limits, or left without a verdict (zeros without AIMD). */
  get judged(): { faults: number; limits: number; unclear: number } {
    return this.aimd ? { ...this.aimd.judged } : { faults: 0, limits: 0, unclear: 0 };
  }

  /** What --verbose shows of the store's bucket, once it announced one. */
  describe(): string | undefined {
    return this.bucket.describe();
  }
}

/** A bucket header saying no token is left. */
export function isEmpty(reading: BucketReading | undefined): boolean {
  return reading !== undefined && reading.used >= reading.size;
}
