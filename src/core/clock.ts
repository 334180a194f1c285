// Time for the code that paces requests: a monotonic clock and a sleep that an abort ends.
// Tests pass a simulated one (test/bulk/sim-clock.ts), so a minute of pacing takes milliseconds.
import { setTimeout as delay } from 'node:timers/promises';
import { CancelledError } from './errors.js';

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Resolves after `ms`; rejects when the signal aborts. */
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
}

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
