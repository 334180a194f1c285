// The rate governor's model for a store that announces no bucket (AIMD), in a bulk run, and
// its bound on concurrency: at most `concurrency` requests are in flight. A store that
// announces its bucket is paced by the bucket model (store-bucket.ts) instead, and this
// pacer then only bounds concurrency (rate-governor.ts chooses, answer by answer). A store
// that does not is paced here, from its refusals: until the first 429 that is judged a rate limit nothing
// else holds requests back; from then on they are spaced to an allowed rate that is cut
// on each later limit, judged the same way (to 85% of what the store really accepted; the
// first time to half of it, then a slow start) and creeps back up with each success (AIMD,
// as TCP does).
//
// Without the header a 429 is ambiguous: an empty bucket, or a transient fault (a proxy,
// an overloaded node, `sandbox serve --fail-rate`). A bucket that refused a request also
// refuses requests that reach it just after, until a token refills; a fault does not. So a
// 429 is first only suspected, and judged by the requests started after the refused one
// and soon after its answer (within half the mean time between acceptances so far: sooner
// than a bucket this run has drained would refill a token): those in flight, and probes
// sent at once, one at a time. An acceptance (any answer but 429) clears it as a fault:
// nothing is cut. PROBES refusals in a row confirm the limit. Nobody started soon enough:
// no verdict, nothing cut. As a backstop (a store far away, whose bucket refills within a
// round trip), 40% of the last RECENT answers refused is a limit too.
import { systemClock, type Clock } from './clock.js';
import { CancelledError } from './errors.js';

export { systemClock, type Clock };

export interface PacerOptions {
  concurrency: number;
  signal?: AbortSignal;
  clock?: Clock;
}

/** A request admitted by the pacer; hand it back with how it went. */
export interface Ticket {
  readonly startedAt: number;
  /** Sent, alone, to judge a suspected 429. */
  readonly probe: boolean;
}

/** Lowest rate a run slows to, in requests per second. */
export const MIN_RATE = 0.25;
/** Probes refused in a row that confirm a 429 as the store's limit (faults rarely come three in a row). */
export const PROBES = 3;
/**
 * Once the store has shown its limit, a probe refused too confirms a later one: a run paced
 * near the store's rate finds a bucket with a token half refilled, which more probes would
 * find refilled (so judged a fault, the rate creeping on over the store's), and each probe
 * refused is a request spent. A fault mix still passes: a 5% share of 429s refuses a probe
 * in one suspicion of twenty, far from a cut every MIN_CUT_INTERVAL_MS.
 */
const LATER_PROBES = 1;
/** A later limit cuts the allowed rate to this share of what the store accepted since the first (if lower than the rate). */
const CUT = 0.85;
/** After the first cut, until the second: growth per second, to find the store's rate fast. */
const PROBE_GROWTH = 2;
/** Growth per second of the allowed rate while requests succeed: 5% of it, at least MIN_STEP. */
const GROWTH = 0.05;
const MIN_STEP = 0.1;
/** Seconds of accepted requests that measure what the store really takes. */
const WINDOW_S = 3;
/** The backstop: answers looked at, and the share of 429s among them that is a limit whatever the probes said. */
const RECENT = 20;
const LIMIT_SHARE = 0.4;
/** Once the rate is found, cuts this far apart at least: the rate creeps back over the store's in between. */
const MIN_CUT_INTERVAL_MS = 3_000;
/** Longest a judging request may start after a refusal (a run with few acceptances yet). */
const MAX_JUDGING_MS = 1000;

interface Suspicion {
  /** The last refused request started then: requests started later are the evidence. */
  after: number;
  /** Requests started past this say nothing: a token may have refilled by then. */
  deadline: number;
  /** Refusals still to come before the limit is confirmed. */
  left: number;
  /** A probe is in flight: nothing else is admitted until it is answered. */
  out: boolean;
}

export class AimdPacer {
  private readonly clock: Clock;
  private inFlight = 0;
  /** Requests per second allowed; unbounded until the store's limit is first confirmed. */
  private allowed = Number.POSITIVE_INFINITY;
  private nextSlot = 0;
  private lastCut = Number.NEGATIVE_INFINITY;
  /**
   * Between the first cut and the second: the first cut came from a guess (what a burst let
   * through), so the rate grows fast until the store says no again (TCP's slow start).
   */
  private probing = false;
  private firstStart: number | undefined;
  /** The last request waited for its slot at the allowed rate: the rate, not latency or the file, holds the run back. */
  private rateBound = false;
  /** Start times of recent accepted requests (a queue: `head` is its first live entry). */
  private accepted: number[] = [];
  private head = 0;
  private suspicion: Suspicion | undefined;
  private acceptedTotal = 0;
  /** When the store's limit was first confirmed: acceptances from then on measure its rate. */
  private limitSince = 0;
  /** The last RECENT answers, true for a 429 (a ring). */
  private recent: boolean[] = [];
  private turn: Promise<unknown> = Promise.resolve();
  private readonly waiting: Array<() => void> = [];
  private halted: Error | undefined;
  /** 429s judged transient faults (an acceptance came right after), confirmed limits, and left without a verdict. */
  readonly judged = { faults: 0, limits: 0, unclear: 0 };

  constructor(private readonly options: PacerOptions) {
    this.clock = options.clock ?? systemClock;
    // Nobody waits for a slot that an interrupted run will never free.
    options.signal?.addEventListener('abort', () => this.wakeAll(), { once: true });
  }

  /** The rate now allowed, requests per second (Infinity until a limit is confirmed). */
  get rate(): number {
    return this.allowed;
  }

  /**
   * Admits nothing more: every request waiting for a slot, and every later one, fails with
   * `error` (the run gave up on the store), instead of each waiting its turn to be refused.
   */
  halt(error: Error): void {
    this.halted ??= error;
    this.wakeAll();
  }

  /** Waits for a slot: first come, first served. */
  acquire(): Promise<Ticket> {
    const admitted = this.turn.then(() => this.admit());
    this.turn = admitted.catch(() => undefined);
    return admitted;
  }

  /** The request was answered (anything but a 429 judged here) or failed without an answer. */
  release(ticket: Ticket, accepted: boolean): void {
    this.free();
    const s = this.suspicion;
    if (s) {
      if (ticket.probe) s.out = false;
      if (accepted && this.judges(ticket, s)) this.clearAsFault();
      // A probe lost without an answer said nothing: the next request probes instead.
      else if (ticket.probe) this.wakeAll();
    }
    if (!accepted) return;
    this.acceptedTotal += 1;
    this.note(false);
    this.remember(ticket.startedAt);
    if (Number.isFinite(this.allowed) && this.rateBound) {
      // Grow only while the rate is what holds the run back (not latency, not the file),
      // by a share of the rate each second (each success adding its part of that second).
      if (this.probing) this.allowed *= PROBE_GROWTH ** (1 / this.allowed);
      else this.allowed += Math.max(MIN_STEP, GROWTH * this.allowed) / this.allowed;
    }
  }

  /**
   * A 429 from a store without a rate-limit header. The request itself waits (its caller
   * honours Retry-After); here the run learns whether the store is out of tokens.
   */
  rateLimited(ticket: Ticket): void {
    this.free();
    this.note(true);
    const now = this.clock.now();
    // Sent before the last cut: the episode that cut was acted on already. After the slow
    // start, at most one cut per MIN_CUT_INTERVAL_MS (time for the rate to creep back over):
    // nothing to judge before then.
    if (ticket.startedAt <= this.lastCut || (Number.isFinite(this.allowed) && !this.probing && now - this.lastCut < MIN_CUT_INTERVAL_MS)) return;
    // Once the store has shown its limit, a later 429 is still judged before anything is cut:
    // cut on every one, a steady share of faults would ratchet the rate down to MIN_RATE (the
    // backoffs of the other faults keep what the store accepts under the allowed rate, so
    // each cut goes lower).
    const s = this.suspicion;
    if (s && this.judges(ticket, s)) {
      if (ticket.probe) s.out = false;
      if (--s.left <= 0) return this.confirmLimit();
      // Fresh evidence that the bucket is empty now: the next probe is judged from here.
      s.after = ticket.startedAt;
      s.deadline = now + this.judgingMs(now);
      this.wakeAll();
      return;
    }
    if (ticket.probe && s) s.out = false;
    if (this.recent.length >= RECENT && this.recent.filter(Boolean).length >= LIMIT_SHARE * RECENT) return this.confirmLimit();
    // In flight before the 429 being judged: sent too early to say anything new.
    if (s) return this.wakeAll();
    this.suspicion = { after: ticket.startedAt, deadline: now + this.judgingMs(now), left: Number.isFinite(this.allowed) ? LATER_PROBES : PROBES, out: false };
    // The request waiting for its slot goes now, as the probe.
    this.wakeAll();
  }

  private judges(ticket: Ticket, s: Suspicion): boolean {
    return ticket.startedAt > s.after && ticket.startedAt <= s.deadline;
  }

  /** Half the mean time between acceptances so far: a drained bucket refills a token no faster. */
  private judgingMs(now: number): number {
    if (this.acceptedTotal === 0 || this.firstStart === undefined) return MAX_JUDGING_MS;
    return Math.min(MAX_JUDGING_MS, (now - this.firstStart) / this.acceptedTotal / 2);
  }

  private note(refused: boolean): void {
    this.recent.push(refused);
    if (this.recent.length > RECENT) this.recent.shift();
  }

  private confirmLimit(): void {
    const now = this.clock.now();
    this.judged.limits += 1;
    this.suspicion = undefined;
    // The first confirmed limit sets the pace from half of what the store took (a burst
    // included: a guess, that the slow start corrects); later ones cut to a share of what it
    // took since then, which is its rate while the run asks for more.
    const first = !Number.isFinite(this.allowed);
    if (first) this.limitSince = now;
    const base = first ? this.measuredRate(now, 0) / 2 : Math.min(this.allowed, this.measuredRate(now, this.limitSince)) * CUT;
    this.allowed = Math.max(MIN_RATE, base);
    this.probing = first;
    this.lastCut = now;
    this.nextSlot = now + 1000 / this.allowed;
    this.recent = [];
    this.wakeAll();
  }

  private clearAsFault(): void {
    if (!this.suspicion) return;
    this.judged.faults += 1;
    this.suspicion = undefined;
    this.wakeAll();
  }

  private async admit(): Promise<Ticket> {
    const { signal } = this.options;
    for (;;) {
      if (signal?.aborted) throw new CancelledError();
      if (this.halted) throw this.halted;
      if (this.inFlight >= this.options.concurrency || this.suspicion?.out) {
        await new Promise<void>((wake) => this.waiting.push(wake));
        continue;
      }
      const now = this.clock.now();
      if (this.suspicion && now > this.suspicion.deadline) {
        // Nobody was ready soon enough to tell: no verdict, nothing cut.
        this.judged.unclear += 1;
        this.suspicion = undefined;
      }
      if (this.suspicion) {
        // A probe goes at once: waiting for its slot would let a bucket refill and say nothing.
        this.suspicion.out = true;
        return this.start(now, true);
      }
      this.rateBound = this.nextSlot > now;
      if (this.nextSlot <= now) break;
      // A suspected 429 wakes the request waiting for its slot: it is the probe.
      const woken = new Promise<void>((wake) => this.waiting.push(wake));
      await Promise.race([this.clock.sleep(this.nextSlot - now, signal), woken]);
    }
    const now = this.clock.now();
    this.nextSlot = Number.isFinite(this.allowed) ? Math.max(now, this.nextSlot) + 1000 / this.allowed : now;
    return this.start(now, false);
  }

  private start(now: number, probe: boolean): Ticket {
    this.firstStart ??= now;
    this.inFlight += 1;
    return { startedAt: now, probe };
  }

  private free(): void {
    this.inFlight -= 1;
    this.waiting.shift()?.();
  }

  private wakeAll(): void {
    this.waiting.splice(0).forEach((wake) => wake());
  }

  private remember(startedAt: number): void {
    this.accepted.push(startedAt);
    const since = startedAt - WINDOW_S * 1000;
    while (this.head < this.accepted.length && this.accepted[this.head]! < since) this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.accepted.length) {
      this.accepted = this.accepted.slice(this.head);
      this.head = 0;
    }
  }

  /**
   * Accepted requests per second over the last WINDOW_S (not before `from`), and over at
   * least one second, so a burst is not read as a rate.
   */
  private measuredRate(now: number, from: number): number {
    const since = Math.max(from, now - WINDOW_S * 1000);
    while (this.head < this.accepted.length && this.accepted[this.head]! < now - WINDOW_S * 1000) this.head += 1;
    let count = 0;
    for (let i = this.accepted.length - 1; i >= this.head && this.accepted[i]! >= since; i--) count += 1;
    const start = Math.max(since, this.firstStart ?? now);
    return count / Math.max(1, (now - start) / 1000);
  }
}
