// The header family, in-process: against a sandbox of either family (the sandbox's service
// dialect speaks X-Service-*, its real dialect Genstore's X-Genstore-*),
// named by STORE_CLI_BRAND, by `auth login --brand`, or found from a 401; and against tiny
// stores answering the bodies copied from Genstore's docs, under each family's header.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { brandOf, DIALECTS, tokenHeaderOf } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';

const isolatedEnv = (env: Record<string, string>) => ({ ...scratchDirs(), ...env });
const run = (argv: string[], options: { env: Record<string, string>; stdin?: string }) => cli(argv, options);

const TOKEN = 'e2e-family-token-7Q2Z';

/** The profile as `auth login` saved it in the scratch config directory. */
function savedProfile(configDir: string): { baseUrl?: string; token?: string; defaults?: Record<string, unknown> } {
  return (JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, never> }).profiles.default!;
}

describe.each(DIALECTS)('a store of the %s dialect', (dialect) => {
  const brand = brandOf(dialect);
  let sandbox: LoggedSandbox;
  beforeAll(async () => {
    sandbox = await startLogged({ dialect, seed: 'demo', tokens: [parseTokenSpec(TOKEN)] });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it(`auth login --brand ${brand} saves the family; gift cards (--all) and categories go under ${tokenHeaderOf(dialect)}`, async () => {
    const env = scratchDirs();
    const login = await run(['auth', 'login', '--base-url', sandbox.baseUrl, '--with-token', '--brand', brand], { env, stdin: TOKEN });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`header family ${brand}`);
    expect(savedProfile(env.STORE_CLI_CONFIG_DIR)).toMatchObject({ baseUrl: sandbox.baseUrl, token: TOKEN, defaults: { brand } });

    const cards = await runLogged(sandbox, ['giftcard', 'search', '--all', '--limit', '3', '--json'], { env });
    expect(cards.code, cards.stderr).toBe(0);
    expect(cards.stderr).toBe('');
    const list = JSON.parse(cards.stdout) as Array<{ code: string; lastCharacters: string }>;
    expect(list.length).toBeGreaterThanOrEqual(8);
    // The real dialect sends whole codes in reads; the client masks them all the same.
    for (const card of list) expect(card.code).toBe(`****${card.lastCharacters}`);
    expect(cards.stdout).not.toContain('HOLIDAY25GIFTA7K2');
    expect(cards.requests.length).toBeGreaterThanOrEqual(3);
    expect(cards.requests.every((line) => / 200 /.test(line))).toBe(true);

    const categories = await run(['category', 'search', 'tops'], { env });
    expect(categories.code, categories.stderr).toBe(0);
    expect(categories.stdout).toBe('4000000000000000207\tTops\t4000000000000000203\tApparel > Tops\n');
  });

  it('STORE_CLI_BRAND names the family for a run without a profile', async () => {
    const r = await run(['giftcard', 'count', '--json'], { env: sandbox.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ count: 8 });
    const wrong = await run(['giftcard', 'count'], { env: sandbox.env({ STORE_CLI_BRAND: brand === 'genstore' ? 'service' : 'genstore' }) });
    // A family that was named is not second-guessed: the store's 401 stands.
    expect(wrong.code).toBe(4);
  });
});

describe('nothing names the family: the client finds it from a 401', () => {
  let sandbox: LoggedSandbox;
  beforeAll(async () => {
    sandbox = await startLogged({ dialect: 'real', seed: 'demo', tokens: [parseTokenSpec(TOKEN)] });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('auth login tries X-Genstore-Access-Token once after the 401, says so once, and saves genstore in the profile', async () => {
    const env = scratchDirs();
    const login = await runLogged(sandbox, ['auth', 'login', '--base-url', sandbox.baseUrl, '--with-token'], { env, stdin: TOKEN });
    expect(login.code, login.stderr).toBe(0);
    const found = login.stderr.split('\n').filter((line) => line.includes('X-Genstore-Access-Token'));
    expect(found).toEqual([
      "The store refused the token as X-Service-Access-Token and accepted it as X-Genstore-Access-Token: using the genstore header family ('auth login' saves it; elsewhere: store-cli config set brand genstore).",
    ]);
    expect(login.requests.map((line) => line.replace(/ \d+ ms$/, ''))).toEqual([
      'GET /api/202412/gift_cards/count 401',
      'GET /api/202412/oauth2/access_scopes 200',
      'GET /api/202412/gift_cards/count 200',
    ]);
    expect(savedProfile(env.STORE_CLI_CONFIG_DIR).defaults).toEqual({ brand: 'genstore' });

    // Saved: the next run asks no 401 and says nothing about it.
    const next = await runLogged(sandbox, ['giftcard', 'search', '--all', '--limit', '5', '--json', 'id'], { env });
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toBe('');
    expect(next.requests.every((line) => / 200 /.test(line))).toBe(true);
  });

  it('any command: the refused request goes again under the family found; the note comes once per run', async () => {
    const r = await runLogged(sandbox, ['giftcard', 'search', '--all', '--limit', '3', '--json', 'id'], { env: sandbox.env({ STORE_CLI_BRAND: '' }) });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(8);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('using the genstore header family');
    expect(r.requests.filter((line) => / 401 /.test(line))).toHaveLength(1);
    expect(r.requests.filter((line) => line.includes('access_scopes'))).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------
// Tiny stores speaking one family, answering what Genstore's docs show.

/** The category search sample of partners.genstore.ai "About Product Category". */
const CATEGORY_SAMPLE = '{"productCategories":[{"parentCategoryId":"209148956144","categoryName":"pet","categoryId":"209148956145"}]}';
/** The access scopes sample of "About Authorization". */
const SCOPES_SAMPLE = '{"accessScopes": "[read_orders,write_orders]"}';

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
}

async function listen(
  handler: (path: string, headers: IncomingHttpHeaders) => { status: number; body: string; headers?: Record<string, string> },
): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const answer = handler(req.url ?? '', req.headers);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** A store that takes TOKEN only under `header`, announces its bucket under the family's name, and links to `elsewhere` (which must never see the token). */
function familyStore(header: string, rateLimitHeader: string, elsewhere: () => string) {
  return (path: string, headers: IncomingHttpHeaders): { status: number; body: string; headers?: Record<string, string> } => {
    if (headers[header.toLowerCase()] !== TOKEN) return { status: 401, body: '{"error":"Unauthorized"}' };
    const bucket = { [rateLimitHeader]: '1/40' };
    if (path.startsWith('/api/202412/oauth2/access_scopes')) return { status: 200, body: SCOPES_SAMPLE, headers: bucket };
    if (path.startsWith('/api/202412/gift_cards/count')) return { status: 403, body: '{"error":"read_gift_card scope required"}', headers: bucket };
    if (path.startsWith('/api/202412/category/search')) {
      // A next page on another origin: the client follows the query, never the origin.
      const link: Record<string, string> = path.includes('pageToken')
        ? {}
        : { link: `"< ${elsewhere()}/api/202412/category/search?pageToken=p2&limit=50 >; rel=next"` };
      return { status: 200, body: path.includes('pageToken') ? '{"productCategories":[]}' : CATEGORY_SAMPLE, headers: { ...bucket, ...link } };
    }
    return { status: 404, body: '{"error":"Not Found"}' };
  };
}

describe.each([
  ['service', 'X-Service-Access-Token', 'X-Service-Shop-Api-Rate-Limit'],
  ['genstore', 'X-Genstore-Access-Token', 'X-Genstore-Shop-Api-Rate-Limit'],
] as const)("a tiny %s store answering the docs' samples", (brand, header, rateLimitHeader) => {
  let store: Awaited<ReturnType<typeof listen>>;
  let other: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    other = await listen(() => ({ status: 200, body: '{"productCategories":[]}' }));
    store = await listen(familyStore(header, rateLimitHeader, () => other.url));
  });
  afterEach(() => {
    store.seen.length = 0;
  });
  afterAll(async () => {
    for (const s of [store, other]) await new Promise((resolve) => s?.server.close(resolve));
    // The token went to the store only: never to the origin its Link named.
    expect(other.seen).toEqual([]);
  });
  const env = (extra: Record<string, string> = {}) => isolatedEnv({ STORE_CLI_BASE_URL: store.url, STORE_CLI_TOKEN: TOKEN, ...extra });

  it('category search prints the sample category (its parent unknown to the store, its path is its name)', async () => {
    const r = await run(['category', 'search', 'pet'], { env: env({ STORE_CLI_BRAND: brand }) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('209148956145\tpet\t209148956144\tpet\n');
    const json = await run(['category', 'search', 'pet', '--json'], { env: env({ STORE_CLI_BRAND: brand }) });
    expect(JSON.parse(json.stdout)).toEqual([{ parentCategoryId: '209148956144', categoryName: 'pet', categoryId: '209148956145' }]);
    expect(store.seen.every((q) => q.headers[header.toLowerCase()] === TOKEN)).toBe(true);
  });

  it(`--verbose names ${header} (token redacted) and reads the bucket from ${rateLimitHeader}`, async () => {
    const r = await run(['--verbose', 'category', 'search', 'pet', '--json'], { env: env({ STORE_CLI_BRAND: brand }) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`> ${header}: ****7Q2Z`);
    expect(r.stderr).toMatch(/< rate limit: bucket 1\/40 used/);
    expect(r.stderr).not.toContain(TOKEN);
  });

  it('auth status lists the scopes of the sample, read from a list written as text', async () => {
    const r = await run(['auth', 'status', '--json', 'tokenStatus,scopes'], { env: env({ STORE_CLI_BRAND: brand }) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ tokenStatus: 'accepted-without-gift-card-scope', scopes: ['read_orders', 'write_orders'] });
  });

  it(`without a family named, ${brand === 'service' ? 'the first header is right: no probe is made' : 'a 401 finds the family; the probe goes to the store only'}`, async () => {
    const r = await run(['category', 'search', 'pet', '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ parentCategoryId: '209148956144', categoryName: 'pet', categoryId: '209148956145' }]);
    const sent = store.seen.map(
      (q) => `${q.path.split('?')[0]} ${q.headers['x-service-access-token'] ? 'X-Service' : ''}${q.headers['x-genstore-access-token'] ? 'X-Genstore' : ''}`,
    );
    if (brand === 'service') {
      expect(r.stderr).toBe('');
      expect(sent.every((line) => line.endsWith(' X-Service'))).toBe(true);
    } else {
      expect(r.stderr).toContain('using the genstore header family');
      expect(sent.slice(0, 3)).toEqual([
        '/api/202412/category/search X-Service',
        '/api/202412/oauth2/access_scopes X-Genstore',
        '/api/202412/category/search X-Genstore',
      ]);
    }
  });
});
