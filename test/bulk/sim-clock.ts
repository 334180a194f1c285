// Simulated time for the code that waits (the pacer, the bucket model, the retry loop's
// backoffs and Retry-After, --give-up-after, doctor's pause): sleeps are events on a virtual
// clock, so a minute of a rate-limited run takes milliseconds and every run is the same.
//
// Two ways to move it. A unit test steps it by hand (`run(untilMs)`). A command test runs the
// CLI in-process with `cli(argv, { clock })` (and the sandbox with `rateClock: clock.read`)
// on a clock made with `autoAdvance()`: whenever no request is in flight (the rate governor
// marks each attempt busy, Clock.busy) and the program has a sleep pending, time jumps to the
// earliest one. A request thus takes no simulated time, however loaded the machine is; the
// waits between requests take exactly what the code asked for.
import type { Clock } from '../../src/core/clock.js';
import { CancelledError } from '../../src/core/errors.js';

interface Timer {
  at: number;
  seq: number;
  wake: () => void;
}

export class SimClock implements Clock {
  private time = 0;
  private seq = 0;
  private timers: Timer[] = [];
  private inFlight = 0;
  private auto = false;
  private stepping = false;

  now(): number {
    return this.time;
  }

  /** `now` as a plain function (the sandbox's `rateClock`). */
  readonly read = (): number => this.time;

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new CancelledError());
      const timer: Timer = {
        at: this.time + Math.max(0, ms),
        seq: this.seq++,
        wake: () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        },
      };
      // An aborted sleep is no longer an event: time must not jump to it.
      const abort = () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(new CancelledError());
      };
      this.timers.push(timer);
      signal?.addEventListener('abort', abort, { once: true });
      this.poke();
    });
  }

  busy(): () => void {
    this.inFlight += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight -= 1;
      this.poke();
    };
  }

  /** Sleeps pending: how many the program waits on now. */
  get pending(): number {
    return this.timers.length;
  }

  /** From now on time moves by itself: to the earliest sleep whenever no request is in flight. */
  autoAdvance(): this {
    this.auto = true;
    this.poke();
    return this;
  }

  /** Runs events in time order until `untilMs`; the clock then reads `untilMs`. */
  async run(untilMs: number): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      const next = this.earliest();
      if (next === undefined || next.at > untilMs) {
        this.time = untilMs;
        return;
      }
      this.wake(next);
    }
  }

  /** The next sleep to end: the earliest, of those equal the first begun. */
  private earliest(): Timer | undefined {
    this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    return this.timers[0];
  }

  private wake(timer: Timer): void {
    this.timers = this.timers.filter((t) => t !== timer);
    this.time = Math.max(this.time, timer.at);
    timer.wake();
  }

  /**
   * Looks again once what is under way settles: the promise callbacks run before an
   * immediate does, and I/O that is ready (an answer on a loopback socket) before it too.
   */
  private poke(): void {
    if (!this.auto || this.stepping) return;
    this.stepping = true;
    setImmediate(() => {
      this.stepping = false;
      if (this.inFlight > 0) return;
      const next = this.earliest();
      if (next === undefined) return;
      this.wake(next);
      this.poke();
    });
  }
}

/** A store's rate limit as the real one keeps it (and the sandbox now): a token bucket that says how full it is. */
export class TokenBucket {
  private tokens: number;
  private last = 0;
  accepted = 0;
  refused = 0;

  constructor(
    readonly refill: number,
    readonly size: number,
  ) {
    this.tokens = size;
  }

  /** Takes a token if there is one; `used` as the header would say it. */
  take(nowMs: number): { admitted: boolean; used: number; size: number } {
    this.tokens = Math.min(this.size, this.tokens + ((nowMs - this.last) / 1000) * this.refill);
    this.last = nowMs;
    const admitted = this.tokens >= 1;
    if (admitted) {
      this.tokens -= 1;
      this.accepted += 1;
    } else this.refused += 1;
    return { admitted, used: this.size - Math.floor(this.tokens), size: this.size };
  }
}
