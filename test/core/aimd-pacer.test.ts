import { describe, expect, it } from 'vitest';
import { AimdPacer as Pacer, PROBES } from '../../src/core/aimd-pacer.js';
import { systemClock } from '../../src/core/clock.js';
import { CancelledError } from '../../src/core/errors.js';
import { SimClock, TokenBucket } from '../bulk/sim-clock.js';

type Answer = 'ok' | { refused: true; retryAfter?: number } | { failed: 'answered' | 'lost'; backoffMs: number };

/**
 * `workers` loops sending requests of `latencyMs` through the pacer to a store without a
 * rate-limit header for `seconds`; a refused request waits its Retry-After (or 250 ms) as
 * the HTTP client's bulk retry loop does.
 */
async function simulate(options: {
  workers: number;
  latencyMs: number;
  seconds: number;
  store: (nowMs: number) => Answer;
  clock?: SimClock;
  pacer?: Pacer;
  blind?: boolean;
}) {
  const clock = options.clock ?? new SimClock();
  const pacer = options.pacer ?? new Pacer({ concurrency: options.workers, clock });
  const endMs = options.seconds * 1000;
  let accepted = 0;
  let refused = 0;
  const worker = async () => {
    while (clock.now() < endMs) {
      const ticket = await pacer.acquire();
      await clock.sleep(options.latencyMs / 2);
      const answer = options.store(clock.now());
      await clock.sleep(options.latencyMs / 2);
      if (answer === 'ok') {
        accepted += 1;
        pacer.release(ticket, true);
      } else if ('failed' in answer) {
        // A 5xx (answered) or a reset (lost): released as the bulk retry loop does, then its backoff.
        pacer.release(ticket, answer.failed === 'answered');
        await clock.sleep(answer.backoffMs);
      } else {
        refused += 1;
        // Blind: the pacer is never told (the best a run can do when every 429 is a fault).
        if (options.blind) pacer.release(ticket, false);
        else pacer.rateLimited(ticket);
        await clock.sleep(answer.retryAfter === undefined ? 250 : answer.retryAfter * 1000);
      }
    }
  };
  const workers = Array.from({ length: options.workers }, worker);
  await clock.run(endMs);
  void workers;
  return { accepted, refused, pacer };
}

/** A token bucket without the header, answering 429 with Retry-After (whole seconds) as the sandbox does. */
function bucketStore(refill: number, size: number) {
  const bucket = new TokenBucket(refill, size);
  return (now: number): Answer => (bucket.take(now).admitted ? 'ok' : { refused: true, retryAfter: 1 });
}

/** No limit at all, but a share of requests refused with 429 at random (a seeded generator). */
function faultyStore(share: number, seed = 7) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return (): Answer => (random() < share ? { refused: true, retryAfter: 1 } : 'ok');
}

/**
 * `sandbox serve --fail-rate 0.2` without a limit: a fifth of requests fail, evenly 429
 * (Retry-After 1), 500, 503 and reset connections; the failed ones wait a backoff (250 ms
 * base, jittered) before they go again.
 */
function faultMixStore(rate: number, seed = 11) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return (): Answer => {
    if (random() >= rate) return 'ok';
    const kind = Math.floor(random() * 4);
    const backoffMs = 125 + random() * 125;
    if (kind === 0) return { refused: true, retryAfter: 1 };
    return { failed: kind === 3 ? 'lost' : 'answered', backoffMs };
  };
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

  it('a 429 is only suspected: one probe goes at once, alone; its acceptance clears it as a fault and cuts nothing', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 4, clock });
    const [refused, other] = await Promise.all([pacer.acquire(), pacer.acquire()]);
    await clock.run(50);
    pacer.rateLimited(refused!);
    const probe = await pacer.acquire();
    expect(probe).toEqual({ startedAt: 50, probe: true });
    let next: number | undefined;
    const after = pacer.acquire().then((t) => (next = t.startedAt));
    await clock.run(500);
    expect(next).toBeUndefined(); // nothing else while the probe is out
    // A request sent before the 429 came back refused too: it says nothing.
    pacer.rateLimited(other!);
    pacer.release(probe, true);
    await after;
    expect(next).toBe(500);
    expect(pacer.rate).toBe(Number.POSITIVE_INFINITY);
    expect(pacer.judged).toEqual({ faults: 1, limits: 0, unclear: 0 });
  });

  it(`${PROBES} probes refused in a row confirm the limit: the pace is set to half of what the store accepted`, async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 4, clock });
    // 20 requests accepted over 2 s: 10 per second.
    for (let i = 0; i < 20; i++) {
      const ticket = await pacer.acquire();
      await clock.run(clock.now() + 100);
      pacer.release(ticket, true);
    }
    pacer.rateLimited(await pacer.acquire());
    for (let i = 0; i < PROBES; i++) {
      await clock.run(clock.now() + 5);
      const probe = await pacer.acquire();
      expect(probe.probe).toBe(true);
      pacer.rateLimited(probe);
    }
    expect(pacer.rate).toBeCloseTo(5, 1);
    expect(pacer.judged).toEqual({ faults: 0, limits: 1, unclear: 0 });
    // Spaced at the new rate from now on.
    const at = clock.now();
    const both = Promise.all([pacer.acquire(), pacer.acquire()]);
    await clock.run(at + 1000);
    const [a, b] = await both;
    expect(a.startedAt - at).toBeGreaterThan(150);
    expect(b.startedAt - a.startedAt).toBeCloseTo(1000 / pacer.rate, 0);
  });

  it('a probe started too late to tell (nobody was ready) gives no verdict and cuts nothing', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 4, clock });
    for (let i = 0; i < 10; i++) pacer.release(await pacer.acquire(), true);
    await clock.run(1000);
    pacer.rateLimited(await pacer.acquire());
    await clock.run(5000);
    const late = await pacer.acquire();
    expect(late.probe).toBe(false);
    expect(pacer.judged).toEqual({ faults: 0, limits: 0, unclear: 1 });
    expect(pacer.rate).toBe(Number.POSITIVE_INFINITY);
  });

  it('40% of the last 20 answers refused is a limit, whatever the probes could tell', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 8, clock });
    for (let i = 0; i < 12; i++) pacer.release(await pacer.acquire(), true);
    await clock.run(1000);
    const tickets = await Promise.all(Array.from({ length: 8 }, () => pacer.acquire()));
    for (const ticket of tickets) pacer.rateLimited(ticket);
    expect(pacer.judged.limits).toBe(1);
    expect(pacer.rate).toBeLessThan(Number.POSITIVE_INFINITY);
  });

  it('a probe lost without an answer says nothing: the next request probes instead', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 4, clock });
    pacer.rateLimited(await pacer.acquire());
    await clock.run(5);
    const lost = await pacer.acquire();
    pacer.release(lost, false);
    await clock.run(10);
    const probe = await pacer.acquire();
    expect(probe.probe).toBe(true);
    pacer.release(probe, true);
    expect(pacer.judged).toEqual({ faults: 1, limits: 0, unclear: 0 });
  });

  it('random 429s (5% of requests, no limit) do not collapse the rate: simulated 60 s', async () => {
    // The best a run can do: every refused request waits its Retry-After, nothing else slows down.
    const blind = await simulate({ workers: 8, latencyMs: 20, seconds: 60, store: faultyStore(0.05), blind: true });
    const faulty = await simulate({ workers: 8, latencyMs: 20, seconds: 60, store: faultyStore(0.05) });
    expect(faulty.refused).toBeGreaterThan(100);
    expect(faulty.accepted / blind.accepted).toBeGreaterThan(0.9);
    expect(faulty.pacer.judged.faults).toBeGreaterThan(faulty.pacer.judged.limits * 10);
  });

  it('once a limit was confirmed, random faults (a 20% mix of 429, 5xx, resets) do not ratchet the rate down: simulated 2 minutes', async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ concurrency: 8, clock });
    // A limit confirmed early (three 429s in a row, say a real burst or bad luck): 5/s.
    for (let i = 0; i < 20; i++) {
      const ticket = await pacer.acquire();
      await clock.run(clock.now() + 100);
      pacer.release(ticket, true);
    }
    pacer.rateLimited(await pacer.acquire());
    for (let i = 0; i < PROBES; i++) {
      await clock.run(clock.now() + 5);
      pacer.rateLimited(await pacer.acquire());
    }
    expect(pacer.judged.limits).toBe(1);
    const start = clock.now();
    const run = await simulate({ workers: 8, latencyMs: 20, seconds: 120 + start / 1000, store: faultMixStore(0.2), clock, pacer });
    const blind = await simulate({ workers: 8, latencyMs: 20, seconds: 120, store: faultMixStore(0.2), blind: true });
    // Cut on every 429 the rate fell to 2/s (6% of the blind run's acceptances); judged, only a
    // refused probe (one 429 in twenty) cuts, and the rate grows back over the run's own pace.
    expect(run.refused).toBeGreaterThan(200);
    expect(run.accepted / blind.accepted).toBeGreaterThan(0.6);
    expect(pacer.rate).toBeGreaterThan(25);
    expect(pacer.judged.faults).toBeGreaterThan(pacer.judged.limits * 10);
  });

  it('without the header keeps a 50/s bucket of 20 at 90% of its rate with under 5% refused (simulated 3 minutes)', async () => {
    const seconds = 180;
    const { accepted, refused } = await simulate({ workers: 8, latencyMs: 4, seconds, store: bucketStore(50, 20) });
    expect(accepted / (20 + 50 * seconds)).toBeGreaterThan(0.9);
    expect(refused / (accepted + refused)).toBeLessThan(0.05);
  });

  it('keeps a 4/s bucket of 40 busy with few refusals (simulated 3 minutes)', async () => {
    const seconds = 180;
    const { accepted, refused } = await simulate({ workers: 8, latencyMs: 30, seconds, store: bucketStore(4, 40) });
    expect(accepted / (40 + 4 * seconds)).toBeGreaterThan(0.9);
    // Each later limit costs a refused probe besides the refusal (the price of not cutting on faults).
    expect(refused / (accepted + refused)).toBeLessThan(0.12);
  });

  it('shares a store fairly enough between three jobs that split one limit', async () => {
    const clock = new SimClock();
    const store = bucketStore(4, 40);
    const seconds = 180;
    const runs = await Promise.all(
      [0, 1, 2].map(() => simulate({ workers: 8, latencyMs: 30, seconds, store, clock, pacer: new Pacer({ concurrency: 8, clock }) })),
    );
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

describe('Pacer against a bucket that refills within a round trip (40/s, burst 5, 30 ms away)', () => {
  it('cannot tell its 429s from faults by probing, yet keeps most of the rate, refusals below the 40% backstop', async () => {
    const seconds = 15;
    const { accepted, refused } = await simulate({ workers: 8, latencyMs: 30, seconds, store: bucketStore(40, 5) });
    expect(accepted / (5 + 40 * seconds)).toBeGreaterThan(0.85);
    expect(refused / (accepted + refused)).toBeLessThan(0.25);
  });
});

describe('systemClock', () => {
  it('waits out a Retry-After longer than a timer can hold (2^31 ms) instead of waking at once', async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(2 ** 31, controller.signal).then(
      () => 'woke',
      (error: unknown) => error,
    );
    const first = await Promise.race([sleeping, new Promise((resolve) => setTimeout(() => resolve('still asleep'), 50))]);
    controller.abort();
    expect(first).toBe('still asleep');
    expect(await sleeping).toBeInstanceOf(CancelledError);
  });
});
