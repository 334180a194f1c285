// `shop info` against a store that answers the docs' own sample (About Shop), and against the
// sandbox in both dialects; `auth status` and `doctor` name the token's shop, and say so when
// the token lacks read_shops instead of failing.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { SimClock } from '../../bulk/sim-clock.js';
import { stripAnsi, tsvRows } from '../_support.js';
import { DOCS_SHOP_SAMPLE } from '../../helpers/shop-sample.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';

describe("shop info, the docs' sample", () => {
  let server: Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      const ok = request.url === '/api/202412/shops/info' && request.headers['x-genstore-access-token'] === 'docs-token';
      response.writeHead(ok ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(ok ? DOCS_SHOP_SAMPLE : '{"error":"not found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const env = () => ({ STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: 'docs-token', STORE_CLI_BRAND: 'genstore' });

  it('prints name, domain, country, currency and the time zone by name and offset', async () => {
    const r = await cli(['shop', 'info'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['NAME', "Sun's Shop"],
      ['DOMAIN', 'online-shop.genstore.com'],
      ['COUNTRY', 'US'],
      ['CURRENCY', 'USD'],
      ['TIME_ZONE', 'America/New_York (UTC-4)'],
      ['SHOP_ID', '1234567890'],
    ]);
  });

  it('in a terminal the labels read with spaces (TIME ZONE, SHOP ID); piped they stay one word a key', async () => {
    const r = await cli(['shop', 'info'], { env: env(), tty: true });
    expect(r.code, r.stderr).toBe(0);
    const labels = stripAnsi(r.stdout)
      .split('\n')
      .map((line) => line.slice(0, line.search(/\S\s{2,}\S|$/) + 1).trim())
      .filter((label) => label !== '');
    expect(labels).toEqual(['NAME', 'DOMAIN', 'COUNTRY', 'CURRENCY', 'TIME ZONE', 'SHOP ID']);
  });

  it('--json prints the shop as sent, unwrapped; --json fields pick from it', async () => {
    const whole = await cli(['shop', 'info', '--json'], { env: env() });
    expect(whole.stdout).toBe(`${DOCS_SHOP_SAMPLE.slice('{"shop":'.length, -1)}\n`);
    const picked = await cli(['shop', 'info', '--json', 'shopName,domain'], { env: env() });
    expect(JSON.parse(picked.stdout)).toEqual({ shopName: "Sun's Shop", domain: 'online-shop.genstore.com' });
  });
});

describe.each(DIALECTS)('shop info and the shop in auth status and doctor, %s dialect', (dialect) => {
  const s = useSandbox({
    dialect,
    seed: 'demo',
    shopName: 'Corner Shop',
    shopDomain: 'corner.example.com',
    currency: 'EUR',
    tokens: [parseTokenSpec('all-scopes-token-1'), { token: 'no-shop-token-2', scopes: ['read_gift_card', 'read_products'] }],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });

  it("shop info shows the sandbox's shop", async () => {
    const r = await cli(['shop', 'info', '--json', 'shopName,domain,currency'], { env: as('all-scopes-token-1') });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ shopName: 'Corner Shop', domain: 'corner.example.com', currency: 'EUR' });
  });

  it('a token without read_shops: shop info exits 4 naming the scope; auth status says the shop is unknown and why, exit 0', async () => {
    const refused = await cli(['shop', 'info'], { env: as('no-shop-token-2') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('read_shops');
    const status = await cli(['auth', 'status'], { env: as('no-shop-token-2') });
    expect(status.code, status.stderr).toBe(0);
    expect(Object.fromEntries(tsvRows(status.stdout).map(([k, v]) => [k, v]))).toMatchObject({ SHOP: 'unknown (the token lacks read_shops)' });
    const json = await cli(['auth', 'status', '--json', 'shopName,shopDomain,shopUnknown'], { env: as('no-shop-token-2') });
    expect(JSON.parse(json.stdout)).toEqual({ shopName: null, shopDomain: null, shopUnknown: 'the token lacks read_shops' });
  });

  it("auth status and doctor name the shop's name and domain", async () => {
    const status = await cli(['auth', 'status'], { env: as('all-scopes-token-1') });
    expect(status.code, status.stderr).toBe(0);
    expect(tsvRows(status.stdout)).toContainEqual(['SHOP', 'Corner Shop (corner.example.com)']);
    // Doctor's pause to watch the bucket refill goes by a simulated clock.
    const clock = new SimClock().autoAdvance();
    const doctor = await cli(['doctor', '--json'], { env: as('all-scopes-token-1'), clock });
    const lines = JSON.parse(doctor.stdout) as Array<{ check: string; status: string; detail: string }>;
    expect(lines.find((l) => l.check === 'shop')).toMatchObject({ status: 'ok', detail: 'Corner Shop (corner.example.com)' });
    const without = await cli(['doctor', '--json'], { env: as('no-shop-token-2'), clock });
    const shop = (JSON.parse(without.stdout) as Array<{ check: string; status: string; detail: string }>).find((l) => l.check === 'shop');
    expect(shop).toMatchObject({ status: 'warn', detail: expect.stringContaining('read_shops') });
  });
});
