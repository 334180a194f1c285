// The one retry loop under a bulk run's policy and governor (what bulk/paced-transport.ts
// did apart before): 429s of the rate limit are the run's pace, budgeted apart; transient
// failures are retried, creates included; the governor counts every attempt. The waits go
// by a simulated clock (the governor's), and are measured on it: exact, and no real time.
import { describe, expect, it } from 'vitest';
import { ApiError, CancelledError, NetworkError } from '../../src/core/errors.js';
import { RateGovernor } from '../../src/core/rate-governor.js';
import { bulkRetryPolicy, type RetryPolicy } from '../../src/core/retry.js';
import { useMockAgent } from '../helpers/mock-agent.js';
import { SimClock } from '../bulk/sim-clock.js';

type Step = 'ok' | 500 | 503 | 400 | 'reset' | 'refused' | '429 retry-after' | '429 empty bucket' | '429 tokens left' | '429 bare';

const BUCKET = 'x-service-shop-api-rate-limit';
const JSON_TYPE = { 'content-type': 'application/json' };
/** The bulk policy with waits of a few ms, so that a test takes no seconds. */
const FAST_BULK: RetryPolicy = { ...bulkRetryPolicy(), baseDelayMs: 8, maxDelayMs: 80 };

const mock = useMockAgent();
const clock = new SimClock().autoAdvance();

/** Answers each attempt with the next step, and records when (on the simulated clock) each attempt came. */
function script(steps: Step[]) {
  const starts: number[] = [];
  const at = () => starts.push(clock.now());
  for (const step of steps) {
    const scope = mock.pool.intercept({ path: '/api/x', method: 'POST' });
    if (step === 'reset') scope.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    else if (step === 'refused') scope.replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    else {
      const [status, headers]: [number, Record<string, string>] =
        step === 'ok'
          ? [200, {}]
          : step === '429 retry-after'
            ? [429, { 'retry-after': '0.2' }]
            : step === '429 empty bucket'
              ? [429, { [BUCKET]: '400/400' }]
              : step === '429 tokens left'
                ? [429, { [BUCKET]: '12/400' }]
                : step === '429 bare'
                  ? [429, {}]
                  : [step, {}];
      scope.reply(() => {
        at();
        return { statusCode: status, data: status === 200 ? '{}' : '{"message":"no"}', responseOptions: { headers: { ...JSON_TYPE, ...headers } } };
      });
    }
  }
  return starts;
}

async function send(steps: Step[], policy: RetryPolicy = FAST_BULK, governor = new RateGovernor({ concurrency: 4, clock }), once = false) {
  const starts = script(steps);
  const result = await mock
    .client({ governor, retry: policy })
    .request({ method: 'POST', path: '/api/x', body: {}, ...(once ? { once } : {}) })
    .then(
      (r) => ({ ok: r.status }),
      (e: unknown) => ({ error: e }),
    );
  return { result, starts, counts: governor.counts, governor };
}

describe('the retry loop under the bulk policy', () => {
  it('retries a POST after 500, 503 and a reset connection (a lost create is resolved by reading): each wait longer', async () => {
    const started = clock.now();
    const { result, counts, starts } = await send([500, 'reset', 503, 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 4, rateLimited: 0, bucketEmpty: 0, retried: 3 });
    // The reset's attempt records no start: the waits are 500 -> 503 (two backoffs) and 503 -> ok.
    expect(starts).toHaveLength(3);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(6 + 12 - 2);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(24 - 2);
    expect(starts[0]! - started).toBeLessThan(1000);
  });

  it.each([500, 503, 'reset'] as const)(
    'never resends a create marked once (a product: no unique key) after a %s: it may have reached the store',
    async (failure) => {
      const { result, counts } = await send([failure, 'ok'], FAST_BULK, new RateGovernor({ concurrency: 4 }), true);
      expect((result as { error: ApiError | NetworkError }).error.mayHaveApplied).toBe(true);
      expect(counts.sent).toBe(1);
    },
  );

  it('resends a create marked once after a 429 or a connection never made: the store did nothing', async () => {
    const { result, counts } = await send(['429 bare', 'refused', 'ok'], FAST_BULK, new RateGovernor({ concurrency: 4 }), true);
    expect(result).toEqual({ ok: 200 });
    expect(counts.sent).toBe(3);
  });

  it('waits out Retry-After after a 429 without the header, counts it as the rate limit, and AIMD judges it', async () => {
    const { result, counts, starts, governor } = await send(['429 retry-after', 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 2, rateLimited: 1, bucketEmpty: 0, retried: 0 });
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(195);
    // The retry, sent just after, was accepted: a fault, nothing cut.
    expect(governor.judged.faults + governor.judged.unclear).toBe(1);
    expect(governor.pace).toBe(Number.POSITIVE_INFINITY);
  });

  it('a 429 from an empty announced bucket: no backoff, the governor holds the retry for one token (400 in 20 s: 50 ms); AIMD judges nothing', async () => {
    const { result, counts, starts, governor } = await send(['429 empty bucket', 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 2, rateLimited: 1, bucketEmpty: 1, retried: 0 });
    const waited = starts[1]! - starts[0]!;
    expect(waited).toBeGreaterThanOrEqual(45);
    // One token, not the reserve of 20 kept for others (a second).
    expect(waited).toBeLessThan(500);
    expect(governor.judged).toEqual({ faults: 0, limits: 0, unclear: 0 });
  });

  it('a 429 whose header says tokens were left is a transient failure: backed off, counted as a retry, not a refusal', async () => {
    const { result, counts } = await send(['429 tokens left', 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 2, rateLimited: 0, bucketEmpty: 0, retried: 1 });
  });

  it('a 429 without header or Retry-After backs off and goes to AIMD to judge', async () => {
    const { result, counts, governor } = await send(['429 bare', 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 2, rateLimited: 1, bucketEmpty: 0, retried: 0 });
    expect(governor.judged.faults + governor.judged.unclear).toBe(1);
  });

  it('hands a 4xx answer straight back', async () => {
    const { result, counts } = await send([400]);
    expect((result as { error: ApiError }).error.status).toBe(400);
    expect(counts.sent).toBe(1);
  });

  it('gives up after its attempts, with the last error; a 429 of the rate limit is no attempt of those', async () => {
    const { result, counts } = await send(['refused', '429 bare', 'refused', 'refused', 'refused', 'refused', 'refused']);
    expect((result as { error: unknown }).error).toBeInstanceOf(NetworkError);
    expect(counts).toEqual({ sent: 7, rateLimited: 1, bucketEmpty: 0, retried: 5 });
  });

  it('a request met by 30 refusals is given up with the last 429', async () => {
    // Without AIMD, which would slow the run to its slowest pace after the third.
    const { result, counts } = await send(
      Array.from({ length: 30 }, () => '429 bare' as const),
      { ...FAST_BULK, maxDelayMs: 1 },
      new RateGovernor({ clock }),
    );
    expect((result as { error: ApiError }).error.status).toBe(429);
    expect(counts).toMatchObject({ sent: 30, rateLimited: 30 });
  });

  it('gives up once the store refused everything for the give-up time, and halts every waiting request with the same error', async () => {
    script(Array.from({ length: 10 }, () => '429 retry-after' as const));
    const gaveUp = new Error('gave up');
    const governor = new RateGovernor({ concurrency: 1, clock });
    const client = mock.client({
      governor,
      retry: { ...FAST_BULK, rateLimits: { maxRefused: 30, maxRetryAfterMs: 60_000, giveUp: { afterMs: 150, error: () => gaveUp } } },
    });
    const first = client.request({ method: 'POST', path: '/api/x', body: {} });
    // Waits for the one slot the first request holds, then for the halt.
    const second = client.request({ method: 'POST', path: '/api/x', body: {} });
    await Promise.all([expect(first).rejects.toBe(gaveUp), expect(second).rejects.toBe(gaveUp)]);
    expect(governor.counts.rateLimited).toBeGreaterThanOrEqual(2);
  });

  // In real time: the answers' own delay is what keeps a third request out.
  it("keeps at most the run's concurrency in flight", async () => {
    const starts: number[] = [];
    mock.pool
      .intercept({ path: '/api/x', method: 'GET' })
      .reply(() => {
        starts.push(performance.now());
        return { statusCode: 200, data: '{}', responseOptions: { headers: JSON_TYPE } };
      })
      .delay(60)
      .times(5);
    const client = mock.client({ governor: new RateGovernor({ concurrency: 2 }), retry: FAST_BULK });
    await Promise.all(Array.from({ length: 5 }, () => client.request({ method: 'GET', path: '/api/x' })));
    // Two at once, then one more each time an answer frees a place: never a third within an answer's time.
    for (let i = 2; i < starts.length; i++) expect(starts[i]! - starts[i - 2]!).toBeGreaterThanOrEqual(50);
  });

  it('stops waiting when the run is interrupted (the governor signal), not when requests in flight must end', async () => {
    script([500, 500, 500]);
    const interrupt = new AbortController();
    const governor = new RateGovernor({ concurrency: 1, signal: interrupt.signal });
    const pending = mock
      .client({ governor, retry: { ...FAST_BULK, baseDelayMs: 5_000, maxDelayMs: 5_000 } })
      .request({ method: 'POST', path: '/api/x', body: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    interrupt.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });
});
