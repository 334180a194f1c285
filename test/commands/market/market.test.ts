// `market list|get|count|create|update|delete`, in-process against a sandbox in each dialect
// (About Market's markets: two in the demo set, the primary one undeletable).
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { expectUsageError, requestLog, tsvRows } from '../_support.js';

const US = '7100000000000000001';
const EUROPE = '7100000000000000002';

describe.each(DIALECTS)('market, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('all-scopes-token-1'), parseTokenSpec('reader-token-2:read_markets'), parseTokenSpec('gifts-token-3:read_gift_card')],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const env = () => as('all-scopes-token-1');

  it('list prints id, handle, name, currency, language, primary, regions ascending by id; --json and --all; count counts; get shows one', async () => {
    const r = await cli(['market', 'list'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout).slice(0, 2)).toEqual([
      [US, 'us', 'United States', 'USD', 'en', 'true', 'US'],
      [EUROPE, 'europe', 'Europe', 'EUR', 'de', 'false', 'DE, AT, FR, NL'],
    ]);
    const all = await cli(['market', 'list', '--all', '--limit', '1', '--json', 'handle,regions'], { env: as('reader-token-2') });
    expect(all.code, all.stderr).toBe(0);
    expect((JSON.parse(all.stdout) as unknown[]).slice(0, 2)).toEqual([
      { handle: 'us', regions: ['US'] },
      { handle: 'europe', regions: ['DE', 'AT', 'FR', 'NL'] },
    ]);
    const count = await cli(['market', 'count', '--json'], { env: env() });
    expect(JSON.parse(count.stdout).count).toBeGreaterThanOrEqual(2);
    const one = await cli(['market', 'get', EUROPE], { env: env() });
    expect(tsvRows(one.stdout)).toContainEqual(['CURRENCY', 'EUR']);
    expect((await cli(['market', 'get', '7100000000000000999'], { env: env() })).code).toBe(1);
  });

  it('create sends only the fields given to POST markets (regions as a list); bad values exit 2 naming the flag, nothing sent; update, delete; the primary market is refused', async () => {
    log.clear();
    expectUsageError(await cli(['market', 'create', '--name', 'Asia', '--currency', 'jpy'], { env: env() }), '--currency');
    expectUsageError(await cli(['market', 'create', '--name', 'Asia', '--region', 'JPN'], { env: env() }), '--region');
    expectUsageError(await cli(['market', 'create', '--name', 'Asia', '--handle', 'Asia Pacific'], { env: env() }), '--handle');
    expectUsageError(await cli(['market', 'create', '--region', 'JP'], { env: env() }), '--name');
    expect(await log.take()).toEqual([]);

    const args = ['market', 'create', '--name', `Asia ${dialect}`, '--currency', 'JPY', '--primary-language', 'ja', '--region', 'JP', '--region', 'KR'];
    const dryCreate = await cli([...args, '--dry-run'], { env: env() });
    expect(dryCreate.code, dryCreate.stderr).toBe(0);
    const [method, path, body] = tsvRows(dryCreate.stdout)[0]!;
    expect([method, path]).toEqual(['POST', '/api/202412/markets']);
    expect(JSON.parse(body!)).toEqual({ market: { name: `Asia ${dialect}`, currency: 'JPY', primaryLanguage: 'ja', regions: ['JP', 'KR'] } });
    expect((await log.take()).filter((l) => l.method !== 'GET')).toEqual([]);

    const made = await cli([...args, '--json'], { env: env() });
    expect(made.code, made.stderr).toBe(0);
    const market = JSON.parse(made.stdout) as { id: string; handle: string };
    expect(market).toMatchObject({ name: `Asia ${dialect}`, handle: `asia-${dialect}`, currency: 'JPY', primaryLanguage: 'ja', regions: ['JP', 'KR'] });
    expect((await log.take()).filter((l) => l.method === 'POST').map((l) => l.path)).toEqual(['/api/202412/markets']);

    const changed = await cli(['market', 'update', market.id, '--region', 'JP', '--json', 'regions,currency'], { env: env() });
    expect(JSON.parse(changed.stdout)).toEqual({ regions: ['JP'], currency: 'JPY' });
    const taken = await cli(['market', 'update', market.id, '--handle', 'europe'], { env: env() });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('europe');

    const primary = await cli(['market', 'delete', US, '--yes'], { env: env() });
    expect(primary.code).toBe(1);
    expect(primary.stderr).toContain('primary');
    const dry = await cli(['market', 'delete', market.id, '--dry-run'], { env: env() });
    expect(tsvRows(dry.stdout)).toEqual([['DELETE', `/api/202412/markets/${market.id}`, '']]);
    expect((await cli(['market', 'delete', market.id, '--yes'], { env: env() })).code).toBe(0);
    expect((await cli(['market', 'get', market.id], { env: env() })).code).toBe(1);
  });

  it('a token without the market scopes exits 4 naming them; a read-only one cannot create', async () => {
    const refused = await cli(['market', 'list'], { env: as('gifts-token-3') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/read_markets/);
    const readOnly = await cli(['market', 'create', '--name', 'Nope'], { env: as('reader-token-2') });
    expect(readOnly.code).toBe(4);
    expect(readOnly.stderr).toContain('write_markets');
  });
});
