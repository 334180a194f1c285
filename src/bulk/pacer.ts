// Paces the requests of a bulk run. At most `concurrency` are in flight. Until the store
// first answers 429 nothing else holds them back; from then on they are spaced to an
// allowed rate that halves on a refusal (from what the store really accepted) and creeps
// back up with each success (AIMD, as TCP does), and every worker waits out the store's
// Retry-After together. A leaky-bucket store is kept busy with few refusals: the rate
// settles just below the store's and the bucket's burst absorbs the difference.
import { setTimeout as delay } from 'node:timers/promises';
import { CancelledError } from '../core/errors.js';

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Resolves after `ms`; rejects when the signal aborts. */
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
}

export interface PacerOptions {
  concurrency: number;
  signal?: AbortSignal;
  clock?: Clock;
}

/** A request admitted by the pacer; hand it back with how it went. */
export interface Ticket {
  readonly startedAt: number;
}

/** Lowest rate a run slows to, in requests per second. */
export const MIN_RATE = 0.25;
/** After the first 429, until the second: growth per second, to find the store's rate fast. */
const PROBE_GROWTH = 2;
/** Growth per second of the allowed rate while requests succeed: 5% of it, at least MIN_STEP. */
const GROWTH = 0.05;
const MIN_STEP = 0.1;
/** Seconds of accepted requests that measure what the store really takes. */
const WINDOW_S = 10;
/** Retry-After a 429 is assumed to carry when it has none. */
const DEFAULT_PAUSE_S = 1;

/** The longest a Node timer holds: past it, setTimeout fires at once (with a warning). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => performance.now(),
  async sleep(ms, signal) {
    // A store's Retry-After of a month would otherwise wake the pacer every millisecond.
    for (let left = ms; ; left -= MAX_TIMER_MS) {
      try {
        await delay(Math.min(left, MAX_TIMER_MS), undefined, { signal });
      } catch {
        throw new CancelledError();
      }
      if (left <= MAX_TIMER_MS) return;
    }
  },
};

export class Pacer {
  private readonly clock: Clock;
  private inFlight = 0;
  /** Requests per second allowed; unbounded until the store first refuses one. */
  private allowed = Number.POSITIVE_INFINITY;
  private nextSlot = 0;
  private pausedUntil = 0;
  private lastCut = Number.NEGATIVE_INFINITY;
  /**
   * Between the first refusal and the second: the first cut came from a guess (what a
   * burst let through), so the rate grows fast until the store says no again (TCP's slow start).
   */
  private probing = false;
  private firstStart: number | undefined;
  /** The last request waited for its slot at the allowed rate: the rate, not latency or the file, holds the run back. */
  private rateBound = false;
  /** Pauses (start, end) of the last WINDOW_S: time the store gave no chance to accept anything. */
  private pauses: Array<[number, number]> = [];
  /** Start times of recent accepted requests (a queue: `head` is its first live entry). */
  private accepted: number[] = [];
  private head = 0;
  private turn: Promise<unknown> = Promise.resolve();
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: PacerOptions) {
    this.clock = options.clock ?? systemClock;
    // Nobody waits for a slot that an interrupted run will never free.
    options.signal?.addEventListener('abort', () => this.waiting.splice(0).forEach((wake) => wake()), { once: true });
  }

  /** The rate now allowed, requests per second (Infinity until the first 429). */
  get rate(): number {
    return this.allowed;
  }

  /** Waits for a slot: first come, first served. */
  acquire(): Promise<Ticket> {
    const admitted = this.turn.then(() => this.admit());
    this.turn = admitted.catch(() => undefined);
    return admitted;
  }

  /** The request was answered (anything but a 429) or failed without an answer. */
  release(ticket: Ticket, accepted: boolean): void {
    this.free();
    if (!accepted) return;
    // Only the first cut reads what the store took: after it, nothing needs remembering.
    if (!Number.isFinite(this.allowed)) this.remember(ticket.startedAt);
    if (Number.isFinite(this.allowed) && this.rateBound) {
      // Grow only while the rate is what holds the run back (not latency, not the file),
      // by a share of the rate each second (each success adding its part of that second).
      if (this.probing) this.allowed *= PROBE_GROWTH ** (1 / this.allowed);
      else this.allowed += Math.max(MIN_STEP, GROWTH * this.allowed) / this.allowed;
    }
  }

  /** The store refused the request (429): everyone pauses, and the rate halves once per episode. */
  rateLimited(ticket: Ticket, retryAfterSeconds: number | undefined): void {
    this.free();
    const now = this.clock.now();
    const until = now + 1000 * (retryAfterSeconds ?? DEFAULT_PAUSE_S);
    if (until > this.pausedUntil) {
      if (!Number.isFinite(this.allowed)) this.pauses.push([Math.max(now, this.pausedUntil), until]);
      this.pausedUntil = until;
    }
    // A request sent before the last cut was sent too fast for the old rate: it says nothing new.
    if (ticket.startedAt <= this.lastCut) return;
    // The first refusal sets the pace from what the store took; later ones halve it.
    const first = !Number.isFinite(this.allowed);
    const base = first ? this.measuredRate(now) : this.allowed;
    this.allowed = Math.max(MIN_RATE, base / 2);
    this.probing = first;
    this.lastCut = now;
  }

  private async admit(): Promise<Ticket> {
    const { signal } = this.options;
    while (this.inFlight >= this.options.concurrency) {
      if (signal?.aborted) throw new CancelledError();
      await new Promise<void>((wake) => this.waiting.push(wake));
    }
    this.rateBound = this.nextSlot > this.clock.now();
    for (;;) {
      if (signal?.aborted) throw new CancelledError();
      const now = this.clock.now();
      const at = Math.max(this.pausedUntil, this.nextSlot);
      if (at <= now) break;
      await this.clock.sleep(at - now, signal);
    }
    const now = this.clock.now();
    this.nextSlot = Number.isFinite(this.allowed) ? Math.max(now, this.nextSlot) + 1000 / this.allowed : now;
    this.firstStart ??= now;
    this.inFlight += 1;
    return { startedAt: now };
  }

  private free(): void {
    this.inFlight -= 1;
    this.waiting.shift()?.();
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
   * Accepted requests per second over the last WINDOW_S, pauses left out (the store was
   * given no chance then), and over at least one second, so a burst is not read as a rate.
   */
  private measuredRate(now: number): number {
    const since = now - WINDOW_S * 1000;
    while (this.head < this.accepted.length && this.accepted[this.head]! < since) this.head += 1;
    this.pauses = this.pauses.filter(([, end]) => end > since);
    const start = Math.max(since, this.firstStart ?? now);
    const paused = this.pauses.reduce((sum, [from, to]) => sum + Math.max(0, Math.min(to, now) - Math.max(from, start)), 0);
    const count = this.accepted.length - this.head;
    return count / Math.max(1, (now - start - paused) / 1000);
  }
}
