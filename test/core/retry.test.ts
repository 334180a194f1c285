import { describe, expect, it } from 'vitest';
import { isRetryable, mayHaveReachedStore, parseRetryAfter, retryDelayMs, type RetryPolicy } from '../../src/core/retry.js';

const policy: RetryPolicy = { maxAttempts: 10, baseDelayMs: 100, maxDelayMs: 1_000, maxTotalWaitMs: 60_000 };
const status = (s: number, retryAfterSeconds?: number) => ({
  kind: 'status' as const,
  status: s,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});
const network = (code: string | undefined) => ({ kind: 'network' as const, code });

describe('isRetryable', () => {
  it('retries a POST only on 429', () => {
    expect(isRetryable(status(429), false)).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 413, 500, 502, 503, 504]) expect(isRetryable(status(s), false), `POST ${s}`).toBe(false);
  });

  it('retries a POST on network errors that mean the request was never sent', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']) expect(isRetryable(network(code), false), code).toBe(true);
  });

  it('does not retry a POST whose request may have reached the server', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']) {
      expect(isRetryable(network(code), false), code).toBe(false);
    }
  });

  it('retries idempotent requests (GET/PUT/DELETE) on 429 and 5xx faults', () => {
    for (const s of [429, 500, 502, 503, 504]) expect(isRetryable(status(s), true), `${s}`).toBe(true);
  });

  it('never retries client errors, whatever the method', () => {
    for (const s of [400, 401, 403, 404, 409, 413, 501]) {
      expect(isRetryable(status(s), true), `${s}`).toBe(false);
      expect(isRetryable(status(s), false), `${s}`).toBe(false);
    }
  });

  it('retries idempotent requests on transient network errors', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ENOTFOUND']) {
      expect(isRetryable(network(code), true), code).toBe(true);
    }
  });

  it('does not retry unknown or missing network codes', () => {
    expect(isRetryable(network(undefined), true)).toBe(false);
    expect(isRetryable(network('ERR_INVALID_URL'), true)).toBe(false);
    expect(isRetryable(network(undefined), false)).toBe(false);
  });
});

describe('mayHaveReachedStore', () => {
  it('is true of a 5xx and of a network failure once connected (the answer may be what was lost)', () => {
    for (const s of [500, 502, 503, 504]) expect(mayHaveReachedStore(status(s)), `${s}`).toBe(true);
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ERR_UNKNOWN', undefined]) {
      expect(mayHaveReachedStore(network(code)), String(code)).toBe(true);
    }
  });

  it('is false of a 4xx (the store answered: it refused) and of a connection never made', () => {
    for (const s of [400, 401, 404, 409, 422, 429]) expect(mayHaveReachedStore(status(s)), `${s}`).toBe(false);
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']) expect(mayHaveReachedStore(network(code)), code).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('grows exponentially: the ceiling doubles with each attempt', () => {
    const top = () => 1; // the top of the jitter range is the ceiling itself
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy, undefined, top))).toEqual([100, 200, 400, 800]);
  });

  it('jitters within [ceiling/2, ceiling]', () => {
    expect(retryDelayMs(3, policy, undefined, () => 0)).toBe(200);
    expect(retryDelayMs(3, policy, undefined, () => 0.5)).toBe(300);
    for (let i = 0; i < 200; i++) {
      const d = retryDelayMs(3, policy, undefined, Math.random);
      expect(d).toBeGreaterThanOrEqual(200);
      expect(d).toBeLessThanOrEqual(400);
    }
  });

  it('is capped by maxDelayMs however many attempts were made', () => {
    expect(retryDelayMs(5, policy, undefined, () => 1)).toBe(1_000);
    expect(retryDelayMs(30, policy, undefined, () => 1)).toBe(1_000);
    expect(retryDelayMs(30, policy, undefined, () => 0)).toBe(500);
  });

  it('lets a longer Retry-After win', () => {
    expect(retryDelayMs(1, policy, 3, () => 0.5)).toBe(3_000);
    expect(retryDelayMs(1, policy, 0.5, () => 0)).toBe(500);
  });

  it('keeps the backoff when Retry-After is shorter', () => {
    expect(retryDelayMs(4, policy, 0, () => 0.5)).toBe(600);
    expect(retryDelayMs(4, policy, 0.1, () => 1)).toBe(800);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2025-01-01T12:00:00Z');

  it('reads whole and fractional seconds', () => {
    expect(parseRetryAfter('5', now)).toBe(5);
    expect(parseRetryAfter(' 120 ', now)).toBe(120);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1.5);
  });

  it('reads an HTTP date relative to now, in each of its three forms', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wednesday, 01-Jan-25 12:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('Wed Jan  1 12:00:10 2025', now)).toBe(10);
  });

  it('treats an HTTP date in the past as no wait', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:59:00 GMT', now)).toBe(0);
  });

  it('ignores garbage, empty and absent values', () => {
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('   ', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    // Date.parse would take these for dates (2001-05-01, 2099-01-01): they are not HTTP-dates.
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('in 2099', now)).toBeUndefined();
    expect(parseRetryAfter('Wed, 01 Jan 2025 25:99:99 GMT', now)).toBeUndefined();
  });
});
