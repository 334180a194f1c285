import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_SCOPES, startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { ANSI, call, expectUsageError, serveInProcess, stripAnsi, tsvRows, waitFor } from '../_support.js';

const TOKEN = 'sbx_logs_test_abcd';
const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function sandbox(port = 0): Promise<RunningSandbox> {
  const started = await startSandbox({ port, tokens: [{ token: TOKEN, scopes: ALL_SCOPES }] });
  cleanups.push(() => started.close());
  return started;
}

const envFor = (target: { baseUrl: string }) => ({ STORE_CLI_BASE_URL: target.baseUrl, STORE_CLI_TOKEN: TOKEN });

/** Three requests: 200, 404 with a code in its query, 401 without a token. */
async function traffic(target: RunningSandbox): Promise<void> {
  await call(target, 'GET', '/gift_cards/count');
  await call(target, 'GET', '/gift_cards/search?code=GIFTCODE12345&status=enabled');
  await call(target, 'GET', '/nothing');
  await fetch(`${target.baseUrl}/api/202412/collections`).then((r) => r.text());
}

describe('sandbox logs', () => {
  it('piped: one TSV row per entry, oldest first (time, method, path and query, status, ms, token last 4), codes masked', async () => {
    const target = await sandbox();
    await traffic(target);
    const result = await cli(['sandbox', 'logs'], { env: envFor(target) });
    expect(result.code, result.stderr).toBe(0);
    const rows = tsvRows(result.stdout);
    expect(rows.map((row) => [row[1], row[2], row[3], row[5]])).toEqual([
      ['GET', '/api/202412/gift_cards/count', '200', 'abcd'],
      ['GET', '/api/202412/gift_cards/search?code=***&status=enabled', '200', 'abcd'],
      ['GET', '/api/202412/nothing', '404', 'abcd'],
      ['GET', '/api/202412/collections', '401', ''],
    ]);
    expect(rows[0]![0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows[0]![4]).toMatch(/^\d+$/);
    expect(result.stdout).not.toContain('GIFTCODE12345');
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('in a terminal: a table with the time of day, the status coloured and the token as …last4', async () => {
    const target = await sandbox();
    await traffic(target);
    const result = await cli(['sandbox', 'logs', '--status', '2xx'], { env: envFor(target), tty: true, columns: 120 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(ANSI);
    const lines = stripAnsi(result.stdout).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TIME\s+METHOD\s+PATH\s+STATUS\s+MS\s+TOKEN$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d\.\d{3}\s+GET\s+\/api\/202412\/gift_cards\/count\s+200\s+\d+\s+…abcd$/);
  });

  it('--json: one array of the entries; filters by status, method and path; --limit keeps the newest', async () => {
    const target = await sandbox();
    await traffic(target);
    await call(target, 'POST', '/gift_cards', { giftCard: {} });
    const all = await cli(['sandbox', 'logs', '--json'], { env: envFor(target) });
    const entries = JSON.parse(all.stdout) as Array<Record<string, unknown>>;
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[4]).toMatchObject({ kind: 'request', method: 'POST', path: '/api/202412/gift_cards', query: '', status: 400, tokenLast4: 'abcd' });
    const pick = async (...flags: string[]) => {
      const result = await cli(['sandbox', 'logs', '--json', 'seq', ...flags], { env: envFor(target) });
      expect(result.code, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as Array<{ seq: number }>).map((entry) => entry.seq);
    };
    expect(await pick('--status', '4xx')).toEqual([3, 4, 5]);
    expect(await pick('--status', '401,400')).toEqual([4, 5]);
    expect(await pick('--method', 'post')).toEqual([5]);
    expect(await pick('--path', '/api/202412/gift_cards')).toEqual([1, 2, 5]);
    expect(await pick('--limit', '2')).toEqual([4, 5]);
    expect(await pick('--status', '5xx')).toEqual([]);
    const selected = await cli(['sandbox', 'logs', '--json', 'seq,status', '--limit', '1'], { env: envFor(target) });
    expect(JSON.parse(selected.stdout)).toEqual([{ seq: 5, status: 400 }]);
  });

  it('protected customer data in a query (a search by email, phone or name, and a page token carrying one) only to a token approved for it', async () => {
    const APPROVED = 'sbx_logs_approved_wxyz';
    const PLAIN = 'sbx_logs_plain_4321';
    const target = await startSandbox({
      port: 0,
      seed: 'demo',
      tokens: [
        { token: APPROVED, scopes: ALL_SCOPES },
        { token: PLAIN, scopes: ['read_customers', 'read_orders', 'read_gift_card'] },
      ],
    });
    cleanups.push(() => target.close());
    await call(target, 'GET', '/customers/search?email=ada%40example.com', undefined, APPROVED);
    await call(target, 'GET', '/customers/search?phone=%2B1%20212%20555%200215', undefined, APPROVED);
    const byName = await call(target, 'GET', '/customers/search?name=a&limit=1', undefined, APPROVED);
    const next = /<\s*[^>]*(\/customers\/search\?[^>\s]*)\s*>;\s*rel="?next/.exec(byName.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    await call(target, 'GET', next!, undefined, APPROVED);
    await call(target, 'GET', '/orders?email=grace%40example.com&status=any', undefined, APPROVED);
    await call(target, 'GET', '/gift_cards/search?status=enabled', undefined, APPROVED);
    const queries = async (token: string) => {
      const result = await cli(['sandbox', 'logs', '--json', 'query'], { env: { STORE_CLI_BASE_URL: target.baseUrl, STORE_CLI_TOKEN: token } });
      expect(result.code, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as Array<{ query: string }>).map((entry) => entry.query);
    };
    const plain = await queries(PLAIN);
    expect(plain).toEqual([
      'email=***',
      'phone=***',
      'name=***&limit=1',
      expect.stringMatching(/^limit=1&pageToken=\*\*\*$/),
      'email=***&status=any',
      'status=enabled',
    ]);
    expect(plain.join(' ')).not.toMatch(/ada|grace|212/);
    // As answers show them: to the approved token, as sent.
    const approved = await queries(APPROVED);
    expect(approved.slice(0, 3)).toEqual(['email=ada%40example.com', 'phone=%2B1%20212%20555%200215', 'name=a&limit=1']);
    expect(approved[3]).toMatch(/^limit=1&pageToken=[\w-]+$/);
  });

  it('an empty log is a success, said on stderr in a terminal only', async () => {
    const target = await sandbox();
    const tty = await cli(['sandbox', 'logs'], { env: envFor(target), tty: true });
    expect(tty).toMatchObject({ code: 0, stdout: '' });
    expect(tty.stderr).toMatch(/No requests match/);
    expect(await cli(['sandbox', 'logs'], { env: envFor(target) })).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('a bad filter exits 2 naming its flag, before anything is sent', async () => {
    // Nothing listens there: a request would fail with exit 1, not 2.
    const env = { STORE_CLI_BASE_URL: 'http://127.0.0.1:9', STORE_CLI_TOKEN: TOKEN };
    expectUsageError(await cli(['sandbox', 'logs', '--status', '4x'], { env }), '--status');
    expectUsageError(await cli(['sandbox', 'logs', '--status', '600'], { env }), '--status');
    expectUsageError(await cli(['sandbox', 'logs', '--method', 'G T'], { env }), '--method');
    expectUsageError(await cli(['sandbox', 'logs', '--path', ''], { env }), '--path');
    expectUsageError(await cli(['sandbox', 'logs', '--limit', '0'], { env }), '--limit');
    expectUsageError(await cli(['sandbox', 'logs', '--json', 'seq,nope'], { env }), '--json');
  });

  it('sandbox serve --log-size N keeps the newest N entries; a size out of range exits 2 naming the flag', async () => {
    const server = await serveInProcess(['--json', '--token', TOKEN, '--log-size', '2', '--quiet']);
    cleanups.push(() => server.stop());
    const target = JSON.parse(server.line) as RunningSandbox;
    for (const path of ['/gift_cards/count', '/collections', '/nothing'])
      await fetch(`${target.baseUrl}/api/202412${path}`, { headers: { 'X-Service-Access-Token': TOKEN } }).then((r) => r.text());
    const kept = await cli(['sandbox', 'logs', '--json', 'seq,path'], { env: envFor(target) });
    expect(JSON.parse(kept.stdout)).toEqual([
      { seq: 2, path: '/api/202412/collections' },
      { seq: 3, path: '/api/202412/nothing' },
    ]);
    expectUsageError(await cli(['sandbox', 'serve', '--port', '0', '--log-size', '0']), '--log-size');
  });

  it('a target that is no store-cli sandbox exits 1 saying so', async () => {
    const server = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const result = await cli(['sandbox', 'logs'], { env: envFor({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }) });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not a store-cli sandbox/);
  });

  it('--follow --json: JSON lines as requests come, through a restart of the sandbox, until Ctrl-C (exit 0)', async () => {
    let target = await sandbox();
    const port = Number(new URL(target.baseUrl).port);
    await call(target, 'GET', '/gift_cards/count');
    await call(target, 'GET', '/collections');
    const controller = new AbortController();
    const run = liveCli(['sandbox', 'logs', '--follow', '--json', 'seq,path,status', '--limit', '1'], { env: envFor(target), signal: controller.signal });
    cleanups.push(async () => {
      controller.abort();
      await run.done;
    });
    const lines = () =>
      run
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { seq: number; path: string; status: number });
    // The newest entry first (--limit 1), then each new one.
    await waitFor(() => (lines().length === 1 ? true : undefined), 5000, 'the newest entry');
    expect(lines()).toEqual([{ seq: 2, path: '/api/202412/collections', status: 200 }]);
    await call(target, 'GET', '/nothing');
    await waitFor(() => (lines().length === 2 ? true : undefined), 5000, 'the new entry');
    expect(lines()[1]).toEqual({ seq: 3, path: '/api/202412/nothing', status: 404 });

    // The sandbox stops: the follower says so and waits; a new one on the same port is followed from its first entry.
    await target.close();
    await waitFor(() => (/went away/.test(run.stderr()) ? true : undefined), 5000, 'the follower to notice');
    target = await sandbox(port);
    await call(target, 'GET', '/gift_cards/count');
    await waitFor(() => (lines().length === 3 ? true : undefined), 10_000, 'the entry of the new run');
    expect(lines()[2]).toEqual({ seq: 1, path: '/api/202412/gift_cards/count', status: 200 });
    expect(run.stderr()).toMatch(/is back, restarted/);

    controller.abort();
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/error/i);
  });

  it('--follow --json: each request as the sandbox answers it, codes masked, the token as its last 4; says it follows; Ctrl-C exits 0', async () => {
    const target = await sandbox();
    await call(target, 'GET', '/gift_cards/count');
    const controller = new AbortController();
    const run = liveCli(['sandbox', 'logs', '--follow', '--json', 'method,path,query,status,tokenLast4'], { env: envFor(target), signal: controller.signal });
    cleanups.push(async () => {
      controller.abort();
      await run.done;
    });
    const lines = () =>
      run
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await waitFor(() => (lines().length === 1 ? true : undefined), 5000, 'the first entry');
    await call(target, 'GET', '/gift_cards/search?code=HIDDENCODE99&status=enabled');
    await call(target, 'GET', '/no-such-thing');
    await waitFor(() => (lines().length === 3 ? true : undefined), 5000, 'the new entries');
    expect(lines()).toEqual([
      { method: 'GET', path: '/api/202412/gift_cards/count', query: '', status: 200, tokenLast4: 'abcd' },
      { method: 'GET', path: '/api/202412/gift_cards/search', query: 'code=***&status=enabled', status: 200, tokenLast4: 'abcd' },
      { method: 'GET', path: '/api/202412/no-such-thing', query: '', status: 404, tokenLast4: 'abcd' },
    ]);
    controller.abort();
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Following the request log/);
    expectNoStackTrace(result.stderr);
    expect(result.stdout).not.toContain('HIDDENCODE99');
  });

  it('--follow ends with exit 4 when the sandbox comes back refusing its token, and exit 1 when none answers at the start', async () => {
    const target = await sandbox();
    const port = Number(new URL(target.baseUrl).port);
    const run = liveCli(['sandbox', 'logs', '--follow'], { env: envFor(target) });
    await waitFor(() => (/Following/.test(run.stderr()) ? true : undefined), 5000, 'the follower to start');
    await target.close();
    await waitFor(() => (/went away/.test(run.stderr()) ? true : undefined), 5000, 'the follower to notice');
    const other = await startSandbox({ port, tokens: [{ token: 'another-token-0000', scopes: ALL_SCOPES }] });
    cleanups.push(() => other.close());
    const result = await run.done;
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/refused the access token/);
    await other.close();
    expect((await cli(['sandbox', 'logs', '--follow'], { env: envFor(other) })).code).toBe(1);
  });

  it('--follow in a terminal: a table that grows row by row', async () => {
    const target = await sandbox();
    const controller = new AbortController();
    const run = liveCli(['sandbox', 'logs', '-f'], { env: envFor(target), signal: controller.signal, tty: true, columns: 120 });
    cleanups.push(async () => {
      controller.abort();
      await run.done;
    });
    await waitFor(() => (/Following/.test(run.stderr()) ? true : undefined), 5000, 'the follower to start');
    await call(target, 'GET', '/gift_cards/count');
    await waitFor(() => (/gift_cards\/count/.test(run.stdout()) ? true : undefined), 5000, 'the first row');
    await call(target, 'GET', '/collections');
    await waitFor(() => (/collections/.test(run.stdout()) ? true : undefined), 5000, 'the second row');
    controller.abort();
    expect((await run.done).code).toBe(0);
    const lines = stripAnsi(run.stdout()).trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('TIME'))).toHaveLength(1);
    expect(lines).toHaveLength(3);
  });
});
