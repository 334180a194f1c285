import { describe, expect, it } from 'vitest';
import { MIN_RATE, Pacer, systemClock } from '../../src/bulk/pacer.js';
import { CancelledError } from '../../src/core/errors.js';
import { LeakyBucket, SimClock } from './sim-clock.js';

/** `workers` loops sending requests of `latencyMs` through the pacer to the bucket for `seconds`. */
async function simulate(options: { workers: number; latencyMs: number; seconds: number; bucket: LeakyBucket; clock?: SimClock; pacer?: Pacer }) {
  const clock = options.clock ?? new SimClock();
  const pacer = options.pacer ?? new Pacer({ concurrency: options.workers, clock });
  const endMs = options.seconds * 1000;
  let accepted = 0;
  let refused = 0;
  const worker = async () => {
    while (clock.now() < endMs) {
      const ticket = await pacer.acquire();
      await clock.sleep(options.latencyMs);
      const retryAfter = options.bucket.offer(clock.now());
      if (retryAfter === undefined) {
        accepted += 1;
        pacer.release(ticket, true);
      } else {
        refused += 1;
        pacer.rateLimited(ticket, retryAfter);
      }
    }
  };
  const workers = Array.from({ length: options.workers }, worker);
  await clock.run(endMs);
  void workers;
  return { accepted, refused, pacer };
}

describe('Pacer', () => {
  it('holds nothing back before the first 429: all workers run at once', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 3, clock });
    const tickets = await Promise.all([pacer.acquire(), pacer.acquire(), pacer.acquire()]);
    expect(tickets.map((t) => t.startedAt)).toEqual([0, 0, 0]);
    expect(pacer.rate).toBe(Number.POSITIVE_INFINITY);
  });

  it('never lets more than `concurrency` requests in flight', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 2, clock });
    const first = await pacer.acquire();
    await pacer.acquire();
    let third = false;
    const pending = pacer.acquire().then(() => (third = true));
    await clock.run(10_000);
    expect(third).toBe(false);
    pacer.release(first, true);
    await pending;
    expect(third).toBe(true);
  });

  it('on a 429 pauses every worker for Retry-After and halves the rate it measured', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 4, clock });
    // 20 requests accepted over 2 s: 10 per second.
    for (let i = 0; i < 20; i++) {
      const ticket = await pacer.acquire();
      await clock.run(clock.now() + 100);
      pacer.release(ticket, true);
    }
    const refused = await pacer.acquire();
    pacer.rateLimited(refused, 3);
    expect(pacer.rate).toBeCloseTo(5, 0);
    const at = clock.now();
    const next = pacer.acquire();
    await clock.run(at + 10_000);
    const ticket = await next;
    expect(ticket.startedAt).toBe(at + 3000);
  });

  it('halves once per episode: 429s of requests sent before the cut do not cut again', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 8, clock });
    const early = await Promise.all(Array.from({ length: 8 }, () => pacer.acquire()));
    pacer.rateLimited(early[0]!, 1);
    const afterFirst = pacer.rate;
    for (const ticket of early.slice(1)) pacer.rateLimited(ticket, 1);
    expect(pacer.rate).toBe(afterFirst);
    expect(afterFirst).toBe(MIN_RATE); // nothing was accepted yet: the slowest pace, to creep up from
  });

  it('keeps a 4 rps store with a burst of 40 busy with few refusals (simulated 3 minutes)', async () => {
    const seconds = 180;
    const { accepted, refused } = await simulate({ workers: 8, latencyMs: 30, seconds, bucket: new LeakyBucket(4, 40) });
    // The most the store can take: its burst, then 4 per second.
    const ceiling = 40 + 4 * seconds;
    expect(accepted / ceiling).toBeGreaterThan(0.9);
    expect(refused).toBeLessThan(25);
  });

  it('shares a store fairly enough between three jobs that split one limit', async () => {
    const clock = new SimClock();
    const bucket = new LeakyBucket(4, 40);
    const seconds = 180;
    const runs = await Promise.all([0, 1, 2].map(() => simulate({ workers: 8, latencyMs: 30, seconds, bucket, clock, pacer: new Pacer({ concurrency: 8, clock }) })));
    const total = runs.reduce((sum, r) => sum + r.accepted, 0);
    expect(total / (40 + 4 * seconds)).toBeGreaterThan(0.85);
    for (const run of runs) expect(run.accepted).toBeGreaterThan(total / 6);
  });

  it('an aborted run releases its waiters with CancelledError', async () => {
    const clock = new SimClock();
    const controller = new AbortController();
    const pacer = new Pacer({ concurrency: 1, clock, signal: controller.signal });
    await pacer.acquire();
    const waiting = pacer.acquire();
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('Pacer against a store whose burst is small for its rate (40 rps, burst 5)', () => {
  it('finds the rate fast after the first refusal instead of creeping up from a guess', async () => {
    const seconds = 15;
    const { accepted, refused } = await simulate({ workers: 8, latencyMs: 30, seconds, bucket: new LeakyBucket(40, 5) });
    expect(accepted / (5 + 40 * seconds)).toBeGreaterThan(0.4);
    expect(refused).toBeLessThan(15);
  });
});

describe('systemClock', () => {
  it('waits out a Retry-After longer than a timer can hold (2^31 ms) instead of waking at once', async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(2 ** 31, controller.signal).then(() => 'woke', (error: unknown) => error);
    const first = await Promise.race([sleeping, new Promise((resolve) => setTimeout(() => resolve('still asleep'), 50))]);
    controller.abort();
    expect(first).toBe('still asleep');
    expect(await sleeping).toBeInstanceOf(CancelledError);
  });
});
