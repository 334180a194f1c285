// Bounds on an answer: a store (or a webhook receiver) that trickles its answer a byte at a
// time meets the --timeout deadline, which covers the whole attempt (undici's own timeouts
// are between bytes); an answer past the cap (64 MiB for typed commands) is not read
// further. Tiny local servers stand in for the misbehaving peers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLargeError, NetworkError } from '../../src/core/errors.js';
import { HttpClient, MAX_ANSWER_BYTES } from '../../src/core/http.js';
import { cli } from '../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../helpers/stack-trace.js';
import { SimClock } from '../bulk/sim-clock.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Headers at once, then one byte every 100 ms, for ever (until the client goes). */
const trickle: Handler = (request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"count": 1');
  const timer = setInterval(() => response.write(' '), 100);
  response.on('close', () => clearInterval(timer));
};

/** 64 MiB and one byte more, sent in 1 MiB chunks without a Content-Length. */
const oversize: Handler = (request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let sent = 0;
  const more = () => {
    while (sent <= MAX_ANSWER_BYTES) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    response.end('{"count": 1}');
  };
  response.on('close', () => (sent = Infinity));
  more();
};

describe('bounds on an answer', () => {
  let server: Server;
  let handler: Handler = trickle;
  let baseUrl = '';
  let requests = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      requests += 1;
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const env = () => ({ STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: 'secret-token' });

  it('a trickling answer meets --timeout as one deadline per attempt: exit 1 after the retries, not never', { timeout: 30_000 }, async () => {
    handler = trickle;
    requests = 0;
    const started = performance.now();
    // The deadlines are real time; the backoffs between the attempts simulated.
    const r = await cli(['--timeout', '300', 'giftcard', 'count'], { env: env(), clock: new SimClock().autoAdvance() });
    const took = performance.now() - started;
    expect(r.code).toBe(1);
    expectNoStackTrace(r.stderr);
    expect(r.stderr).toMatch(
      /^error: Could not complete the GET request to the store at .*: the answer did not arrive whole within the timeout \(--timeout 300 ms\) on each of 5 attempts/,
    );
    expect(requests).toBe(5);
    // Five attempts of 300 ms.
    expect(took).toBeLessThan(15_000);
  });

  it('webhook trigger --to a receiver that trickles its answer: exit 1 at the deadline', { timeout: 30_000 }, async () => {
    handler = trickle;
    const started = performance.now();
    const r = await cli(['--timeout', '400', 'webhook', 'trigger', 'products/create', '--to', `${baseUrl}/hook`, '--secret', 'shh'], { env: env() });
    expect(r.code).toBe(1);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(r.stderr).toMatch(/error: Could not deliver .*: the answer did not arrive whole within the timeout \(400 ms\) \(ETIMEDOUT\)\./);
  });

  it('an answer past 64 MiB: not read further, exit 1 saying so, not retried', { timeout: 60_000 }, async () => {
    handler = oversize;
    requests = 0;
    const r = await cli(['giftcard', 'count'], { env: env() });
    expect(r.code).toBe(1);
    expectNoStackTrace(r.stderr);
    expect(r.stderr).toBe(
      "error: The store's answer to GET /api/202412/gift_cards/count is larger than 64 MiB, the most a command reads: stopped reading it.\n",
    );
    expect(requests).toBe(1);
  });

  it("the cap is the client's option: an announced or a streamed body past it fails as AnswerTooLargeError; one at it is read", async () => {
    const body = JSON.stringify({ count: '12345' });
    handler = (request, response) => {
      request.resume();
      const chunked = request.url!.includes('chunked');
      response.writeHead(200, chunked ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', 'content-length': String(body.length) });
      response.end(body);
    };
    const client = (maxAnswerBytes: number) => new HttpClient({ baseUrl, token: async () => 't', timeoutMs: 2000, userAgent: 'test', maxAnswerBytes });
    for (const path of ['/announced', '/chunked']) {
      const small = client(body.length - 1);
      await expect(small.request({ method: 'GET', path })).rejects.toBeInstanceOf(AnswerTooLargeError);
      await small.close();
      const exact = client(body.length);
      expect((await exact.request({ method: 'GET', path })).body).toEqual({ count: expect.anything() });
      await exact.close();
    }
  });

  it('a deadline is a network error of the attempt, retried like a stalled answer', async () => {
    handler = trickle;
    const client = new HttpClient({
      baseUrl,
      token: async () => 't',
      timeoutMs: 200,
      userAgent: 'test',
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, maxTotalWaitMs: 100 },
    });
    requests = 0;
    const error = await client.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).causeCode).toBe('STORE_CLI_ATTEMPT_DEADLINE');
    expect(requests).toBe(2);
  });
});
