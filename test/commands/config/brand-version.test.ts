// The store's header family (`brand`) and API version (`api-version`): where they are set,
// how they are checked, and what they change on the wire.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { startSandbox } from '../../../src/sandbox/index.js';

describe('api-version', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('config set api-version puts its segment in every typed request and in a bare api path; an explicit /api/... path is sent as written', async () => {
    const dirs = scratchDirs();
    const set = await cli(['config', 'set', 'api-version', '202501'], { env: dirs });
    expect(set.code, set.stderr).toBe(0);
    log.clear();
    // The sandbox serves 202412 only: the 404 shows the request went where the profile said.
    const count = await cli(['giftcard', 'count'], { env: { ...s.env, ...dirs } });
    expect(count.code).toBe(1);
    await cli(['category', 'search', 'tops'], { env: { ...s.env, ...dirs } });
    await cli(['api', 'GET', 'gift_cards/count'], { env: { ...s.env, ...dirs } });
    const explicit = await cli(['api', 'GET', '/api/202412/gift_cards/count'], { env: { ...s.env, ...dirs } });
    expect(explicit.code, explicit.stderr).toBe(0);
    expect((await log.take()).map((q) => `${q.path.split('?')[0]} ${q.status}`)).toEqual([
      '/api/202501/gift_cards/count 404',
      '/api/202501/category/search 404',
      '/api/202501/gift_cards/count 404',
      '/api/202412/gift_cards/count 200',
    ]);
    const get = await cli(['config', 'get', 'api-version', '--json'], { env: dirs });
    expect(JSON.parse(get.stdout)).toEqual({ key: 'api-version', value: '202501', source: 'profile' });
  });

  it('apiVersion, the profile key as the docs spell it, is another name of api-version for set, get and unset', async () => {
    const dirs = scratchDirs();
    const set = await cli(['config', 'set', 'apiVersion', '202501'], { env: dirs });
    expect(set.code, set.stderr).toBe(0);
    expect((await cli(['config', 'get', 'api-version'], { env: dirs })).stdout).toBe('202501\n');
    expect((await cli(['config', 'get', 'apiVersion'], { env: dirs })).stdout).toBe('202501\n');
    expect((await cli(['config', 'unset', 'apiVersion'], { env: dirs })).code).toBe(0);
    expect((await cli(['config', 'get', 'api-version', '--json'], { env: dirs })).stdout).toBe('{"key":"api-version","value":"202412","source":"default"}\n');
    // Any other spelling is still refused, with the keys listed.
    const bad = await cli(['config', 'set', 'apiversion', '202501'], { env: dirs });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Allowed choices are output, page-size, import-concurrency, color, brand, api-version, customer-search.');
  });

  it('STORE_CLI_API_VERSION wins over the profile; the built-in is 202412', async () => {
    const dirs = scratchDirs();
    await cli(['config', 'set', 'api-version', '202501'], { env: dirs });
    log.clear();
    const r = await cli(['giftcard', 'count'], { env: { ...s.env, ...dirs, STORE_CLI_API_VERSION: '202412' } });
    expect(r.code, r.stderr).toBe(0);
    expect((await log.take()).map((q) => q.path)).toEqual(['/api/202412/gift_cards/count']);
    const builtIn = await cli(['config', 'get', 'api-version'], { env: scratchDirs() });
    expect(builtIn.stdout).toBe('202412\n');
  });

  it('a version that is not six digits: exit 2 naming the key or the variable, nothing sent or saved', async () => {
    const dirs = scratchDirs();
    for (const bad of ['2024-12', '20241', 'v202412', '2024123']) {
      const r = await cli(['config', 'set', 'api-version', bad], { env: dirs });
      expectUsageError(r, 'api-version');
      expect(r.stderr).toContain('six digits');
    }
    log.clear();
    const env = await cli(['giftcard', 'count'], { env: { ...s.env, ...dirs, STORE_CLI_API_VERSION: 'latest' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toBe("error: STORE_CLI_API_VERSION must be six digits, year and month, such as 202412 (got 'latest').\n");
    expect(await log.take()).toEqual([]);
  });
});

describe('brand', () => {
  const s = useSandbox({ seed: 'demo', dialect: 'real' });

  it('config set brand genstore names the family: no 401, no note', async () => {
    const dirs = scratchDirs();
    expect((await cli(['config', 'set', 'brand', 'genstore'], { env: dirs })).code).toBe(0);
    const r = await cli(['giftcard', 'count'], { env: { ...s.env, ...dirs, STORE_CLI_BRAND: '' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(s.sandbox.requests().filter((q) => q.status === 401)).toEqual([]);
  });

  it('a bad family: config set, STORE_CLI_BRAND and auth login --brand exit 2 naming the key, variable or flag', async () => {
    const dirs = scratchDirs();
    const set = await cli(['config', 'set', 'brand', 'shopify'], { env: dirs });
    expectUsageError(set, 'brand');
    expect(set.stderr).toContain('service, genstore');
    const env = await cli(['giftcard', 'count'], { env: { ...s.env, ...dirs, STORE_CLI_BRAND: 'Genstore' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('STORE_CLI_BRAND must be service or genstore');
    const login = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token', '--brand', 'x'], { env: dirs, stdin: s.sandbox.token });
    expectUsageError(login, '--brand');
  });

  it('auth login --brand saves it beside the credentials; a login that names none drops a family saved for another store', async () => {
    const dirs = scratchDirs();
    const file = () => JSON.parse(readFileSync(join(dirs.STORE_CLI_CONFIG_DIR, 'config.json'), 'utf8')).profiles.default;
    const r = await cli(['auth', 'login', '--base-url', s.sandbox.baseUrl, '--with-token', '--brand', 'genstore'], { env: dirs, stdin: s.sandbox.token });
    expect(r.code, r.stderr).toBe(0);
    expect(file().defaults).toEqual({ brand: 'genstore' });
    // Another store, of the service family: accepted at once, nothing found, nothing named.
    const service = await startSandbox({ port: 0 });
    try {
      const again = await cli(['auth', 'login', '--base-url', service.baseUrl, '--with-token'], { env: dirs, stdin: service.token });
      expect(again.code, again.stderr).toBe(0);
      expect(file().defaults).toBeUndefined();
      expect(file().baseUrl).toBe(service.baseUrl);
    } finally {
      await service.close();
    }
  });

  it('--sandbox: the embedded dialect decides (real: genstore), whatever STORE_CLI_BRAND says', async () => {
    const dirs = scratchDirs();
    const r = await cli(['--sandbox', 'giftcard', 'count'], { env: { ...dirs, STORE_CLI_SANDBOX_DIALECT: 'real', STORE_CLI_BRAND: 'service' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});
