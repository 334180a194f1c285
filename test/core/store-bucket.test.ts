import { describe, expect, it } from 'vitest';
import { readBucketHeader, reserveOf, StoreBucket } from '../../src/core/store-bucket.js';
import { SimClock, TokenBucket } from '../bulk/sim-clock.js';

describe('readBucketHeader', () => {
  it.each([
    [{ 'x-service-shop-api-rate-limit': '30/40' }, { used: 30, size: 40 }],
    [{ 'x-genstore-shop-api-rate-limit': '1/200' }, { used: 1, size: 200 }],
    [{ 'x-shopify-shop-api-call-limit': '39/40' }, { used: 39, size: 40 }],
    [{ 'x-service-shop-api-rate-limit': ' 30 / 40 ' }, { used: 30, size: 40 }],
    [{ 'x-service-shop-api-rate-limit': '"30/40"' }, { used: 30, size: 40 }],
    [{ 'x-service-shop-api-rate-limit': '0/40' }, { used: 0, size: 40 }],
    // A store counting a refused request past the size: simply empty.
    [{ 'x-service-shop-api-rate-limit': '41/40' }, { used: 40, size: 40 }],
    [
      { 'content-type': 'application/json', 'x-service-shop-api-rate-limit': '2/4' },
      { used: 2, size: 4 },
    ],
  ])('%j reads as %j', (headers, expected) => {
    expect(readBucketHeader(headers)).toEqual(expected);
  });

  it.each([
    [{}],
    [{ 'x-service-shop-api-rate-limit': undefined }],
    [{ 'x-service-shop-api-rate-limit': '' }],
    [{ 'x-service-shop-api-rate-limit': '30' }],
    [{ 'x-service-shop-api-rate-limit': '30/0' }],
    [{ 'x-service-shop-api-rate-limit': '-1/40' }],
    [{ 'x-service-shop-api-rate-limit': '30/40/50' }],
    [{ 'x-service-shop-api-rate-limit': '1e3/40' }],
    [{ 'x-service-shop-api-rate-limit': '3.5/40' }],
    [{ 'x-service-shop-api-rate-limit': 'thirty/forty' }],
    [{ 'x-service-shop-api-rate-limit': '30/40, 31/40' }],
    [{ 'x-ratelimit-remaining': '30/40' }],
    [{ 'x-service-shop-api-rate-limit-extra': '30/40' }],
  ])('%j reads as no header', (headers) => {
    expect(readBucketHeader(headers)).toBeUndefined();
  });
});

/** `workers` loops sending through the model to the bucket (`latencyMs` a round trip) until `requests` were taken. */
async function drive(options: { buckets: StoreBucket[]; clock: SimClock; store: TokenBucket; requests: number; workers?: number; latencyMs?: number }) {
  const { clock, store } = options;
  const latency = options.latencyMs ?? 20;
  let taken = 0;
  const finished: number[] = [];
  const worker = async (model: StoreBucket) => {
    let refusedLast = false;
    while (taken < options.requests) {
      await model.acquire(refusedLast, undefined);
      await clock.sleep(latency / 2, undefined);
      const answer = store.take(clock.now());
      await clock.sleep(latency / 2, undefined);
      model.answered({ used: answer.used, size: answer.size }, answer.admitted ? 200 : 429);
      refusedLast = !answer.admitted;
      if (answer.admitted) taken += 1;
    }
    finished.push(clock.now());
  };
  const runs = options.buckets.flatMap((model) => Array.from({ length: options.workers ?? 8 }, () => worker(model)));
  for (let until = 1000; finished.length < runs.length; until += 1000) await clock.run(until);
  return { elapsedMs: Math.max(...finished), refused: store.refused, accepted: store.accepted };
}

describe('StoreBucket', () => {
  it('holds nothing back before the store announced its bucket', () => {
    const model = new StoreBucket(new SimClock());
    expect(model.known).toBe(false);
    expect(model.waitMs()).toBe(0);
    model.answered(undefined, 200);
    expect(model.known).toBe(false);
    expect(model.describe()).toBeUndefined();
  });

  it('keeps a reserve: with the bucket nearly empty the next request waits for reserve + 1 tokens', () => {
    const clock = new SimClock();
    const model = new StoreBucket(clock);
    model.answered({ used: 10, size: 40 }, 200);
    expect(model.waitMs()).toBe(0);
    model.answered({ used: 38, size: 40 }, 200);
    // 2 left, reserve 2: one more token is needed, at the assumed 2/s (40 in 20 s) until learnt.
    expect(reserveOf(40)).toBe(2);
    expect(model.waitMs()).toBe(500);
    expect(model.describe()).toBe('bucket 38/40 used, refill 2.0/s (assumed until learnt), reserve 2');
  });

  it('learns the refill rate from the readings: a 4/s bucket of 40 drained by 8 workers for 60 s', async () => {
    const clock = new SimClock();
    const model = new StoreBucket(clock);
    const store = new TokenBucket(4, 40);
    const result = await drive({ buckets: [model], clock, store, requests: 40 + 4 * 60 });
    expect(model.refillPerSecond).toBeGreaterThan(3.8);
    expect(model.refillPerSecond).toBeLessThan(4.2);
    expect(model.describe()).toMatch(/refill [34]\.\d\/s \(learnt\)/);
    // The store's own goals: at most 1% refused, within 1.05x of the bucket's ideal time.
    expect(result.refused / (result.accepted + result.refused)).toBeLessThanOrEqual(0.01);
    expect(result.elapsedMs / (((result.accepted - 40) / 4) * 1000)).toBeLessThan(1.05);
  });

  it('a bucket that refills far faster than assumed (10 @ 60/s) is learnt from the readings, though it is full at each', async () => {
    const clock = new SimClock();
    const model = new StoreBucket(clock);
    const store = new TokenBucket(60, 10);
    const result = await drive({ buckets: [model], clock, store, requests: 10 + 60 * 10 });
    expect(model.refillPerSecond).toBeGreaterThan(55);
    expect(result.elapsedMs / (((result.accepted - 10) / 60) * 1000)).toBeLessThan(1.25);
    expect(result.refused / (result.accepted + result.refused)).toBeLessThanOrEqual(0.01);
  });

  it('a 429 with the bucket empty waits about one token refill for the refused request', async () => {
    const clock = new SimClock();
    const model = new StoreBucket(clock);
    const store = new TokenBucket(20, 200);
    await drive({ buckets: [model], clock, store, requests: 400 });
    await model.acquire(false, undefined);
    model.answered({ used: 200, size: 200 }, 429);
    expect(model.refusals).toBe(1);
    expect(model.tokenMs()).toBeCloseTo(50, -1);
    expect(model.waitMs(true)).toBe(Math.ceil(model.tokenMs()!));
    // Everyone else also waits for the reserve to come back.
    expect(model.waitMs(false)).toBeGreaterThan(model.waitMs(true) * reserveOf(200));
  });

  it('three processes on one bucket (200 @ 20/s) share it: few refusals, nearly all of the refill used', async () => {
    const clock = new SimClock();
    const store = new TokenBucket(20, 200);
    const models = [new StoreBucket(clock), new StoreBucket(clock), new StoreBucket(clock)];
    const result = await drive({ buckets: models, clock, store, requests: 200 + 20 * 60 });
    expect(result.refused / (result.accepted + result.refused)).toBeLessThanOrEqual(0.03);
    expect((result.accepted - 200) / 20 / (result.elapsedMs / 1000)).toBeGreaterThan(0.95);
  });
});
