// Metafield commands end to end: the built binary against a `sandbox serve --demo` child
// process (demo definitions), and once against the embedded sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, killLeftovers, methodAndPath, removeScratch, requireBuild, run, runLogged, serve, type ServeHandle } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';
import { DIALECTS, dialectArgs } from '../helpers/dialects.js';

let sandbox: ServeHandle;

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const PRODUCT = '4000000000000000777';

/** The requests a run sent, as "METHOD /path" (query dropped), read between two markers. */
async function sentBy(args: string[]) {
  const { requests, ...result } = await runLogged(sandbox, args);
  return { result, sent: requests.map(methodAndPath) };
}

describe.each(DIALECTS)('metafield commands against a sandbox serve process (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sandbox = await serve(['--json', ...dialectArgs(dialect), '--demo', '--token', 't', '--token', 'reader:read_metafields']);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  // set reads the field's definition (demo data defines specs.weight), then the value.
  it('set (create, update, unchanged), get, list, count, delete: one value through its life', async () => {
    const set = (value: string) => ['metafield', 'set', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight', '--value', value, '--json'];

    const created = await sentBy([...set('1.5 kg'), '--type', 'Weight']);
    expect(created.result.code, created.result.stderr).toBe(0);
    expect(JSON.parse(created.result.stdout)).toEqual({ namespace: 'specs', code: 'weight', value: '{"value":1.5,"unit":"kg"}' });
    expect(created.sent).toEqual([
      `GET /api/202412/metafields/definitions/detail/products`,
      `GET /api/202412/metafields/detail/products/${PRODUCT}`,
      `POST /api/202412/metafields/products/${PRODUCT}`,
    ]);

    const updated = await sentBy(set('2lb'));
    expect(updated.result.code, updated.result.stderr).toBe(0);
    expect(JSON.parse(updated.result.stdout).value).toBe('{"value":2,"unit":"lb"}');
    expect(updated.sent).toEqual([`GET /api/202412/metafields/definitions/detail/products`, `GET /api/202412/metafields/detail/products/${PRODUCT}`, `PUT /api/202412/metafields/products/${PRODUCT}`]);

    const unchanged = await sentBy(set('{"unit":"lb","value":2.0}'));
    expect(unchanged.result.code, unchanged.result.stderr).toBe(0);
    expect(unchanged.sent).toEqual([`GET /api/202412/metafields/definitions/detail/products`, `GET /api/202412/metafields/detail/products/${PRODUCT}`]);

    const got = await run(['metafield', 'get', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight', '--json', 'fieldType,value'], { env: sandbox.env() });
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual({ fieldType: 'Weight', value: '{"value":2,"unit":"lb"}' });

    const listed = await run(['metafield', 'list', 'products', PRODUCT], { env: sandbox.env() });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toBe('specs\tweight\tWeight\t{"value":2,"unit":"lb"}\n');

    const counted = await run(['metafield', 'count', 'products', PRODUCT, '--json'], { env: sandbox.env() });
    expect(JSON.parse(counted.stdout)).toEqual({ count: 1 });

    const refused = await sentBy(['metafield', 'delete', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight']);
    expect(refused.result.code).toBe(2);
    expect(refused.result.stderr).toMatch(/--yes/);
    expect(refused.sent).toEqual([]);

    const deleted = await run(['metafield', 'delete', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight', '--yes', '--json', 'value'], { env: sandbox.env() });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ value: '{"value":2,"unit":"lb"}' });

    const gone = await run(['metafield', 'get', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight'], { env: sandbox.env() });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/404/);
    expect(gone.stderr).not.toMatch(STACK_LINE);
  });

  it('2: a bad value names the expected form and nothing is sent', async () => {
    const { result, sent } = await sentBy(['metafield', 'set', 'products', PRODUCT, '--namespace', 'custom', '--code', 'msrp', '--value', '9.999 USD', '--type', 'Money']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/--value must be a Money amount like "9\.99 USD"/);
    expect(result.stderr).toMatch(/^Usage: store-cli metafield set/m);
    expect(sent).toEqual([]);
  });

  it('2: a bad domain lists the valid ones, nothing sent', async () => {
    const { result, sent } = await sentBy(['metafield', 'count', 'product', PRODUCT]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('products, variants, collections, customers, orders, pages, shop');
    expect(sent).toEqual([]);
  });

  it('4: a token without write_metafields', async () => {
    const r = await run(['metafield', 'set', 'shop', '1', '--namespace', 'custom', '--code', 'featured_collection', '--value', '5000000000000000001'], {
      env: sandbox.env({ STORE_CLI_TOKEN: 'reader' }),
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/403/);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});

describe('metafield commands against the embedded sandbox', () => {
  it('--sandbox set then list, the state kept between runs', async () => {
    const env = isolatedEnv();
    const set = await run(['--sandbox', 'metafield', 'set', 'customers', '7000000000000000001', '--namespace', 'custom', '--code', 'birthday', '--value', '2-29', '--type', 'MonthDay'], { env });
    expect(set.code, set.stderr).toBe(0);
    const list = await run(['--sandbox', 'metafield', 'list', 'customers', '7000000000000000001', '--json', 'code,fieldType,value'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toContainEqual({ code: 'birthday', fieldType: 'MonthDay', value: '02-29' });
  });
});
