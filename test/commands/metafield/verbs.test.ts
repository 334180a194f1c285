// Metafield commands through one value's life against a demo sandbox started here (demo
// definitions), in both dialects, and once against the embedded sandbox. They ran as spawned
// processes before; test/e2e/smoke.test.ts keeps one run of the bundle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';
import { methodAndPath } from '../../helpers/store-request.js';

let sandbox: LoggedSandbox;

const PRODUCT = '4000000000000000777';

/** The requests a run sent, as "METHOD /path" (query dropped), read between two markers. */
async function sentBy(args: string[]) {
  const { requests, ...result } = await runLogged(sandbox, args);
  return { result, sent: requests.map(methodAndPath) };
}

describe.each(DIALECTS)('metafield commands against a sandbox (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sandbox = await startLogged({ dialect, seed: 'demo', tokens: ['t', 'reader:read_metafields'].map(parseTokenSpec) });
  });
  afterAll(async () => {
    await sandbox?.close();
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
    expect(updated.sent).toEqual([
      `GET /api/202412/metafields/definitions/detail/products`,
      `GET /api/202412/metafields/detail/products/${PRODUCT}`,
      `PUT /api/202412/metafields/products/${PRODUCT}`,
    ]);

    const unchanged = await sentBy(set('{"unit":"lb","value":2.0}'));
    expect(unchanged.result.code, unchanged.result.stderr).toBe(0);
    expect(unchanged.sent).toEqual([`GET /api/202412/metafields/definitions/detail/products`, `GET /api/202412/metafields/detail/products/${PRODUCT}`]);

    const got = await cli(['metafield', 'get', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight', '--json', 'fieldType,value'], {
      env: sandbox.env(),
    });
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual({ fieldType: 'Weight', value: '{"value":2,"unit":"lb"}' });

    const listed = await cli(['metafield', 'list', 'products', PRODUCT], { env: sandbox.env() });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toBe('specs\tweight\tWeight\t{"value":2,"unit":"lb"}\n');

    const counted = await cli(['metafield', 'count', 'products', PRODUCT, '--json'], { env: sandbox.env() });
    expect(JSON.parse(counted.stdout)).toEqual({ count: 1 });

    const refused = await sentBy(['metafield', 'delete', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight']);
    expect(refused.result.code).toBe(2);
    expect(refused.result.stderr).toMatch(/--yes/);
    expect(refused.sent).toEqual([]);

    const deleted = await cli(['metafield', 'delete', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight', '--yes', '--json', 'value'], {
      env: sandbox.env(),
    });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ value: '{"value":2,"unit":"lb"}' });

    const gone = await cli(['metafield', 'get', 'products', PRODUCT, '--namespace', 'specs', '--code', 'weight'], { env: sandbox.env() });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/404/);
    expect(gone.stderr).not.toMatch(STACK_LINE);
  });

  it('2: a bad value names the expected form and nothing is sent', async () => {
    const { result, sent } = await sentBy([
      'metafield',
      'set',
      'products',
      PRODUCT,
      '--namespace',
      'custom',
      '--code',
      'msrp',
      '--value',
      '9.999 USD',
      '--type',
      'Money',
    ]);
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
    const r = await cli(['metafield', 'set', 'shop', '1', '--namespace', 'custom', '--code', 'featured_collection', '--value', '5000000000000000001'], {
      env: sandbox.env({ STORE_CLI_TOKEN: 'reader' }),
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/403/);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});

describe('metafield commands against the embedded sandbox', () => {
  it('--sandbox set then list, the state kept between runs', async () => {
    const env = scratchDirs();
    const set = await cli(
      [
        '--sandbox',
        'metafield',
        'set',
        'customers',
        '7000000000000000001',
        '--namespace',
        'custom',
        '--code',
        'birthday',
        '--value',
        '2-29',
        '--type',
        'MonthDay',
      ],
      { env },
    );
    expect(set.code, set.stderr).toBe(0);
    const list = await cli(['--sandbox', 'metafield', 'list', 'customers', '7000000000000000001', '--json', 'code,fieldType,value'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toContainEqual({ code: 'birthday', fieldType: 'MonthDay', value: '02-29' });
  });
});
