// Locations, inventory and the shop against a demo sandbox started here with a shop name and
// domain, in each dialect: every verb once, with the exit codes and streams a script sees.
// They ran as spawned processes before; test/e2e/smoke.test.ts keeps one run of the bundle.
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/dialects.js';
import { useLogged } from '../../helpers/logged-sandbox.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';

const VARIANT = '4000000000000000409';
const MAIN = '8100000000000000001';

describe.each(DIALECTS)('location, inventory and shop info against a sandbox of the %s dialect', (dialect) => {
  const served = useLogged({ seed: 'demo', dialect, shopName: 'Corner Shop', shopDomain: 'corner.example.com' });
  const cli = (args: string[]) => served.store.run(args);

  it('shop info and location list|get|count|create|update|delete', async () => {
    const shop = await cli(['shop', 'info', '--json', 'shopName,domain,currency']);
    expect(shop.code, shop.stderr).toBe(0);
    expect(JSON.parse(shop.stdout)).toEqual({ shopName: 'Corner Shop', domain: 'corner.example.com', currency: 'USD' });

    const list = await cli(['location', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(
      list.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')[1]),
    ).toEqual(['Downtown Store', 'Airport Kiosk', 'Main Warehouse']);
    const count = await cli(['location', 'count']);
    expect(count.stdout.trim()).toBe('3');
    const get = await cli(['location', 'get', MAIN, '--json', 'name']);
    expect(JSON.parse(get.stdout)).toEqual({ name: 'Main Warehouse' });

    const made = await cli(['location', 'create', '--name', 'Pop-up', '--city', 'Austin', '--json', 'locationId']);
    expect(made.code, made.stderr).toBe(0);
    const { locationId } = JSON.parse(made.stdout) as { locationId: string };
    const changed = await cli(['location', 'update', locationId, '--zip', '73301', '--json', 'zip,city']);
    expect(JSON.parse(changed.stdout)).toEqual({ zip: '73301', city: 'Austin' });
    const unasked = await cli(['location', 'delete', locationId]);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('--yes');
    expect(await cli(['location', 'delete', locationId, '--yes'])).toMatchObject({ code: 0, stdout: '' });
    const gone = await cli(['location', 'get', locationId]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).not.toMatch(STACK_LINE);
  });

  it('inventory list and set, --adjust read then set, and bad input exits 2', async () => {
    const listed = await cli(['inventory', 'list', '--variant', VARIANT]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toBe(
      `4000000000000000401\t${VARIANT}\tTSH-WHT-S\tDowntown Store\t6\n4000000000000000401\t${VARIANT}\tTSH-WHT-S\tMain Warehouse\t40\n`,
    );
    const adjusted = await cli(['inventory', 'set', VARIANT, '--location', 'Downtown Store', '--adjust', '+4', '--json', 'available']);
    expect(adjusted.code, adjusted.stderr).toBe(0);
    expect(String(JSON.parse(adjusted.stdout).available)).toBe('10');
    expect(adjusted.stderr).toContain('6 -> 10 (read, then set');
    const bad = await cli(['inventory', 'set', VARIANT, '--location', MAIN, '--quantity', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--quantity');
  });
});
