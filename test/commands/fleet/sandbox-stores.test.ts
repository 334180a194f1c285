// `sandbox serve --stores`: one process playing several stores, each with its own state,
// token, port and shop, and a store's own fail rate; what it prints saves them as profiles.
import { describe, expect, it } from 'vitest';
import { API_PATH } from '../../helpers/api-path.js';
import { cli } from '../../helpers/cli-in-process.js';
import { serveInProcess as serve } from '../_support.js';

interface Served {
  name: string;
  baseUrl: string;
  token: string;
  shopDomain: string;
}

const get = (store: Served, path: string) => fetch(`${store.baseUrl}${API_PATH}/${path}`, { headers: { 'X-Service-Access-Token': store.token } });

describe('sandbox serve --stores', () => {
  it('plays each store apart: its own port, token, state and shop; a store of its own fail rate fails alone', async () => {
    const server = await serve(['--json', '--quiet', '--stores', 'sb-a,sb-b,sb-c:fail-rate=1']);
    const stores = JSON.parse(server.line) as Served[];
    expect(stores.map((s) => [s.name, s.shopDomain])).toEqual([
      ['sb-a', 'sb-a.sandbox.localhost'],
      ['sb-b', 'sb-b.sandbox.localhost'],
      ['sb-c', 'sb-c.sandbox.localhost'],
    ]);
    const [a, b, c] = stores as [Served, Served, Served];
    expect(new Set(stores.map((s) => s.baseUrl)).size).toBe(3);
    expect(new Set(stores.map((s) => s.token)).size).toBe(3);

    // Each its own shop, and a token of one store is not another's.
    expect(await (await get(a, 'shops/info')).json()).toMatchObject({ shop: { shopName: 'sb-a', domain: 'sb-a.sandbox.localhost' } });
    const foreign = await fetch(`${b.baseUrl}${API_PATH}/gift_cards/count`, { headers: { 'X-Service-Access-Token': a.token } });
    expect(foreign.status).toBe(401);
    await foreign.text();

    // Each its own state: a card made in sb-a is not in sb-b.
    const made = await cli(['giftcard', 'create', '--initial-value', '5', '--json'], { env: { STORE_CLI_BASE_URL: a.baseUrl, STORE_CLI_TOKEN: a.token } });
    expect(made.code, made.stderr).toBe(0);
    expect(await (await get(a, 'gift_cards/count')).json()).toEqual({ count: '1' });
    expect(await (await get(b, 'gift_cards/count')).json()).toEqual({ count: '0' });

    // sb-c:fail-rate=1 fails every request; the others none.
    // (a fault is a 429, a 5xx or a reset connection)
    for (let i = 0; i < 3; i++) {
      const failing = await get(c, 'gift_cards/count').then(
        async (r) => (await r.text(), r.status),
        () => 'reset',
      );
      expect(failing).not.toBe(200);
    }

    expect((await server.stop()).code).toBe(0);
    for (const store of stores) await expect(get(store, 'gift_cards/count')).rejects.toThrow();
  });

  it('without --json: a line a store (name, base URL) and the auth login line that saves each as a profile', async () => {
    const server = await serve(['--quiet', '--stores', 'one,two']);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the second line follows the first in the same tick's writes
    const result = await server.stop();
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^one\thttp:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(/^two\thttp:\/\/127\.0\.0\.1:\d+$/);
    const login = /echo (\S+) \| store-cli --profile two auth login --base-url (\S+) --with-token/.exec(result.stderr);
    expect(login?.[2]).toBe(lines[1]!.split('\t')[1]);
    expect(login?.[1]).toMatch(/^sbx_/);
  });

  it('bad --stores and flags that name one store exit 2 before anything listens', async () => {
    for (const [args, said] of [
      [['--stores', 'a,a'], '--stores names a twice'],
      [['--stores', 'a,b c'], "'b c' is not a store name"],
      [['--stores', 'a:fail-rate=2'], "a's 'fail-rate=2' is not a setting"],
      [['--stores', 'a,b', '--token', 'tok-0123456789abcdef'], '--token with --stores'],
      [['--stores', 'a,b', '--shop-name', 'X'], '--shop-name and --shop-domain name one shop'],
      [['--stores', 'a,b', '--port', '65535'], 'leaves no room for 2 stores'],
    ] as const) {
      const r = await cli(['sandbox', 'serve', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(said);
      expect(r.stdout).toBe('');
    }
  });
});
