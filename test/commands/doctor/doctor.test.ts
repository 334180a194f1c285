// store-cli doctor in-process: against a sandbox in each dialect (every check ok; the refill it
// waits for to learn the plan goes by a simulated clock the sandbox's bucket shares), and
// against tiny stores that lack something, where the line says what. Read-only and at most 11
// GETs, always. Doctor at 80 columns: terminal.test.ts.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';

const isolatedEnv = (env: Record<string, string>) => ({ ...scratchDirs(), ...env });
const run = (argv: string[], options: { env: Record<string, string> }) => cli(argv, { ...options, clock: new SimClock().autoAdvance() });

interface Line {
  check: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  hint: string;
}

const CHECKS = [
  'reachable',
  'tls',
  'header family',
  'token',
  'shop',
  'scopes',
  'api version',
  'rate limit',
  'link',
  'id and time forms',
  'product listing',
  'protected fields',
];

const byCheck = (stdout: string) => Object.fromEntries((JSON.parse(stdout) as Line[]).map((l) => [l.check, l]));

describe.each(DIALECTS)('doctor against a sandbox (%s dialect)', (dialect) => {
  // Plans of the same bucket size: only the refill tells them apart.
  const plan = dialect === 'real' ? 'basic' : 'legacy';
  let sandbox: LoggedSandbox;
  beforeAll(async () => {
    sandbox = await startLogged({ dialect, seed: 'demo', rateLimit: plan }, new SimClock().autoAdvance());
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it(`every check ok, the ${plan} plan learnt from the refill; at most 11 GETs, no write`, async () => {
    const r = await runLogged(sandbox, ['doctor', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const lines = byCheck(r.stdout);
    expect(Object.keys(lines)).toEqual(CHECKS);
    for (const check of CHECKS) expect(lines[check], check).toMatchObject({ status: 'ok' });
    // Until `product list` reaches the sandbox, GET /products is no listing there: said, not failed.
    expect(lines['header family']!.detail).toBe(
      dialect === 'real' ? 'genstore (X-Genstore-Access-Token), from STORE_CLI_BRAND' : 'service (X-Service-Access-Token), from STORE_CLI_BRAND',
    );
    expect(lines['rate limit']!.detail).toMatch(new RegExp(`^bucket of 40, refill about [\\d.]+/s: plan ${plan} \\(40 @ ${plan === 'basic' ? 4 : 2}/s\\)$`));
    expect(lines['link']!.detail).toContain(dialect === 'real' ? 'padded URLs, rel=next unquoted' : 'rel="next"');
    expect(lines['id and time forms']!.detail).toMatch(
      dialect === 'real' ? /ids as JSON strings; times like \S+\.000 \(zone-less/ : /ids as JSON strings; times like \S+Z \(with a zone\)/,
    );
    expect(lines.shop!.detail).toBe('Sandbox Shop (sandbox.localhost)');
    expect(r.requests.length).toBeLessThanOrEqual(11);
    expect(r.requests.every((line) => line.startsWith('GET '))).toBe(true);
  });

  it('a terminal-less run prints one TSV line a check: name, status, detail, hint', async () => {
    const r = await sandbox.run(['doctor']);
    expect(r.code, r.stderr).toBe(0);
    // Only the last line break: a row with no hint ends in a tab.
    const rows = r.stdout
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((row) => row[0])).toEqual(CHECKS);
    expect(rows.every((row) => row.length === 4 && ['ok', 'warn', 'fail'].includes(row[1]!))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------

const TOKEN = 'doc-token-0002';

async function listen(handler: (path: string, headers: IncomingHttpHeaders) => { status: number; body: string; headers?: Record<string, string> }) {
  const seen: Array<{ method: string; path: string }> = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '' });
    const answer = handler(req.url ?? '', req.headers);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('doctor against stores that lack something', () => {
  it('no scopes endpoint, no rate-limit header, one page only, numeric ids; a product listing there: each line says what', async () => {
    const store = await listen((path, headers) => {
      if (headers['x-service-access-token'] !== TOKEN) return { status: 401, body: '{"error":"Unauthorized"}' };
      if (path.startsWith('/api/202412/gift_cards/search'))
        return { status: 200, body: '{"giftCards":[{"id":201462124,"code":"****A7K2","createTime":"2024-12-16T17:04:38Z"}]}' };
      if (path.startsWith('/api/202412/products')) return { status: 200, body: '{"products":[]}' };
      return { status: 404, body: '{"error":"Not Found"}' };
    });
    try {
      const r = await run(['doctor', '--json'], { env: isolatedEnv({ STORE_CLI_BASE_URL: store.url, STORE_CLI_TOKEN: TOKEN, STORE_CLI_BRAND: 'service' }) });
      expect(r.code, r.stderr).toBe(0);
      const lines = byCheck(r.stdout);
      expect(lines.scopes).toMatchObject({ status: 'warn', detail: 'the store does not list the granted scopes (GET oauth2/access_scopes)' });
      expect(lines['rate limit']).toMatchObject({ status: 'warn', detail: 'no X-Service-Shop-Api-Rate-Limit header on any answer' });
      expect(lines.link).toMatchObject({ status: 'warn', detail: 'no Link header seen (a listing of one page)' });
      expect(lines['id and time forms']).toMatchObject({ status: 'ok', detail: 'ids as JSON numbers; times like 2024-12-16T17:04:38Z (with a zone)' });
      expect(lines['product listing']).toMatchObject({ status: 'ok', detail: 'GET /api/202412/products?limit=1 answered 200' });
      expect(lines['api version']!.status).toBe('ok');
      expect(store.seen.length).toBeLessThanOrEqual(11);
      expect(store.seen.every((q) => q.method === 'GET')).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('a version the store does not serve, and a token it refuses under both families: fail lines, exit 1', async () => {
    const store = await listen((path, headers) => {
      if (!path.startsWith('/api/202412/')) return { status: 404, body: '{"error":"Not Found"}' };
      return headers['x-genstore-access-token'] === TOKEN
        ? { status: 200, body: '{"accessScopes":"[read_products]"}' }
        : { status: 401, body: '{"error":"Unauthorized"}' };
    });
    try {
      const env = isolatedEnv({ STORE_CLI_BASE_URL: store.url, STORE_CLI_TOKEN: TOKEN, STORE_CLI_BRAND: 'genstore', STORE_CLI_API_VERSION: '202501' });
      const version = await run(['doctor', '--json'], { env });
      expect(version.code).toBe(1);
      const lines = byCheck(version.stdout);
      expect(lines['api version']).toMatchObject({ status: 'fail', detail: 'nothing under /api/202501 answered (404)' });
      expect(version.stderr).toContain('api version');

      store.seen.length = 0;
      const refused = await run(['doctor', '--json'], { env: isolatedEnv({ STORE_CLI_BASE_URL: store.url, STORE_CLI_TOKEN: 'wrong-token' }) });
      expect(refused.code).toBe(1);
      const refusedLines = byCheck(refused.stdout);
      expect(refusedLines.token).toMatchObject({ status: 'fail', detail: 'refused (401)' });
      expect(refusedLines['header family']!.detail).toContain('under both families');
      // Nothing named the family: the one probe under the other family is among the 11 GETs.
      expect(store.seen.length).toBeLessThanOrEqual(11);
      expect(store.seen.filter((q) => q.path.includes('access_scopes')).length).toBeGreaterThanOrEqual(2);
    } finally {
      await store.close();
    }
  });

  it('a store that cannot be reached: reachable fails, the rest is not checked', async () => {
    const store = await listen(() => ({ status: 200, body: '{}' }));
    const url = store.url;
    await store.close();
    const r = await run(['doctor', '--json'], { env: isolatedEnv({ STORE_CLI_BASE_URL: url, STORE_CLI_TOKEN: TOKEN }) });
    expect(r.code).toBe(1);
    const lines = byCheck(r.stdout);
    expect(lines.reachable).toMatchObject({ status: 'fail' });
    expect(lines.reachable!.detail).toContain('the connection was refused');
    expect(lines.token).toMatchObject({ status: 'warn', detail: 'not checked: the store was not reachable' });
  });
});
