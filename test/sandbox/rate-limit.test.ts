import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxUsageError, startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { defaultBurst, RateLimiter } from '../../src/sandbox/http/rate-limit.js';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { call, expectErrorShape } from './helpers.js';
import { ALL_SCOPES } from '../../src/sandbox/http/auth.js';

/** A clock the test moves by hand (milliseconds). */
function manualClock() {
  let now = 1_000;
  return { read: () => now, advance: (ms: number) => (now += ms) };
}

describe('RateLimiter', () => {
  it('is a token bucket: starts full, refuses when empty, and answers the whole seconds until one token is back', () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ rps: 2, burst: 4 }, ['a'], clock.read);
    for (let index = 0; index < 4; index += 1) expect(limiter.admit('a')).toBeNull();
    expect(limiter.admit('a')).toBe(1); // one token refills in 0.5 s: rounded up to a whole second
    clock.advance(499);
    expect(limiter.admit('a')).toBe(1);
    clock.advance(1);
    expect(limiter.admit('a')).toBeNull();
    expect(limiter.admit('a')).toBe(1);
  });

  it('refills at rps up to the size: after a pause it takes as many requests as tokens came back', () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ rps: 10, burst: 10 }, ['a'], clock.read);
    for (let index = 0; index < 10; index += 1) limiter.admit('a');
    clock.advance(300);
    const admitted = Array.from({ length: 5 }, () => limiter.admit('a')).filter((wait) => wait === null);
    expect(admitted).toHaveLength(3);
    clock.advance(60_000);
    expect(Array.from({ length: 12 }, () => limiter.admit('a')).filter((wait) => wait === null)).toHaveLength(10);
  });

  it('says how full the bucket is with every answer, refused or not: used/size in whole tokens', () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ rps: 4, burst: 40 }, ['a'], clock.read);
    expect(limiter.take('a')).toEqual({ admitted: true, used: 1, size: 40 });
    for (let index = 0; index < 38; index += 1) limiter.take('a');
    expect(limiter.take('a')).toEqual({ admitted: true, used: 40, size: 40 });
    expect(limiter.take('a')).toEqual({ admitted: false, used: 40, size: 40, retryAfterSeconds: 1 });
    clock.advance(100); // 0.4 token back: not a whole one, still shown as used
    expect(limiter.take('a')).toMatchObject({ admitted: false, used: 40 });
    clock.advance(1_150); // 5 tokens back, one taken
    expect(limiter.take('a')).toEqual({ admitted: true, used: 36, size: 40 });
  });

  it('answers at least 1 second, and more when the refill is slow', () => {
    const clock = manualClock();
    const slow = new RateLimiter({ rps: 0.25, burst: 1 }, ['a'], clock.read);
    expect(slow.admit('a')).toBeNull();
    expect(slow.admit('a')).toBe(4);
    clock.advance(3_000);
    expect(slow.admit('a')).toBe(1);
  });

  it('keeps one bucket per known token; unknown and missing tokens share one', () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ rps: 1, burst: 1 }, ['a', 'b'], clock.read);
    expect(limiter.admit('a')).toBeNull();
    expect(limiter.admit('a')).toBe(1);
    expect(limiter.admit('b')).toBeNull();
    expect(limiter.admit('made-up-1')).toBeNull();
    expect(limiter.admit('made-up-2')).toBe(1);
    expect(limiter.admit(undefined)).toBe(1);
  });

  it('defaults the burst to ten seconds of requests, at least 1', () => {
    expect(defaultBurst(5)).toBe(50);
    expect(defaultBurst(0.05)).toBe(1);
    expect(defaultBurst(2.55)).toBe(26);
  });
});

describe('the sandbox with a rate limit', () => {
  it('answers 429 rate_limited with Retry-After once the bucket is empty, logs it as 429, and recovers with time', async () => {
    const clock = manualClock();
    const log: number[] = [];
    const sandbox = await launchSandbox({ rateLimit: { rps: 1, burst: 3 }, onRequest: (line) => log.push(line.status), rateClock: clock.read });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await call(sandbox, 'GET', '/gift_cards/count')).status);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await call(sandbox, 'GET', '/metafields/count/products/1');
      expectErrorShape(refused, 429, 'rate_limited');
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.headers.get('x-service-shop-api-rate-limit')).toBe('3/3');
      expect(refused.json.message).toBe('Too many requests (a bucket of 3 per token, refilled at 1 a second); retry after 1 second.');
      // Routes that do not exist are limited too: the limit comes before everything.
      expect((await call(sandbox, 'GET', '/nothing/here')).status).toBe(429);
      clock.advance(1_000);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(log).toEqual([200, 200, 200, 429, 429, 200, 429]);
    } finally {
      await sandbox.close();
    }
  });

  it('carries the bucket header on every answer: success, 404, 401 and injected faults; none without a limit', async () => {
    const clock = manualClock();
    const sandbox = await launchSandbox({ rateLimit: 'basic', failRate: 1, failKinds: ['503'], rateClock: clock.read });
    const plain = await launchSandbox({ failRate: 0 });
    try {
      const fault = await call(sandbox, 'GET', '/gift_cards/count');
      expect(fault.status).toBe(503);
      expect(fault.headers.get('x-service-shop-api-rate-limit')).toBe('1/40');
      expect((await call(plain, 'GET', '/gift_cards/count')).headers.get('x-service-shop-api-rate-limit')).toBeNull();
      expect((await call(plain, 'GET', '/nothing')).headers.get('x-service-shop-api-rate-limit')).toBeNull();
    } finally {
      await sandbox.close();
      await plain.close();
    }
    const limited = await launchSandbox({ rateLimit: { rps: 1, burst: 5 }, rateClock: clock.read });
    try {
      expect((await call(limited, 'GET', '/gift_cards/count')).headers.get('x-service-shop-api-rate-limit')).toBe('1/5');
      expect((await call(limited, 'GET', '/nothing/here')).headers.get('x-service-shop-api-rate-limit')).toBe('2/5');
      expect((await call(limited, 'GET', '/gift_cards/count', { token: 'wrong' })).headers.get('x-service-shop-api-rate-limit')).toBe('1/5');
    } finally {
      await limited.close();
    }
  });

  it('rateLimitHeader false: the same bucket, no header (Retry-After stays)', async () => {
    const clock = manualClock();
    const sandbox = await launchSandbox({ rateLimit: { rps: 1, burst: 1 }, rateLimitHeader: false, rateClock: clock.read });
    try {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).headers.get('x-service-shop-api-rate-limit')).toBeNull();
      const refused = await call(sandbox, 'GET', '/gift_cards/count');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.headers.get('x-service-shop-api-rate-limit')).toBeNull();
    } finally {
      await sandbox.close();
    }
  });

  it.each([
    ['basic', 40, 4],
    ['standard', 200, 20],
    ['advanced', 400, 40],
    ['legacy', 40, 2],
  ] as const)('plan %s: a bucket of %i refilled at %i a second', async (plan, size, refill) => {
    const clock = manualClock();
    const sandbox = await launchSandbox({ rateLimit: plan, rateClock: clock.read });
    try {
      const first = await call(sandbox, 'GET', '/gift_cards/count');
      expect(first.headers.get('x-service-shop-api-rate-limit')).toBe(`1/${size}`);
      clock.advance(1000 / refill);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).headers.get('x-service-shop-api-rate-limit')).toBe(`1/${size}`);
    } finally {
      await sandbox.close();
    }
  });

  it('limits each token on its own', async () => {
    const clock = manualClock();
    const tokens = [
      { token: 'first', scopes: ['read_metafields' as const] },
      { token: 'second', scopes: ['read_metafields' as const] },
    ];
    const sandbox = await launchSandbox({ tokens, rateLimit: { rps: 1, burst: 1 }, rateClock: clock.read });
    try {
      expect((await call(sandbox, 'GET', '/metafields/count/products/1', { token: 'first' })).status).toBe(200);
      expect((await call(sandbox, 'GET', '/metafields/count/products/1', { token: 'first' })).status).toBe(429);
      expect((await call(sandbox, 'GET', '/metafields/count/products/1', { token: 'second' })).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('changes no state with a refused request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-rate-'));
    const dataFile = join(dir, 'state.json');
    const clock = manualClock();
    const sandbox = await launchSandbox({
      tokens: [{ token: 'given-test-token-0001', scopes: [...ALL_SCOPES] }],
      dataFile,
      rateLimit: { rps: 1, burst: 1 },
      rateClock: clock.read,
    });
    try {
      expect((await call(sandbox, 'GET', '/metafields/count/products/1')).status).toBe(200);
      const body = { metaFieldDataList: [{ namespace: 'a', code: 'b', value: 'c' }] };
      expect((await call(sandbox, 'POST', '/metafields/products/1', { body })).status).toBe(429);
      clock.advance(1_000);
      expect((await call(sandbox, 'GET', '/metafields/count/products/1')).json.count).toBe('0');
    } finally {
      await sandbox.close();
    }
    // A given token (a generated one is kept in the data file): nothing else would write it.
    expect(existsSync(dataFile)).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });

  it.each<[SandboxOptions['rateLimit'], RegExp]>([
    [{ rps: 0 }, /requests a second above 0, not 0/],
    [{ rps: -1 }, /above 0, not -1/],
    [{ rps: Number.NaN }, /above 0, not NaN/],
    [{ rps: 5, burst: 0 }, /burst must be a whole number of at least 1, not 0/],
    [{ rps: 5, burst: 1.5 }, /not 1\.5/],
    ['premium' as 'basic', /Unknown rate-limit plan "premium"; the plans are basic, standard, advanced, legacy/],
    ['constructor' as 'basic', /Unknown rate-limit plan "constructor"/],
  ])('refuses %j', async (rateLimit, message) => {
    const error = await startSandbox({ rateLimit }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxUsageError);
    expect((error as Error).message).toMatch(message);
  });
});
