import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/dialects.js';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { ANSI, call, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';

const fields = (stdout: string) => Object.fromEntries(tsvRows(stdout).map(([k, v]) => [k, v]));

const MAIN = 'status-main-token-AB12';
const STAGING = 'status-staging-token-CD34';
const ENV_TOKEN = 'status-env-token-EF56';
const META = 'status-meta-token-GH78';

describe('auth status', () => {
  const a = useSandbox({ tokens: [parseTokenSpec(MAIN), parseTokenSpec(ENV_TOKEN), parseTokenSpec(`${META}:read_metafields`)] });
  const b = useSandbox({ tokens: [parseTokenSpec(STAGING)] });

  /** A config dir with `default` logged in to sandbox a and `staging` to sandbox b. */
  async function loggedIn() {
    const dirs = scratchDirs();
    const one = await cli(['auth', 'login', '--base-url', a.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: MAIN });
    const two = await cli(['--profile', 'staging', 'auth', 'login', '--base-url', b.sandbox.baseUrl, '--with-token'], { env: dirs, stdin: STAGING });
    expect([one.code, two.code]).toEqual([0, 0]);
    return dirs;
  }

  it('shows profile, base URL and the token by its last 4, each with its source (config file)', async () => {
    const dirs = await loggedIn();
    const r = await cli(['auth', 'status'], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain(MAIN);
    expect(fields(r.stdout)).toEqual({
      PROFILE: 'default (default)',
      BASE_URL: `${a.sandbox.baseUrl} (config file)`,
      TOKEN: '****AB12 (config file)',
      STATUS: 'token accepted',
      SHOP: 'Sandbox Shop (sandbox.localhost)',
      SCOPES:
        'read_gift_card, write_gift_card, read_products, write_products, read_shops, write_shops, read_inventory, write_inventory, read_metafields, write_metafields, read_apps, write_apps, read_customers, write_customers, read_discounts, write_discounts, read_orders, write_orders, read_all_orders, write_fulfillments, read_markets, write_markets, read_content, write_content, read_materials, write_materials, read_themes, write_themes, read_payments, read_customer_protected_data',
    });
  });

  it('--json has every field', async () => {
    const dirs = await loggedIn();
    const r = await cli(['auth', 'status', '--json'], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      profile: 'default',
      profileSource: 'default',
      environment: null,
      storeFile: null,
      baseUrl: a.sandbox.baseUrl,
      baseUrlSource: 'config file',
      token: '****AB12',
      tokenSource: 'config file',
      tokenStatus: 'accepted',
      scopes: [
        'read_gift_card',
        'write_gift_card',
        'read_products',
        'write_products',
        'read_shops',
        'write_shops',
        'read_inventory',
        'write_inventory',
        'read_metafields',
        'write_metafields',
        'read_apps',
        'write_apps',
        'read_customers',
        'write_customers',
        'read_discounts',
        'write_discounts',
        'read_orders',
        'write_orders',
        'read_all_orders',
        'write_fulfillments',
        'read_markets',
        'write_markets',
        'read_content',
        'write_content',
        'read_materials',
        'write_materials',
        'read_themes',
        'write_themes',
        'read_payments',
        'read_customer_protected_data',
      ],
      shopName: 'Sandbox Shop',
      shopDomain: 'sandbox.localhost',
      shopUnknown: null,
    });
    const picked = await cli(['auth', 'status', '--json', 'tokenStatus,profile'], { env: dirs });
    expect(picked.stdout).toBe('{"tokenStatus":"accepted","profile":"default"}\n');
  });

  it('--profile staging shows the other profile (flag), kept apart from default', async () => {
    const dirs = await loggedIn();
    const r = await cli(['--profile', 'staging', 'auth', 'status', '--json'], { env: dirs });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      profile: 'staging',
      profileSource: 'flag',
      baseUrl: b.sandbox.baseUrl,
      token: '****CD34',
      tokenStatus: 'accepted',
    });
    const fromEnv = await cli(['auth', 'status', '--json', 'profile,profileSource,token'], { env: { ...dirs, STORE_CLI_PROFILE: 'staging' } });
    expect(JSON.parse(fromEnv.stdout)).toEqual({ profile: 'staging', profileSource: 'environment', token: '****CD34' });
  });

  it('STORE_CLI_TOKEN and STORE_CLI_BASE_URL override the file (source: environment)', async () => {
    const dirs = await loggedIn();
    const r = await cli(['auth', 'status', '--json'], { env: { ...dirs, STORE_CLI_TOKEN: ENV_TOKEN } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ baseUrlSource: 'config file', token: '****EF56', tokenSource: 'environment', tokenStatus: 'accepted' });
    const both = await cli(['--profile', 'staging', 'auth', 'status', '--json'], {
      env: { ...dirs, STORE_CLI_TOKEN: ENV_TOKEN, STORE_CLI_BASE_URL: a.sandbox.baseUrl },
    });
    expect(JSON.parse(both.stdout)).toMatchObject({
      baseUrl: a.sandbox.baseUrl,
      baseUrlSource: 'environment',
      tokenSource: 'environment',
      tokenStatus: 'accepted',
    });
  });

  it('--base-url is shown with source flag', async () => {
    const r = await cli(['--base-url', a.sandbox.baseUrl, 'auth', 'status', '--json', 'baseUrl,baseUrlSource,tokenStatus'], { env: { STORE_CLI_TOKEN: MAIN } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ baseUrl: a.sandbox.baseUrl, baseUrlSource: 'flag', tokenStatus: 'accepted' });
  });

  it('a refused token: the status is printed, then exit 4', async () => {
    const dirs = await loggedIn();
    const r = await cli(['auth', 'status'], { env: { ...dirs, STORE_CLI_TOKEN: 'refused-token-ZZ99' } });
    expect(r.code).toBe(4);
    expect(fields(r.stdout)).toMatchObject({ TOKEN: '****ZZ99 (environment)', STATUS: 'token refused' });
    expect(r.stderr).toMatch(/^error: .*refused.*401/);
    expect(r.stderr + r.stdout).not.toContain('refused-token-ZZ99');
    expectNoStackTrace(r.stderr);
    const json = await cli(['auth', 'status', '--json', 'tokenStatus'], { env: { ...dirs, STORE_CLI_TOKEN: 'refused-token-ZZ99' } });
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)).toEqual({ tokenStatus: 'refused' });
  });

  it('a token without the gift card scope is accepted (exit 0), and says so', async () => {
    const r = await cli(['auth', 'status', '--json', 'tokenStatus'], { env: { ...a.env, STORE_CLI_TOKEN: META } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ tokenStatus: 'accepted-without-gift-card-scope' });
    const scopes = await cli(['auth', 'status'], { env: { ...a.env, STORE_CLI_TOKEN: META } });
    expect(fields(scopes.stdout).SCOPES).toBe('read_metafields');
  });

  it('nothing configured: "not logged in", exit 4', async () => {
    const r = await cli(['auth', 'status'], {});
    expect(r.code).toBe(4);
    expect(fields(r.stdout)).toEqual({
      PROFILE: 'default (default)',
      BASE_URL: 'not set',
      TOKEN: 'not set',
      STATUS: 'not logged in',
      SHOP: 'unknown',
      SCOPES: 'unknown',
    });
    expect(r.stderr).toMatch(/^error: Profile 'default' has no base URL/);
    const json = await cli(['auth', 'status', '--json'], {});
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)).toMatchObject({ baseUrl: null, token: null, tokenStatus: 'missing', scopes: null });
  });

  it('a base URL without a token: exit 4 naming STORE_CLI_TOKEN', async () => {
    const r = await cli(['auth', 'status'], { env: { STORE_CLI_BASE_URL: a.sandbox.baseUrl } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('STORE_CLI_TOKEN');
  });

  it('in a terminal: a coloured table; --no-color: none', async () => {
    const dirs = await loggedIn();
    const coloured = await cli(['auth', 'status'], { env: dirs, tty: true });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toMatch(ANSI);
    expect(stripAnsi(coloured.stdout)).toMatch(/^TOKEN\s+\*\*\*\*AB12 \(config file\)$/m);
    const plain = await cli(['auth', 'status', '--no-color'], { env: dirs, tty: true });
    expect(plain.stdout).not.toMatch(ANSI);
  });

  it('at 80 columns: the scopes wrap under their label after a comma, each scope whole, no line wider', async () => {
    const dirs = await loggedIn();
    const r = await cli(['auth', 'status', '--no-color'], { env: dirs, tty: true, columns: 80 });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    const at = lines.findIndex((line) => line.startsWith('SCOPES'));
    const scopeLines = lines.slice(at);
    expect(scopeLines.length).toBeGreaterThan(2);
    // Every line after the first starts under the first's value, and ends after a comma but the last.
    const indent = /^SCOPES\s+/.exec(scopeLines[0]!)![0].length;
    for (const line of scopeLines.slice(1)) expect(line).toMatch(new RegExp(`^ {${indent}}\\S`));
    for (const line of scopeLines.slice(0, -1)) expect(line).toMatch(/,$/);
    const shown = scopeLines.map((line) => line.slice(indent)).join(' ');
    const granted = JSON.parse((await cli(['auth', 'status', '--json', 'scopes'], { env: dirs })).stdout).scopes as string[];
    expect(granted.length).toBeGreaterThan(10);
    expect(shown).toBe(granted.join(', '));
  });

  it('--verbose never shows the token, only ****last4 (the scopes request included)', async () => {
    const dirs = await loggedIn();
    const r = await cli(['--verbose', 'auth', 'status'], { env: dirs });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('X-Service-Access-Token: ****AB12');
    expect(r.stderr).toMatch(/^> GET .*\/api\/202412\/oauth2\/access_scopes$/m);
    expect(r.stdout + r.stderr).not.toContain(MAIN);
  });
});

describe.each(DIALECTS)('auth status lists the scopes (%s dialect)', (dialect) => {
  const s = useSandbox({ dialect, tokens: [parseTokenSpec(`${META}:read_metafields,read_gift_card`)] });

  it("the sandbox answers the token's scopes as text, as a real store does; any valid token may ask", async () => {
    const reply = await call(s.sandbox, 'GET', '/oauth2/access_scopes', undefined, META);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ accessScopes: '[read_gift_card,read_metafields]' });
    const unknown = await call(s.sandbox, 'GET', '/oauth2/access_scopes', undefined, 'no-such-token-0000');
    expect(unknown.status).toBe(401);
    const post = await call(s.sandbox, 'POST', '/oauth2/access_scopes', {}, META);
    expect(post.status).toBe(405);
  });

  it('status shows them; --json as a list', async () => {
    const r = await cli(['auth', 'status', '--json', 'tokenStatus,scopes'], { env: { ...s.env, STORE_CLI_TOKEN: META } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ tokenStatus: 'accepted', scopes: ['read_gift_card', 'read_metafields'] });
  });
});

describe('auth status against a store without the scopes endpoint', () => {
  // A store that knows gift card counts but answers 404 to everything else.
  let server: Server | undefined;
  let baseUrl = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      const ok = req.url === '/api/202412/gift_cards/count' && req.headers['x-service-access-token'] === MAIN;
      res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
      res.end(ok ? '{"count":"3"}' : '{"code":"not_found","message":"No such endpoint."}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('the token works, the scopes are unknown: exit 0', async () => {
    const r = await cli(['auth', 'status'], { env: { STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: MAIN } });
    expect(r.code, r.stderr).toBe(0);
    expect(fields(r.stdout)).toMatchObject({ STATUS: 'token accepted', SCOPES: 'unknown (the store does not list them)' });
    expect(seen).toContain('/api/202412/oauth2/access_scopes');
    const json = await cli(['auth', 'status', '--json', 'scopes'], { env: { STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: MAIN } });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ scopes: null });
  });
});
