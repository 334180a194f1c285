// The HTTP client paced by the store's bucket header, through its rate governor: the 429
// waits, the shared governor, the log. The waits go by a simulated clock (the governor's).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.js';
import { RateGovernor } from '../../src/core/rate-governor.js';
import { useMockAgent } from '../helpers/mock-agent.js';
import { SimClock } from '../bulk/sim-clock.js';

const BUCKET = 'x-service-shop-api-rate-limit';

const mock = useMockAgent();
const { client } = mock;
const clock = new SimClock().autoAdvance();

const reply = (status: number, used: number, size: number, extra: Record<string, string> = {}) =>
  mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(status, status === 200 ? '{}' : '{"message":"slow down"}', {
    headers: { 'content-type': 'application/json', [BUCKET]: `${used}/${size}`, ...extra },
  });

describe('HttpClient paced by the bucket header', () => {
  it('a 429 with the bucket empty and no Retry-After waits one token (assumed 400 in 20 s: 50 ms), not a backoff guess', async () => {
    const lines: string[] = [];
    reply(429, 400, 400);
    reply(200, 400, 400);
    await client({ log: (line) => lines.push(line), governor: new RateGovernor({ clock }) }).request({ method: 'GET', path: '/api/x' });
    expect(lines).toContain('! 429: retrying in 50 ms (attempt 2 of 3)');
    expect(lines).toContain('< rate limit: bucket 400/400 used, refill 20.0/s (assumed until learnt), reserve 20');
  });

  it('a 429 whose header says tokens are left is a transient fault: backed off like a 503, the rate model not emptied', async () => {
    const lines: string[] = [];
    const governor = new RateGovernor({ clock });
    reply(429, 3, 40);
    reply(200, 4, 40);
    await client({ log: (line) => lines.push(line), governor }).request({ method: 'GET', path: '/api/x' });
    expect(lines).toContain('! 429: retrying in 2 ms (attempt 2 of 3)');
    expect(governor.counts).toEqual({ sent: 2, rateLimited: 0, bucketEmpty: 0, retried: 1 });
  });

  it('with Retry-After, obeys it', async () => {
    const lines: string[] = [];
    reply(429, 40, 40, { 'retry-after': '0.3' });
    reply(200, 40, 40);
    await client({ log: (line) => lines.push(line), governor: new RateGovernor({ clock }) }).request({ method: 'GET', path: '/api/x' });
    expect(lines).toContain('! 429: retrying in 300 ms (attempt 2 of 3)');
  });

  it('a final 429 of an empty bucket: the governor counted each as the rate limit; the error says what the store answered, nothing of pacing', async () => {
    const governor = new RateGovernor({ clock });
    for (let i = 0; i < 3; i++) reply(429, 400, 400, { 'retry-after': '0' });
    const error = await client({ governor })
      .request({ method: 'GET', path: '/api/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 0 });
    expect(error).not.toHaveProperty('bucket');
    expect(governor.counts).toMatchObject({ sent: 3, rateLimited: 3, bucketEmpty: 3 });
  });

  it('clients sharing one governor pace together: an answer to one holds the next request of the other', async () => {
    // A clock stepped by hand: the test looks while the request is held.
    const stepped = new SimClock();
    const governor = new RateGovernor({ clock: stepped });
    reply(200, 39, 40);
    await client({ governor }).request({ method: 'GET', path: '/api/x' });
    // 1 token left, the reserve is 2: the next request waits for 2 more at the assumed 2/s.
    const other = client({ governor });
    reply(200, 38, 40);
    const done = other.request({ method: 'GET', path: '/api/x' });
    await stepped.run(900);
    expect(mock.agent.pendingInterceptors()).toHaveLength(1); // still held back
    await stepped.run(1000);
    await done;
    mock.agent.assertNoPendingInterceptors();
  });
});
