// `location list|get|count|create|update|delete`, in-process against a sandbox in each
// dialect (About Shop's /shops/locations; create at the singular /shops/location).
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { expectUsageError, requestLog, tsvRows } from '../_support.js';

const MAIN = '8100000000000000001';
const DOWNTOWN = '4000000000000000003';

describe.each(DIALECTS)('location, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('all-scopes-token-1'), parseTokenSpec('reader-token-2:read_shops'), parseTokenSpec('gifts-token-3:read_gift_card')],
  });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });
  const env = () => as('all-scopes-token-1');

  it('list prints id, name, city, country ascending by id; pages with --limit and --page-token; --all follows them', async () => {
    const r = await cli(['location', 'list'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout).slice(0, 3)).toEqual([
      [DOWNTOWN, 'Downtown Store', 'San Francisco', 'US'],
      ['4000000000000000005', 'Airport Kiosk', 'San Francisco', 'US'],
      [MAIN, 'Main Warehouse', 'Oakland', 'US'],
    ]);
    const first = await cli(['location', 'list', '--limit', '1'], { env: env() });
    expect(tsvRows(first.stdout)).toHaveLength(1);
    const token = /--page-token (\S+)/.exec(first.stderr)?.[1];
    expect(token).toBeDefined();
    const second = await cli(['location', 'list', '--limit', '1', '--page-token', token!], { env: env() });
    expect(tsvRows(second.stdout)[0]?.[1]).toBe('Airport Kiosk');
    const all = await cli(['location', 'list', '--all', '--limit', '1', '--json', 'name'], { env: as('reader-token-2') });
    expect(all.code, all.stderr).toBe(0);
    expect((JSON.parse(all.stdout) as Array<{ name: string }>).slice(0, 3).map((l) => l.name)).toEqual(['Downtown Store', 'Airport Kiosk', 'Main Warehouse']);
  });

  it('get shows one location field by field; count counts; an unknown id exits 1; a name that matches none exits 2', async () => {
    const one = await cli(['location', 'get', DOWNTOWN], { env: env() });
    expect(one.code, one.stderr).toBe(0);
    expect(tsvRows(one.stdout)).toContainEqual(['NAME', 'Downtown Store']);
    expect(tsvRows(one.stdout)).toContainEqual(['ZIP', '94105']);
    const count = await cli(['location', 'count', '--json'], { env: env() });
    expect(JSON.parse(count.stdout).count).toBeGreaterThanOrEqual(3);
    const missing = await cli(['location', 'get', '4000000000000000999'], { env: env() });
    expect(missing.code).toBe(1);
    log.clear();
    const none = await cli(['location', 'get', 'abc'], { env: env() });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("No location matches 'abc' (<location>); 'store-cli location list' lists them.");
    expect((await log.take()).map((l) => `${l.method} ${l.path}`)).toEqual(['GET /api/202412/shops/locations']);
  });

  it('get, update and delete take a name: the exact one (any case), else the only partial match; an ambiguous one exits 2 listing the matches, nothing written', async () => {
    const byName = await cli(['location', 'get', 'downtown store', '--json', 'locationId,name'], { env: env() });
    expect(byName.code, byName.stderr).toBe(0);
    expect(JSON.parse(byName.stdout)).toEqual({ locationId: DOWNTOWN, name: 'Downtown Store' });
    const partial = await cli(['location', 'get', 'Warehouse', '--json', 'locationId'], { env: env() });
    expect(JSON.parse(partial.stdout)).toEqual({ locationId: MAIN });

    log.clear();
    const ambiguous = await cli(['location', 'update', 'o', '--phone', '+1 415 555 0100'], { env: env() });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(
      `Location 'o' is ambiguous: Downtown Store (id ${DOWNTOWN}), Airport Kiosk (id 4000000000000000005), Main Warehouse (id ${MAIN}); pass an id or the exact name to <location>.`,
    );
    const dropped = await cli(['location', 'delete', 'a', '--yes'], { env: env() });
    expect(dropped.code).toBe(2);
    expect(dropped.stderr).toContain("Location 'a' is ambiguous");
    expect((await log.take()).filter((l) => l.method !== 'GET')).toEqual([]);

    const changed = await cli(['location', 'update', 'Airport Kiosk', '--phone', '+1 650 555 0100', '--json', 'locationId,phone'], { env: env() });
    expect(changed.code, changed.stderr).toBe(0);
    expect(JSON.parse(changed.stdout)).toEqual({ locationId: '4000000000000000005', phone: '+1 650 555 0100' });
    const dry = await cli(['location', 'delete', 'AIRPORT KIOSK', '--dry-run'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(tsvRows(dry.stdout)).toEqual([['DELETE', '/api/202412/shops/locations/4000000000000000005', '']]);
  });

  it('create sends only the given fields to POST shops/location; update changes one; delete asks for --yes and deletes', async () => {
    log.clear();
    const made = await cli(['location', 'create', '--name', `Pop-up ${dialect}`, '--city', 'Austin', '--country', 'US', '--json'], { env: env() });
    expect(made.code, made.stderr).toBe(0);
    const location = JSON.parse(made.stdout) as { locationId: string; name: string; city: string };
    expect(location).toMatchObject({ name: `Pop-up ${dialect}`, city: 'Austin' });
    expect((await log.take()).map((l) => `${l.method} ${l.path}`)).toContain('POST /api/202412/shops/location');

    const changed = await cli(['location', 'update', location.locationId, '--name', 'Pop-up East', '--json', 'name,city'], { env: env() });
    expect(JSON.parse(changed.stdout)).toEqual({ name: 'Pop-up East', city: 'Austin' });
    expectUsageError(await cli(['location', 'update', location.locationId], { env: env() }), '--name');
    expectUsageError(await cli(['location', 'create', '--name', 'X', '--country', 'usa'], { env: env() }), '--country');

    const unconfirmed = await cli(['location', 'delete', location.locationId], { env: env() });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('--yes');
    const dry = await cli(['location', 'delete', location.locationId, '--dry-run'], { env: env() });
    expect(tsvRows(dry.stdout)).toEqual([['DELETE', `/api/202412/shops/locations/${location.locationId}`, '']]);
    const gone = await cli(['location', 'delete', location.locationId, '--yes'], { env: env() });
    expect(gone).toMatchObject({ code: 0, stdout: '' });
    expect((await cli(['location', 'get', location.locationId], { env: env() })).code).toBe(1);
  });

  it('the store refuses to delete a location that holds stock: exit 1 with its reason', async () => {
    const refused = await cli(['location', 'delete', DOWNTOWN, '--yes'], { env: env() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('stock');
  });

  it('a token without the shop scopes exits 4; a read-only one cannot create', async () => {
    const refused = await cli(['location', 'list'], { env: as('gifts-token-3') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/read_shops/);
    const readOnly = await cli(['location', 'create', '--name', 'Nope'], { env: as('reader-token-2') });
    expect(readOnly.code).toBe(4);
    expect(readOnly.stderr).toContain('write_shops');
  });
});
