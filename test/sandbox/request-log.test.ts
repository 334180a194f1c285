// The request log over real HTTP: its bound, what it masks, webhook deliveries in it, the
// filters and the long poll of GET /_sandbox/logs, and RunningSandbox.requests().
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestLogEntry, RunningSandbox, SandboxOptions } from '../../src/sandbox/index.js';
import { ALL_SCOPES, startSandbox } from '../../src/sandbox/index.js';
import { maskedQuery } from '../../src/sandbox/http/request-log.js';
import { launchSandbox, type SandboxInternals } from '../../src/sandbox/sandbox.js';
import { call, freshCode } from './helpers.js';
import { DEMO } from './product-helpers.js';
import { startReceiver } from './webhook-receiver.js';

const TOKEN = 'sbx_test_token_wxyz';
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function sandboxWith(options: SandboxOptions = {}, internals: SandboxInternals = {}): Promise<RunningSandbox> {
  const sandbox = await launchSandbox({ tokens: [{ token: TOKEN, scopes: ALL_SCOPES }], ...options }, { webhookBackoffMs: 2, ...internals });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

interface LogAnswer {
  instance: string;
  size: number;
  first: number;
  last: number;
  entries: RequestLogEntry[];
}

async function logs(sandbox: RunningSandbox, query = ''): Promise<LogAnswer> {
  const reply = await call(sandbox, 'GET', `${sandbox.baseUrl}/_sandbox/logs${query}`);
  if (reply.status !== 200) throw new Error(`GET /_sandbox/logs${query}: ${reply.status} ${reply.text}`);
  return reply.json as LogAnswer;
}

const paths = (entries: readonly RequestLogEntry[]) => entries.map((entry) => (entry.query === '' ? entry.path : `${entry.path}?${entry.query}`));

describe('the request log', () => {
  it('keeps the newest logSize entries, numbered, each as its answer went out', async () => {
    const sandbox = await sandboxWith({ logSize: 3 });
    for (const path of ['/gift_cards/count', '/gift_cards/search?status=enabled', '/nowhere', '/gift_cards/count', '/collections'])
      await call(sandbox, 'GET', path);
    // In the log as soon as the caller has its answer: no waiting needed.
    const kept = sandbox.requests();
    expect(kept.map((entry) => entry.seq)).toEqual([3, 4, 5]);
    expect(paths(kept)).toEqual(['/api/202412/nowhere', '/api/202412/gift_cards/count', '/api/202412/collections']);
    expect(kept[0]).toMatchObject({ kind: 'request', method: 'GET', status: 404, tokenLast4: 'wxyz' });
    expect(kept[0]!.ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(kept[0]!.time)).not.toBeNaN();
    const answer = await logs(sandbox);
    expect(answer).toMatchObject({ size: 3, first: 3, last: 5 });
    expect(answer.entries).toEqual(kept);
    // Control requests (this read of the log too) are never in it.
    expect(sandbox.requests().map((entry) => entry.seq)).toEqual([3, 4, 5]);
  });

  it('never holds a secret: the token shows its last 4 characters, codes and credentials in queries are masked', async () => {
    const sandbox = await sandboxWith({
      tokens: [
        { token: TOKEN, scopes: ALL_SCOPES },
        { token: 'short7x', scopes: ALL_SCOPES },
      ],
    });
    const code = freshCode('SECRET');
    await call(sandbox, 'GET', `/gift_cards/search?code=${code}&status=enabled&pageToken=p1`);
    await call(sandbox, 'GET', `/gift_cards/count?access_token=${TOKEN}&api_key=k1&Client-Secret=s1`);
    await call(sandbox, 'DELETE', `/metafields/products/${DEMO.products.mug}?namespace=custom&code=material`);
    await call(sandbox, 'GET', '/gift_cards/count', { token: 'short7x' });
    await call(sandbox, 'GET', '/gift_cards/count', { token: null });
    const entries = sandbox.requests();
    expect(entries.map((entry) => entry.query)).toEqual([
      'code=***&status=enabled&pageToken=p1',
      'access_token=***&api_key=***&Client-Secret=***',
      'namespace=custom&code=material',
      '',
      '',
    ]);
    expect(entries.map((entry) => entry.tokenLast4)).toEqual(['wxyz', 'wxyz', 'wxyz', '', '']);
    const text = JSON.stringify(await logs(sandbox));
    for (const secret of [code, TOKEN, 'k1', 's1', 'short7x']) expect(text).not.toContain(secret);
  });

  it('masks by name only, keeping every other byte of the query as sent', () => {
    expect(maskedQuery('a=%20b&password=x&flag&empty=&CODE=1', '/api/202412/gift_cards/search')).toBe('a=%20b&password=***&flag&empty=&CODE=***');
    expect(maskedQuery('code=title&namespace=n', '/api/202412/metafields/definitions/products')).toBe('code=title&namespace=n');
    expect(maskedQuery('%74oken=x', '/x')).toBe('%74oken=***');
  });

  it('logs a connection the sandbox cut without answering as status 0', async () => {
    const sandbox = await sandboxWith({ failRate: 1, failKinds: ['reset'] });
    await expect(fetch(`${sandbox.baseUrl}/api/202412/gift_cards/count`, { headers: { 'X-Service-Access-Token': TOKEN } })).rejects.toThrow();
    await expect.poll(() => sandbox.requests().map((entry) => entry.status)).toEqual([0]);
  });

  it('logs each webhook delivery attempt: topic, URL without user:password, status, attempt', async () => {
    const hooks = await startReceiver((_delivery, earlier) => (earlier.length === 0 ? 500 : 200));
    cleanups.push(() => hooks.close());
    const url = hooks.url.replace('http://', 'http://user:pw@') + '?secret=s3';
    const sandbox = await sandboxWith({ seed: 'demo', webhooks: { urls: [url] } });
    expect((await call(sandbox, 'DELETE', `/products/${DEMO.products.mug}`)).status).toBe(200);
    await hooks.until((received) => received.length === 2);
    await expect.poll(() => sandbox.requests().filter((entry) => entry.kind === 'webhook').length).toBe(2);
    const deliveries = sandbox.requests().filter((entry) => entry.kind === 'webhook');
    expect(deliveries.map(({ method, path, query, status, attempt, topic, outcome }) => ({ method, path, query, status, attempt, topic, outcome }))).toEqual([
      { method: 'POST', path: hooks.url, query: 'secret=***', status: 500, attempt: 1, topic: 'products/delete', outcome: 'retrying' },
      { method: 'POST', path: hooks.url, query: 'secret=***', status: 200, attempt: 2, topic: 'products/delete', outcome: 'delivered' },
    ]);
    expect(deliveries[0]!.webhookId).toBe(hooks.received[0]!.webhookId);
    expect(JSON.stringify(sandbox.requests())).not.toContain('pw@');
    // The sandbox's own filters find them: a failed delivery is a 5xx like any other.
    expect((await logs(sandbox, '?status=5xx')).entries.map((entry) => entry.kind)).toEqual(['webhook']);
  });
});

describe('GET /_sandbox/logs', () => {
  async function busySandbox(internals: SandboxInternals = {}): Promise<RunningSandbox> {
    const sandbox = await sandboxWith({}, internals);
    await call(sandbox, 'GET', '/gift_cards/count'); // 1: 200
    await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: freshCode(), initialValue: '5' } } }); // 2: 200
    await call(sandbox, 'GET', '/gift_cards/4000000000000000999'); // 3: 404
    await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { initialValue: '5' } } }); // 4: 400
    await call(sandbox, 'GET', '/collections', { token: 'wrong-token' }); // 5: 401
    return sandbox;
  }

  it('filters by status (classes, codes, lists), method, path prefix, after and limit', async () => {
    const sandbox = await busySandbox();
    const seqs = async (query: string) => (await logs(sandbox, query)).entries.map((entry) => entry.seq);
    expect(await seqs('')).toEqual([1, 2, 3, 4, 5]);
    expect(await seqs('?status=4xx')).toEqual([3, 4, 5]);
    expect(await seqs('?status=404,2XX')).toEqual([1, 2, 3]);
    expect(await seqs('?method=post')).toEqual([2, 4]);
    expect(await seqs('?method=GET,DELETE&status=4xx')).toEqual([3, 5]);
    expect(await seqs('?path=/api/202412/gift_cards/')).toEqual([1, 3]);
    expect(await seqs('?after=3')).toEqual([4, 5]);
    expect(await seqs('?limit=2')).toEqual([4, 5]);
    expect(await seqs('?status=2xx&limit=1')).toEqual([2]);
    expect(await seqs('?status=503')).toEqual([]);
  });

  it('refuses a bad filter with 400 naming the parameter, and an unknown parameter too', async () => {
    const sandbox = await busySandbox();
    for (const [query, field] of [
      ['?status=4x', 'status'],
      ['?status=600', 'status'],
      ['?method=G%20T', 'method'],
      ['?path=', 'path'],
      ['?after=-1', 'after'],
      ['?limit=0', 'limit'],
      ['?wait=60001', 'wait'],
      ['?stauts=4xx', 'stauts'],
    ]) {
      const reply = await call(sandbox, 'GET', `${sandbox.baseUrl}/_sandbox/logs${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json.errors[0].field, query).toBe(field);
    }
    expect((await call(sandbox, 'GET', `${sandbox.baseUrl}/_sandbox/logs`, { token: null })).status).toBe(401);
  });

  it('holds a wait=MS read until a matching entry comes, then answers with it', async () => {
    const sandbox = await busySandbox();
    let answered = false;
    const poll = logs(sandbox, '?after=5&status=404&wait=20000').then((answer) => {
      answered = true;
      return answer;
    });
    await call(sandbox, 'GET', '/gift_cards/count'); // 6: matches no filter, so the read goes on waiting
    await call(sandbox, 'GET', `${sandbox.baseUrl}/_sandbox/`);
    expect(answered).toBe(false);
    await call(sandbox, 'GET', '/gift_cards/4000000000000000998'); // 7: the 404 it waits for
    const answer = await poll;
    expect(answer.entries.map((entry) => entry.seq)).toEqual([7]);
    expect(answer.last).toBe(7);
  });

  it('answers a wait with nothing new at its timeout, and a waiting read at once when the sandbox stops', async () => {
    // A grace longer than the test may last: close() ends only when the waiting read has its answer.
    const sandbox = await busySandbox({ closeGraceMs: 60_000 });
    expect(await logs(sandbox, '?after=5&wait=20')).toMatchObject({ last: 5, entries: [] });
    const polling = logs(sandbox, '?after=5&wait=60000');
    await new Promise((resolve) => setTimeout(resolve, 150)); // for the read to reach the sandbox
    const stopping = sandbox.close();
    expect((await polling).entries).toEqual([]);
    await stopping;
  });

  it('answers a reader of another run (instance) at once, from the first entry', async () => {
    const sandbox = await busySandbox();
    const { instance } = await logs(sandbox);
    expect((await logs(sandbox, `?after=4&instance=${instance}`)).entries.map((entry) => entry.seq)).toEqual([5]);
    const other = await logs(sandbox, '?after=4&wait=60000&instance=an-earlier-run');
    expect(other.instance).toBe(instance);
    expect(other.entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('is listed in the control index, and a new run has a new instance', async () => {
    const first = await sandboxWith();
    const index = await call(first, 'GET', `${first.baseUrl}/_sandbox/`);
    expect(index.json.endpoints.map((endpoint: { path: string }) => endpoint.path)).toContain('/_sandbox/logs');
    const second = await startSandbox({ tokens: [{ token: TOKEN, scopes: ALL_SCOPES }] });
    cleanups.push(() => second.close());
    expect((await logs(first)).instance).not.toBe((await logs(second)).instance);
  });

  it('refuses a log size out of range', async () => {
    await expect(startSandbox({ logSize: 0 })).rejects.toThrow(/log size must be a whole number from 1 to 1000000/);
    await expect(startSandbox({ logSize: 1.5 })).rejects.toThrow(/log size/);
  });
});
