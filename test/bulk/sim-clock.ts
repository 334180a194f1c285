// Simulated time for the pacer and the bucket model: sleeps are events on a virtual clock,
// so a minute of a rate-limited run takes milliseconds and every run is the same.
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

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new CancelledError());
      this.timers.push({ at: this.time + Math.max(0, ms), seq: this.seq++, wake: resolve });
      signal?.addEventListener('abort', () => reject(new CancelledError()), { once: true });
    });
  }

  /** Runs events in time order until `untilMs`; the clock then reads `untilMs`. */
  async run(untilMs: number): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers[0];
      if (next === undefined || next.at > untilMs) {
        this.time = untilMs;
        return;
      }
      this.timers.shift();
      this.time = next.at;
      next.wake();
    }
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
