// The store's rate-limit bucket as the client sees it. A store that announces its bucket on
// every answer (`X-Service-Shop-Api-Rate-Limit: 30/40`: 30 tokens used of 40) can be paced
// *before* it refuses anything: this model keeps the last reading, learns how fast the
// bucket refills from how the readings move against the requests it saw taken, and holds
// each request back until the bucket should have a token for it plus a small reserve (for
// other clients of the same token, and readings that are a little stale). The rate
// governor (rate-governor.ts) holds one, which the context shares among its HTTP clients
// and a bulk run among its workers, so pages of --all and the workers of an import pace
// together. Pure but for the clock.
import { systemClock, type Clock } from './clock.js';

export interface BucketReading {
  /** Tokens in use (requests counted against the bucket). */
  used: number;
  /** Tokens the bucket holds when full. */
  size: number;
}

const SHOPIFY_HEADER = 'x-shopify-shop-api-call-limit';
const HEADER_SUFFIX = 'shop-api-rate-limit';
const USED_OF_SIZE = /^\s*"?\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*"?\s*$/;

/**
 * The bucket a store announced, from response headers (names lower-case): any header whose
 * name ends in `Shop-Api-Rate-Limit` (X-Service-, X-Genstore-...) or Shopify's
 * `X-Shopify-Shop-Api-Call-Limit`, valued `used/size`. Garbage, a size of 0 or a header
 * repeated with different values (joined by commas) reads as no header at all.
 */
export function readBucketHeader(headers: Readonly<Record<string, string | undefined>>): BucketReading | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !(name.endsWith(HEADER_SUFFIX) || name === SHOPIFY_HEADER)) continue;
    const match = USED_OF_SIZE.exec(value);
    if (!match) continue;
    const used = Number(match[1]);
    const size = Number(match[2]);
    if (size < 1) continue;
    // A store that counts past its size (a refused request counted too) is simply empty.
    return { used: Math.min(used, size), size };
  }
  return undefined;
}

/** Tokens kept back: 5% of the bucket, at least 2. */
export function reserveOf(size: number): number {
  return Math.max(2, Math.ceil(size * 0.05));
}

/** Before the refill is learnt: the slowest published plan refills its bucket in 20 s (40 @ 2/s). */
const PRIOR_REFILL_SECONDS = 20;
/** Longest wait on the assumed refill, while the bucket still holds a token: then a reading tells. */
const MAX_ASSUMED_WAIT_MS = 1_000;
/** No slower than this, whatever the readings seem to say: a bucket refilled within a minute. */
const SLOWEST_REFILL_SECONDS = 60;
/** Readings further back than this no longer teach the refill: the store's other clients change. */
const LEARN_WINDOW_MS = 30_000;
/** Two readings this far apart (and at most BOUND_HISTORY_MS) bound the refill from below. */
const MIN_BOUND_SPAN_MS = 250;
const BOUND_HISTORY_MS = 2_000;
/** A shorter span of readings says too little (readings are whole tokens). */
const MIN_LEARN_SPAN_MS = 1_000;

interface Sample {
  at: number;
  used: number;
  /** Our requests the store had taken (answered other than 429) when this reading came. */
  taken: number;
}

export class StoreBucket {
  private reading: (BucketReading & { at: number }) | undefined;
  private samples: Sample[] = [];
  /** Readings of the last BOUND_HISTORY_MS, for the lower bound of the refill. */
  private recent: Sample[] = [];
  private taken = 0;
  private inFlight = 0;
  private learnt: number | undefined;
  private turn: Promise<unknown> = Promise.resolve();
  private wake: (() => void) | undefined;
  /** 429s answered while the bucket header said it was empty. */
  refusals = 0;

  constructor(private readonly clock: Clock = systemClock) {}

  /** The store has announced its bucket at least once: pacing follows it. */
  get known(): boolean {
    return this.reading !== undefined;
  }

  /** Tokens a second the bucket refills (as far as this client can tell), once known. */
  get refillPerSecond(): number | undefined {
    if (!this.reading) return undefined;
    return this.learnt ?? this.reading.size / PRIOR_REFILL_SECONDS;
  }

  /** Milliseconds for one token to refill. */
  tokenMs(): number | undefined {
    const refill = this.refillPerSecond;
    return refill === undefined ? undefined : 1000 / refill;
  }

  /**
   * Milliseconds to hold the next request back: until the bucket should hold a token for it
   * beyond the reserve (only the one token for a request the store just refused: the reserve
   * is for others, not for it to be refused again). 0 without a reading.
   */
  waitMs(afterRefusal = false): number {
    const { reading } = this;
    const refill = this.refillPerSecond;
    if (!reading || refill === undefined) return 0;
    const needed = afterRefusal ? 1 : reserveOf(reading.size) + 1;
    const available = reading.size - reading.used - this.inFlight + ((this.clock.now() - reading.at) / 1000) * refill;
    return available >= needed ? 0 : Math.ceil(((needed - available) / refill) * 1000);
  }

  /**
   * Waits (first come, first served) until the request may go, then counts it as sent: hand
   * it back with answered() or unanswered().
   */
  acquire(afterRefusal: boolean, signal: AbortSignal | undefined): Promise<void> {
    const admitted = this.turn.then(async () => {
      const since = this.clock.now();
      for (let wait = this.waitMs(afterRefusal); wait > 0; wait = this.waitMs(afterRefusal)) {
        // On a refill only assumed, with a token left, a reading soon is worth more than the guess.
        const guessing = this.learnt === undefined && this.waitMs(true) === 0;
        if (guessing && this.clock.now() - since >= MAX_ASSUMED_WAIT_MS) break;
        // A new reading may shorten the wait: it wakes the request waiting here.
        const reading = new Promise<void>((wake) => (this.wake = wake));
        await Promise.race([this.clock.sleep(guessing ? Math.min(wait, MAX_ASSUMED_WAIT_MS) : wait, signal), reading]);
      }
      this.inFlight += 1;
    });
    this.turn = admitted.catch(() => undefined);
    return admitted;
  }

  /** An answer came: what its headers say about the bucket, and whether the store took the request. */
  answered(reading: BucketReading | undefined, status: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (status !== 429) this.taken += 1;
    if (!reading) return;
    if (status === 429 && reading.used >= reading.size) this.refusals += 1;
    const at = this.clock.now();
    this.reading = { ...reading, at };
    this.learn({ at, used: reading.used, taken: this.taken });
    this.wake?.();
  }

  /** The request got no answer (network failure): it may or may not have taken a token. */
  unanswered(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  /** What --verbose shows: "bucket 30/40 used, refill 4.0/s (learnt), reserve 2". */
  describe(): string | undefined {
    const { reading } = this;
    if (!reading) return undefined;
    const refill = `${(this.refillPerSecond ?? 0).toFixed(1)}/s (${this.learnt === undefined ? 'assumed until learnt' : 'learnt'})`;
    return `bucket ${reading.used}/${reading.size} used, refill ${refill}, reserve ${reserveOf(reading.size)}`;
  }

  /**
   * Whatever happened between two readings, the bucket gained at least the tokens taken
   * less the growth of `used` (less one, for whole-token readings): a client paced too
   * slowly (on the assumed refill, or by a bucket full between its bursts) learns it was.
   */
  private raiseToBound(sample: Sample): void {
    this.recent.push(sample);
    while (this.recent.length > 1 && sample.at - this.recent[0]!.at > BOUND_HISTORY_MS) this.recent.shift();
    let bound = 0;
    for (const earlier of this.recent) {
      const span = sample.at - earlier.at;
      if (span < MIN_BOUND_SPAN_MS) break;
      bound = Math.max(bound, (sample.taken - earlier.taken - (sample.used - earlier.used) - 1) / (span / 1000));
    }
    if (bound > (this.refillPerSecond ?? 0)) this.learnt = bound;
  }

  /**
   * Refill = (requests taken - growth of `used`) / time, between the oldest reading of the
   * window and this one. A bucket that was full in between lost refill it could not hold,
   * so a reading of a (nearly) full bucket starts the window afresh. Other clients of the
   * same token take tokens this client does not see: what it learns is its share, which is
   * the rate it may use.
   */
  private learn(sample: Sample): void {
    const last = this.samples[this.samples.length - 1];
    this.raiseToBound(sample);
    const refill = this.refillPerSecond ?? 0;
    // Nearly full now, or long enough since the last reading to have filled up: start afresh.
    if (sample.used <= 1 || (last && ((sample.at - last.at) / 1000) * refill >= last.used)) this.samples = [];
    this.samples.push(sample);
    while (this.samples.length > 2 && sample.at - this.samples[1]!.at >= LEARN_WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const span = sample.at - first.at;
    if (span < MIN_LEARN_SPAN_MS) return;
    const measured = (sample.taken - first.taken - (sample.used - first.used)) / (span / 1000);
    this.learnt = Math.max(measured, this.reading!.size / SLOWEST_REFILL_SECONDS);
  }
}
