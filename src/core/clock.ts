// Time for the code that paces and retries requests: a monotonic clock and a sleep that an
// abort ends. The context holds one (ctx.clock), which every rate governor of a run shares;
// tests pass a simulated one (test/bulk/sim-clock.ts), so a minute of pacing, backoff or
// Retry-After takes milliseconds.
import { setTimeout as delay } from 'node:timers/promises';
import { CancelledError } from './errors.js';

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Resolves after `ms`; rejects when the signal aborts. */
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
  /**
   * Marks a request in flight until the function it returns is called. The system clock has
   * nothing to do with it; a simulated one lets no time pass meanwhile, so that a request
   * takes no simulated time however long the machine takes to answer it.
   */
  busy?(): () => void;
}

/** The longest a Node timer holds: past it, setTimeout fires at once (with a warning). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  // Not performance.now(): its first use loads perf_hooks and nine internal modules, on every
  // command that sends a request (test/e2e/startup-loads.test.ts).
  now: () => Number(process.hrtime.bigint()) / 1e6,
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
