import { describe, expect, it } from 'vitest';
import { ApiError, CancelledError, NetworkError, RuntimeError, UnreachableError } from '../../src/core/errors.js';
import { headerFamily } from '../../src/core/brand.js';
import { FamilyChoice } from '../../src/core/family-choice.js';
import { LosslessNumber, toJson } from '../../src/core/json.js';
import { nextPageQuery } from '../../src/core/paginate.js';
import type { RetryPolicy } from '../../src/core/retry.js';
import { ORIGIN, TOKEN, useMockAgent } from '../helpers/mock-agent.js';
import { RateGovernor } from '../../src/core/rate-governor.js';
import { SimClock } from '../bulk/sim-clock.js';

const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };
const TOKEN_HEADER = headerFamily('service').token;
const GENSTORE_HEADER = headerFamily('genstore').token;

const mock = useMockAgent();
const { client } = mock;

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the request to fail');
}

type Seen = { method: string; path: string; headers: Record<string, string>; body: string | undefined };

/** Replies with `status`/`body` and records what was sent. */
function record(seen: Seen[], status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return [
    status,
    (opts: { method: string; path: string; headers?: unknown; body?: unknown }) => {
      seen.push({ method: opts.method, path: opts.path, headers: lowerHeaders(opts.headers), body: typeof opts.body === 'string' ? opts.body : undefined });
      return body;
    },
    { headers },
  ] as const;
}

function lowerHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(headers)) for (let i = 0; i < headers.length; i += 2) out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
  else if (headers && typeof headers === 'object') for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = String(v);
  return out;
}

describe('HttpClient: requests', () => {
  it('sends the token, accept and user-agent headers, and no content-type without a body', async () => {
    const seen: Seen[] = [];
    mock.pool.intercept({ path: '/api/202412/gift_cards/1', method: 'GET' }).reply(...record(seen, 200, '{"giftCard":{"id":"1"}}'));
    await client().request({ method: 'GET', path: '/api/202412/gift_cards/1' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers[TOKEN_HEADER.toLowerCase()]).toBe(TOKEN);
    expect(seen[0]!.headers['user-agent']).toBe('store-cli/test');
    expect(seen[0]!.headers.accept).toBe('application/json');
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('sends a JSON body with its content type, big numbers exact', async () => {
    const seen: Seen[] = [];
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(...record(seen, 201, '{}'));
    const body = { giftCard: { code: 'ABCD1234', customerId: new LosslessNumber('12345678901234567890123') } };
    await client().request({ method: 'POST', path: '/api/x', body });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toBe('{"giftCard":{"code":"ABCD1234","customerId":12345678901234567890123}}');
  });

  it('encodes the query and leaves out undefined values', async () => {
    const seen: Seen[] = [];
    mock.pool.intercept({ path: (p) => p.startsWith('/api/s?'), method: 'GET' }).reply(...record(seen, 200, '{}'));
    await client().request({ method: 'GET', path: '/api/s', query: { status: 'enabled', note: 'a b&c=d/é', sinceId: undefined, limit: '5' } });
    expect(seen[0]!.path).toBe('/api/s?status=enabled&note=a+b%26c%3Dd%2F%C3%A9&limit=5');
    expect(new URL(seen[0]!.path, ORIGIN).searchParams.get('note')).toBe('a b&c=d/é');
  });

  it('sends no "?" for an empty query', async () => {
    const seen: Seen[] = [];
    mock.pool.intercept({ path: '/api/s', method: 'GET' }).reply(...record(seen, 200, '{}'));
    await client().request({ method: 'GET', path: '/api/s', query: { status: undefined } });
    expect(seen[0]!.path).toBe('/api/s');
  });

  it('prefixes paths with the base URL path', async () => {
    const seen: Seen[] = [];
    mock.pool.intercept({ path: '/store/one/api/x', method: 'GET' }).reply(...record(seen, 200, '{}'));
    const c = client({ baseUrl: `${ORIGIN}/store/one/` });
    expect(c.baseUrl).toBe(`${ORIGIN}/store/one`);
    await c.request({ method: 'GET', path: '/api/x' });
    expect(seen[0]!.path).toBe('/store/one/api/x');
  });

  it('parses the response losslessly: a 20-digit id keeps its digits', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{"giftCard":{"id":98765432109876543210,"balance":"10.00"}}', {
      headers: { 'content-type': 'application/json', link: '</a?pageToken=t>; rel="next"' },
    });
    const response = await client().request({ method: 'GET', path: '/api/x' });
    expect(response.status).toBe(200);
    expect(response.headers.link).toBe('</a?pageToken=t>; rel="next"');
    const card = (response.body as { giftCard: { id: unknown } }).giftCard;
    expect(card.id).toBeInstanceOf(LosslessNumber);
    expect(String(card.id)).toBe('98765432109876543210');
    expect(toJson(response.body)).toBe('{"giftCard":{"id":98765432109876543210,"balance":"10.00"}}');
  });

  it('turns an empty 2xx body into {}', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'DELETE' }).reply(204, '');
    expect((await client().request({ method: 'DELETE', path: '/api/x' })).body).toEqual({});
    mock.pool.intercept({ path: '/api/y', method: 'GET' }).reply(200, '  \n', JSON_HEADERS);
    expect((await client().request({ method: 'GET', path: '/api/y' })).body).toEqual({});
  });

  it('takes any 2xx as success: 201 and 202 with their body, 204 without one', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(201, '{"giftCard":{"id":"201462124"}}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'PUT' }).reply(202, '{"accepted":true}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'DELETE' }).reply(204, '');
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(299, '');
    const http = client();
    const created = await http.request({ method: 'POST', path: '/api/x', body: {} });
    expect([created.status, toJson(created.body)]).toEqual([201, '{"giftCard":{"id":"201462124"}}']);
    const accepted = await http.request({ method: 'PUT', path: '/api/x', body: {} });
    expect([accepted.status, toJson(accepted.body)]).toEqual([202, '{"accepted":true}']);
    expect(await http.request({ method: 'DELETE', path: '/api/x' })).toMatchObject({ status: 204, body: {} });
    expect(await http.request({ method: 'POST', path: '/api/x', body: {} })).toMatchObject({ status: 299, body: {} });
    expect(mock.agent.pendingInterceptors()).toHaveLength(0);
  });

  it('joins several Link headers into one value the pager reads', async () => {
    const headers = {
      'content-type': 'application/json',
      link: ['"< https://s.example/x?pageToken=p1&limit=2 >; rel=previous"', '"< https://s.example/x?pageToken=n3&limit=2 >; rel=next"'],
    };
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{"items":[1,2]}', { headers });
    const response = await client().request({ method: 'GET', path: '/api/x' });
    expect(nextPageQuery({ link: response.headers.link, body: response.body, query: { limit: '2' }, items: 2 })).toEqual({ pageToken: 'n3', limit: '2' });
  });

  it('reads a real store\'s {"error"} body into the message', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(404, '{"error":"Gift card not found","status":404}', JSON_HEADERS);
    const error = await failure(client().request({ method: 'GET', path: '/api/x' }));
    expect(error.message).toBe('The store found no such resource (404): Gift card not found.');
  });

  it('fails with a RuntimeError on a 200 body that is not JSON', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '<html>login page</html>', { headers: { 'content-type': 'text/html' } });
    const error = await failure(client().request({ method: 'GET', path: '/api/x' }));
    expect(error).toBeInstanceOf(RuntimeError);
    expect(error.message).toContain('GET /api/x');
    expect(error.message).toContain('not JSON');
  });
});

describe('HttpClient: retries', () => {
  it('retries a GET on 503 and succeeds', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(503, '{"message":"busy"}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{"ok":true}', JSON_HEADERS);
    const response = await client().request({ method: 'GET', path: '/api/x' });
    expect(response.body).toEqual({ ok: true });
    mock.agent.assertNoPendingInterceptors();
  });

  it('retries a PUT and a DELETE on 502/504', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'PUT' }).reply(502, 'Bad Gateway');
    mock.pool.intercept({ path: '/api/x', method: 'PUT' }).reply(200, '{}');
    mock.pool.intercept({ path: '/api/x', method: 'DELETE' }).reply(504, '');
    mock.pool.intercept({ path: '/api/x', method: 'DELETE' }).reply(200, '{}');
    await client().request({ method: 'PUT', path: '/api/x', body: {} });
    await client().request({ method: 'DELETE', path: '/api/x' });
    mock.agent.assertNoPendingInterceptors();
  });

  it('does not retry a POST on 500 (it may have created something)', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(500, '{"code":"internal","message":"Database exploded."}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(201, '{}', JSON_HEADERS);
    const error = await failure(client().request({ method: 'POST', path: '/api/x', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).exitCode).toBe(1);
    expect((error as ApiError).code).toBe('internal');
    expect(error.message).toContain('Database exploded');
    expect(mock.agent.pendingInterceptors()).toHaveLength(1);
  });

  it('does not retry a GET on 404', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(404, '{"code":"not_found","message":"No gift card 9."}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    const error = await failure(client().request({ method: 'GET', path: '/api/x' }));
    expect((error as ApiError).status).toBe(404);
    expect(error.message).toBe('The store found no such resource (404 not_found): No gift card 9.');
    expect(mock.agent.pendingInterceptors()).toHaveLength(1);
  });

  it('retries a POST on 429 with Retry-After: 0', async () => {
    mock.pool
      .intercept({ path: '/api/x', method: 'POST' })
      .reply(429, '{"message":"slow down"}', { headers: { 'content-type': 'application/json', 'retry-after': '0' } });
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(201, '{"created":true}', JSON_HEADERS);
    expect((await client().request({ method: 'POST', path: '/api/x', body: {} })).body).toEqual({ created: true });
    mock.agent.assertNoPendingInterceptors();
  });

  it('waits as long as Retry-After says', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(429, '', { headers: { 'retry-after': '0.2' } });
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    // Measured on a simulated clock (the governor's): the wait takes no real time.
    const clock = new SimClock().autoAdvance();
    await client({ governor: new RateGovernor({ clock }) }).request({ method: 'GET', path: '/api/x' });
    expect(clock.now()).toBeGreaterThanOrEqual(200);
  });

  it('gives up at once when Retry-After exceeds the total wait budget', async () => {
    mock.pool
      .intercept({ path: '/api/x', method: 'GET' })
      .reply(429, '{"message":"Daily quota used"}', { headers: { 'content-type': 'application/json', 'retry-after': '3600' } });
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    const started = Date.now();
    const error = await failure(client().request({ method: 'GET', path: '/api/x' }));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((error as ApiError).status).toBe(429);
    expect(error.message).toContain('Daily quota used');
    expect(mock.agent.pendingInterceptors()).toHaveLength(1);
  });

  it('retries a POST marked idempotent on 503', async () => {
    mock.pool.intercept({ path: '/api/x/disable', method: 'POST' }).reply(503, '');
    mock.pool.intercept({ path: '/api/x/disable', method: 'POST' }).reply(200, '{"giftCard":{}}', JSON_HEADERS);
    await client().request({ method: 'POST', path: '/api/x/disable', body: {}, idempotent: true });
    mock.agent.assertNoPendingInterceptors();
  });

  it('throws the last error after maxAttempts, with the status and the server message', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(503, '{"message":"first"}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(502, '{"message":"second"}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(503, '{"code":"unavailable","message":"Maintenance until noon."}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    const error = await failure(client().request({ method: 'GET', path: '/api/x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(error.message).toBe('The store failed with a server error (503 unavailable): Maintenance until noon.');
    expect(mock.agent.pendingInterceptors()).toHaveLength(1);
  });

  it('lists field problems the message did not already say', async () => {
    const body = {
      code: 'invalid',
      message: 'Validation failed: note is too long.',
      errors: [
        { field: 'note', message: 'is too long' },
        { field: 'code', message: 'is taken' },
      ],
    };
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(400, JSON.stringify(body), JSON_HEADERS);
    const error = (await failure(client().request({ method: 'POST', path: '/api/x', body: {} }))) as ApiError;
    expect(error.message).toBe('The store rejected the request as invalid (400 invalid): Validation failed: note is too long [code: is taken].');
    expect(error.fields).toEqual(body.errors);
    expect(error.exitCode).toBe(1);
  });

  it('maps 401 to exit code 4 with a hint to log in', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(401, '{"code":"unauthorized","message":"Unknown token."}', JSON_HEADERS);
    const error = (await failure(client().request({ method: 'GET', path: '/api/x' }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.exitCode).toBe(4);
    expect(error.message).toContain('auth login');
    expect(error.message).not.toContain(TOKEN);
  });

  it('maps 403 to exit code 4', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(403, '{"message":"Missing scope write_gift_cards."}', JSON_HEADERS);
    const error = (await failure(client().request({ method: 'GET', path: '/api/x' }))) as ApiError;
    expect(error.status).toBe(403);
    expect(error.exitCode).toBe(4);
    expect(error.message).toContain('write_gift_cards');
  });
});

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
const reset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

describe('HttpClient: network errors', () => {
  it('retries a GET on ECONNREFUSED, then fails: every attempt refused, the store could not be reached (naming its host and the code)', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).replyWithError(refused()).times(3);
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    const error = await failure(client().request({ method: 'GET', path: '/api/x' }));
    expect(error).toBeInstanceOf(UnreachableError);
    expect((error as NetworkError).causeCode).toBe('ECONNREFUSED');
    expect((error as NetworkError).exitCode).toBe(1);
    // How many attempts, over how long (the waits included), say what the retries did.
    expect(error.message).toMatch(
      new RegExp(
        `^The store could not be reached at ${new URL(ORIGIN).host}: the connection was refused on each of 3 attempts over \\d+ ms \\(ECONNREFUSED\\)\\.$`,
      ),
    );
    expect(mock.agent.pendingInterceptors()).toHaveLength(1); // all three attempts were made, no fourth
  });

  it('a final network error after other failures says how many of the attempts ended so', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(503, '{}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).replyWithError(refused()).times(2);
    const error = await failure(client().request({ method: 'GET', path: '/api/x' }));
    expect(error.message).toMatch(/: the connection was refused on the last 2 of 3 attempts over \d+ ms \(ECONNREFUSED\)\.$/);
    // The store answered once: it is there, this request failed (a bulk run fails the row, not the run).
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(UnreachableError);
  });

  it('a network error of a single attempt (a POST is not resent) names no attempts', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).replyWithError(reset());
    const error = await failure(client().request({ method: 'POST', path: '/api/x', body: {} }));
    expect(error.message).toBe(`Could not complete the POST request to the store at ${ORIGIN}: the connection was reset (ECONNRESET).`);
  });

  it('recovers when a refused connection succeeds on retry', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).replyWithError(refused());
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{"ok":true}', JSON_HEADERS);
    expect((await client().request({ method: 'GET', path: '/api/x' })).body).toEqual({ ok: true });
  });

  it('retries a POST on ECONNREFUSED (never sent) but not on ECONNRESET', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).replyWithError(refused());
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(201, '{}', JSON_HEADERS);
    await client().request({ method: 'POST', path: '/api/x', body: {} });
    mock.agent.assertNoPendingInterceptors();

    mock.pool.intercept({ path: '/api/y', method: 'POST' }).replyWithError(reset());
    mock.pool.intercept({ path: '/api/y', method: 'POST' }).reply(201, '{}', JSON_HEADERS);
    const error = await failure(client().request({ method: 'POST', path: '/api/y', body: {} }));
    expect((error as NetworkError).causeCode).toBe('ECONNRESET');
    expect(mock.agent.pendingInterceptors()).toHaveLength(1);
  });
});

describe('HttpClient: whether a failed request may have been applied', () => {
  it('a refusal (4xx) or a connection never made: not applied', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(409, '{"code":"conflict"}', JSON_HEADERS);
    expect(((await failure(client().request({ method: 'POST', path: '/api/x', body: {} }))) as ApiError).mayHaveApplied).toBe(false);
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).replyWithError(refused()).times(3);
    expect(((await failure(client().request({ method: 'POST', path: '/api/x', body: {} }))) as NetworkError).mayHaveApplied).toBe(false);
  });

  it('a reset or a 5xx: may have been applied', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).replyWithError(reset());
    expect(((await failure(client().request({ method: 'POST', path: '/api/x', body: {} }))) as NetworkError).mayHaveApplied).toBe(true);
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(502, 'Bad Gateway');
    expect(((await failure(client().request({ method: 'POST', path: '/api/x', body: {} }))) as ApiError).mayHaveApplied).toBe(true);
  });

  it('an idempotent POST resent after a reset: a later 409 or refused connection still says an attempt may have applied', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).replyWithError(reset());
    mock.pool.intercept({ path: '/api/x', method: 'POST' }).reply(409, '{"code":"conflict"}', JSON_HEADERS);
    const conflict = (await failure(client().request({ method: 'POST', path: '/api/x', body: {}, idempotent: true }))) as ApiError;
    expect(conflict.status).toBe(409);
    expect(conflict.mayHaveApplied).toBe(true);

    mock.pool.intercept({ path: '/api/y', method: 'POST' }).reply(503, '');
    mock.pool.intercept({ path: '/api/y', method: 'POST' }).replyWithError(refused()).times(2);
    const refusedLast = (await failure(client().request({ method: 'POST', path: '/api/y', body: {}, idempotent: true }))) as NetworkError;
    expect(refusedLast.causeCode).toBe('ECONNREFUSED');
    expect(refusedLast.mayHaveApplied).toBe(true);
    mock.agent.assertNoPendingInterceptors();
  });
});

describe('HttpClient: log and cancellation', () => {
  it('logs method, URL and status, with the token only as ****last4', async () => {
    const lines: string[] = [];
    mock.pool.intercept({ path: '/api/x?limit=5', method: 'GET' }).reply(503, '');
    mock.pool.intercept({ path: '/api/x?limit=5', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    await client({ log: (line) => lines.push(line) }).request({ method: 'GET', path: '/api/x', query: { limit: '5' } });
    const text = lines.join('\n');
    expect(lines).toContain(`> GET ${ORIGIN}/api/x?limit=5`);
    expect(lines).toContain(`> ${TOKEN_HEADER}: ****WXYZ`);
    expect(lines.some((l) => /^< 503 \(\d+ ms\)$/.test(l))).toBe(true);
    expect(lines.some((l) => /^< 200 \(\d+ ms\)$/.test(l))).toBe(true);
    expect(lines.some((l) => /^! 503: retrying in \d+ ms \(attempt 2 of 3\)$/.test(l))).toBe(true);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.slice(0, -4));
  });

  it('tells onWrite as each attempt of a write is sent, never for a read', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    mock.pool.intercept({ path: '/api/x', method: 'PUT' }).reply(503, '');
    mock.pool.intercept({ path: '/api/x', method: 'PUT' }).reply(200, '{}', JSON_HEADERS);
    const writes: string[] = [];
    const http = client({ onWrite: () => writes.push('write') });
    await http.request({ method: 'GET', path: '/api/x' });
    expect(writes).toEqual([]);
    await http.request({ method: 'PUT', path: '/api/x', body: {} });
    expect(writes).toEqual(['write', 'write']); // the 503 and the attempt after it
  });

  it('ends with CancelledError (exit 130) when the signal is already aborted', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    const controller = new AbortController();
    controller.abort();
    const error = await failure(client({ signal: controller.signal }).request({ method: 'GET', path: '/api/x' }));
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).exitCode).toBe(130);
  });

  it('ends a retry wait with CancelledError when aborted', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(503, '');
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    const controller = new AbortController();
    const slow: RetryPolicy = { maxAttempts: 3, baseDelayMs: 10_000, maxDelayMs: 10_000, maxTotalWaitMs: 60_000 };
    const started = Date.now();
    const pending = client({ signal: controller.signal, retry: slow }).request({ method: 'GET', path: '/api/x' });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error).toBeInstanceOf(CancelledError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(mock.agent.pendingInterceptors()).toHaveLength(1);
  });

  it('ends a request in flight with CancelledError when aborted', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS).delay(5_000);
    const controller = new AbortController();
    const started = Date.now();
    const pending = client({ signal: controller.signal }).request({ method: 'GET', path: '/api/x' });
    setTimeout(() => controller.abort(), 50);
    expect(await failure(pending)).toBeInstanceOf(CancelledError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('HttpClient: dispatcher', () => {
  it('also works over a single MockPool', async () => {
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{"n":1}', JSON_HEADERS);
    const response = await client({ dispatcher: mock.pool }).request({ method: 'GET', path: '/api/x' });
    expect(String((response.body as { n: unknown }).n)).toBe('1');
  });

  it('leaves a dispatcher it was given open on close()', async () => {
    const c = client();
    await c.close();
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(200, '{}', JSON_HEADERS);
    await expect(c.request({ method: 'GET', path: '/api/x' })).resolves.toMatchObject({ status: 200 });
  });
});

describe('raw requests (the api command)', () => {
  it('sends bodyText as is and extra headers, but never lets them replace the token', async () => {
    const seen: Seen[] = [];
    mock.pool.intercept({ path: '/api/202412/x', method: 'POST' }).reply(...record(seen, 200, '{"ok": 1}'));
    const text = '{ "id": 4000000000000000011,\n "a": [1 , 2] }';
    await client().requestRaw({
      method: 'POST',
      path: '/api/202412/x',
      bodyText: text,
      headers: { accept: 'text/plain', 'x-service-access-token': 'stolen', 'x-extra': 'yes' },
    });
    expect(seen[0]!.body).toBe(text);
    expect(seen[0]!.headers['x-service-access-token']).toBe(TOKEN);
    expect(seen[0]!.headers.accept).toBe('text/plain');
    expect(seen[0]!.headers['x-extra']).toBe('yes');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('answers the text unparsed: JSON exactly, not JSON, and empty', async () => {
    mock.pool.intercept({ path: '/a', method: 'GET' }).reply(200, '{"n": 1.50}', JSON_HEADERS);
    mock.pool.intercept({ path: '/b', method: 'GET' }).reply(200, 'plain text', { headers: { 'content-type': 'text/plain' } });
    mock.pool.intercept({ path: '/c', method: 'DELETE' }).reply(204, '');
    const http = client();
    expect((await http.requestRaw({ method: 'GET', path: '/a' })).text).toBe('{"n": 1.50}');
    expect((await http.requestRaw({ method: 'GET', path: '/b' })).text).toBe('plain text');
    expect(await http.requestRaw({ method: 'DELETE', path: '/c' })).toMatchObject({ status: 204, text: '' });
  });

  it('a final non-2xx carries the body as received', async () => {
    mock.pool.intercept({ path: '/missing', method: 'GET' }).reply(404, '{"code":"not_found","message":"No such thing."}', JSON_HEADERS);
    const error = await failure(client().requestRaw({ method: 'GET', path: '/missing' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).responseText).toBe('{"code":"not_found","message":"No such thing."}');
    expect((error as ApiError).responseHeaders).toMatchObject({ 'content-type': 'application/json' });
    expect(error.message).toContain('No such thing');
  });
});

describe('HttpClient: header family', () => {
  it('sends the token under the family chosen, and logs that header (genstore: X-Genstore-Access-Token)', async () => {
    const seen: Seen[] = [];
    const lines: string[] = [];
    mock.pool.intercept({ path: '/api/202412/gift_cards/count', method: 'GET' }).reply(...record(seen, 200, '{"count":1}'));
    await client({ family: new FamilyChoice('genstore', false), log: (l) => lines.push(l) }).requestRaw({
      method: 'GET',
      path: '/api/202412/gift_cards/count',
      headers: { [TOKEN_HEADER]: 'smuggled' },
    });
    expect(seen[0]!.headers[GENSTORE_HEADER.toLowerCase()]).toBe(TOKEN);
    // An extra header can set neither family's token header.
    expect(seen[0]!.headers[TOKEN_HEADER.toLowerCase()]).toBeUndefined();
    expect(lines).toContain(`> ${GENSTORE_HEADER}: ****WXYZ`);
  });

  it('nothing named the family: a 401 asks oauth2/access_scopes once under the other header, then sends the request again under it', async () => {
    const seen: Seen[] = [];
    const found: string[] = [];
    const family = new FamilyChoice('service', true, (brand) => found.push(brand));
    mock.pool.intercept({ path: '/api/202412/gift_cards', method: 'POST' }).reply(...record(seen, 401, '{"error":"Unauthorized"}'));
    mock.pool.intercept({ path: '/api/202501/oauth2/access_scopes', method: 'GET' }).reply(...record(seen, 200, '{"accessScopes": "[read_gift_card]"}'));
    mock.pool.intercept({ path: '/api/202412/gift_cards', method: 'POST' }).reply(...record(seen, 200, '{"giftCard":{"id":"1"}}'));
    mock.pool.intercept({ path: '/api/202412/gift_cards/count', method: 'GET' }).reply(...record(seen, 200, '{"count":1}'));
    const http = client({ family, probePath: '/api/202501/oauth2/access_scopes' });
    const created = await http.request({ method: 'POST', path: '/api/202412/gift_cards', body: { giftCard: {} } });
    expect(created.body).toEqual({ giftCard: { id: '1' } });
    await http.request({ method: 'GET', path: '/api/202412/gift_cards/count' });
    expect(
      seen.map(
        (q) => `${q.method} ${q.path} ${q.headers[TOKEN_HEADER.toLowerCase()] ? 'service' : q.headers[GENSTORE_HEADER.toLowerCase()] ? 'genstore' : '-'}`,
      ),
    ).toEqual([
      'POST /api/202412/gift_cards service',
      'GET /api/202501/oauth2/access_scopes genstore',
      'POST /api/202412/gift_cards genstore',
      'GET /api/202412/gift_cards/count genstore',
    ]);
    expect(found).toEqual(['genstore']);
    expect(family.found).toBe('genstore');
  });

  it('the other family refused too: the 401 stands, and no second probe is made', async () => {
    const seen: Seen[] = [];
    const family = new FamilyChoice('service', true);
    mock.pool
      .intercept({ path: '/api/x', method: 'GET' })
      .reply(...record(seen, 401, '{}'))
      .times(2);
    mock.pool.intercept({ path: '/api/202412/oauth2/access_scopes', method: 'GET' }).reply(...record(seen, 401, '{}'));
    const http = client({ family });
    expect((await failure(http.request({ method: 'GET', path: '/api/x' }))) as ApiError).toMatchObject({ status: 401 });
    expect((await failure(http.request({ method: 'GET', path: '/api/x' }))) as ApiError).toMatchObject({ status: 401 });
    expect(seen.map((q) => q.path)).toEqual(['/api/x', '/api/202412/oauth2/access_scopes', '/api/x']);
    expect(family.brand).toBe('service');
  });

  it('a family that was named is never switched: a 401 is final', async () => {
    const seen: Seen[] = [];
    mock.pool.intercept({ path: '/api/x', method: 'GET' }).reply(...record(seen, 401, '{}'));
    expect(await failure(client({ family: new FamilyChoice('genstore', false) }).request({ method: 'GET', path: '/api/x' }))).toMatchObject({ status: 401 });
    expect(seen.map((q) => q.path)).toEqual(['/api/x']);
  });

  it('requests refused at once share one probe', async () => {
    const seen: Seen[] = [];
    const family = new FamilyChoice('service', true);
    mock.pool
      .intercept({ path: (p) => p.startsWith('/api/x'), method: 'GET' })
      .reply((opts) => {
        const h = lowerHeaders(opts.headers);
        seen.push({ method: 'GET', path: opts.path, headers: h, body: undefined });
        return { statusCode: h[GENSTORE_HEADER.toLowerCase()] ? 200 : 401, data: '{}', responseOptions: JSON_HEADERS };
      })
      .persist();
    mock.pool.intercept({ path: '/api/202412/oauth2/access_scopes', method: 'GET' }).reply(...record(seen, 200, '{}'));
    const http = client({ family });
    await Promise.all([1, 2, 3].map((n) => http.request({ method: 'GET', path: `/api/x${n}` })));
    expect(seen.filter((q) => q.path.includes('access_scopes'))).toHaveLength(1);
    expect(family.brand).toBe('genstore');
  });
});
