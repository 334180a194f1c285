import { describe, expect, it } from 'vitest';
import { API_PATH } from '../../helpers/api-path.js';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { freshBizId, seed, stored } from './_metafields.js';
import { DIALECTS } from '../../helpers/dialects.js';

const METAFIELDS_PATH = `${API_PATH}/metafields`;

describe.each(DIALECTS)('metafield set (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    tokens: [
      parseTokenSpec('full-access-token-0001'),
      parseTokenSpec('reader-token-0002:read_metafields'),
      parseTokenSpec('writer-token-0003:write_metafields'),
    ],
    onRequest: log.hook,
  });
  const set = (bizId: string, ...rest: string[]) => ['metafield', 'set', 'products', bizId, ...rest];
  const writes = async () => (await log.take()).filter((q) => q.method !== 'GET');

  it('creates, then updates, then leaves an equal value alone (Created/Updated/Unchanged in a terminal)', async () => {
    const bizId = freshBizId();
    log.clear();
    const created = await cli(set(bizId, '--namespace', 'specs', '--code', 'weight', '--value', '1.5 kg', '--type', 'weight'), { env: s.env, tty: true });
    expect(created.code, created.stderr).toBe(0);
    expect(stripAnsi(created.stderr)).toContain(`Created specs.weight of products ${bizId}.`);
    expect(stripAnsi(created.stdout)).toMatch(/^VALUE\s+\{"value":1\.5,"unit":"kg"\}$/m);
    expect(await log.take()).toEqual([
      expect.objectContaining({ method: 'GET', path: expect.stringContaining(`${METAFIELDS_PATH}/definitions/detail/products?`) }),
      expect.objectContaining({ method: 'GET', path: expect.stringContaining(`${METAFIELDS_PATH}/detail/products/${bizId}?`), status: 404 }),
      expect.objectContaining({ method: 'POST', path: `${METAFIELDS_PATH}/products/${bizId}`, status: 200 }),
    ]);
    expect((await stored(s.sandbox, 'products', bizId, 'specs', 'weight'))?.value).toBe('{"value":1.5,"unit":"kg"}');

    // No --type: the stored field type (Weight) reads the natural input.
    const updated = await cli(set(bizId, '--namespace', 'specs', '--code', 'weight', '--value', '2500g'), { env: s.env, tty: true });
    expect(updated.code, updated.stderr).toBe(0);
    expect(stripAnsi(updated.stderr)).toContain(`Updated specs.weight of products ${bizId}.`);
    expect(await writes()).toEqual([expect.objectContaining({ method: 'PUT', path: `${METAFIELDS_PATH}/products/${bizId}`, status: 200 })]);
    expect((await stored(s.sandbox, 'products', bizId, 'specs', 'weight'))?.value).toBe('{"value":2500,"unit":"g"}');

    // The same weight spelled differently is equal: nothing is written.
    const unchanged = await cli(set(bizId, '--namespace', 'specs', '--code', 'weight', '--value', '{"unit": "g", "value": 2500.0}'), { env: s.env, tty: true });
    expect(unchanged.code, unchanged.stderr).toBe(0);
    expect(stripAnsi(unchanged.stderr)).toContain(`Unchanged specs.weight of products ${bizId}.`);
    expect(await writes()).toEqual([]);
  });

  it('--json prints the value object; piped, nothing is said on stderr', async () => {
    const bizId = freshBizId();
    const r = await cli(set(bizId, '--namespace', 'custom', '--code', 'msrp', '--value', 'usd 19.9', '--type', 'Money', '--json'), { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ namespace: 'custom', code: 'msrp', value: '{"amount":"19.9","currency":"USD"}' });
    const again = await cli(set(bizId, '--namespace', 'custom', '--code', 'msrp', '--value', '19.90 USD', '--json', 'value'), { env: s.env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ value: '{"amount":"19.9","currency":"USD"}' });
  });

  it('piped output is FIELD<TAB>value lines', async () => {
    const bizId = freshBizId();
    const r = await cli(set(bizId, '--namespace', 'custom', '--code', 'color', '--value', '#0af', '--type', 'color'), { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['NAMESPACE', 'custom'],
      ['CODE', 'color'],
      ['VALUE', '#00AAFF'],
    ]);
  });

  it('converts natural input by type: DateTime with an offset, Boolean words, MonthDay, multi references', async () => {
    const bizId = freshBizId();
    const cases: Array<[string, string, string, string]> = [
      ['release_at', 'DateTime', '2026-11-21T12:00:00+02:00', '2026-11-21T10:00:00Z'],
      ['is_gift', 'Boolean', 'Yes', 'true'],
      ['anniversary', 'MonthDay', '2-29', '02-29'],
      ['related_products', 'Product', '["4000000000000000011", 4000000000000000012]', '["4000000000000000011","4000000000000000012"]'],
    ];
    for (const [code, type, input, wire] of cases) {
      const r = await cli(set(bizId, '--namespace', 'custom', '--code', code, '--value', input, '--type', type), { env: s.env });
      expect(r.code, `${code}: ${r.stderr}`).toBe(0);
      expect((await stored(s.sandbox, 'products', bizId, 'custom', code))?.value, code).toBe(wire);
    }
  });

  it('a bad value for --type exits 2 naming the expected form, and nothing is sent', async () => {
    const bizId = freshBizId();
    const cases: Array<[string, string, RegExp]> = [
      ['Weight', '1.5 stone', /--value must be a Weight like "1\.5 kg" or \{"value": 1\.5, "unit": "kg"\} \(units g, kg, lb, oz\) \(got '1\.5 stone'\)/],
      ['Integer', '4.2', /--value must be an Integer like "42"/],
      ['Money', '9.999 USD', /--value must be a Money amount like "9\.99 USD"/],
      ['Date', '2027-02-29', /--value must be a Date like "2026-11-21"/],
      ['DateTime', '2026-11-21T10:00:00', /--value must be a DateTime .*offset/],
      ['Color', 'red', /--value must be a Color like "#1A2B3C"/],
      ['Url', 'example.com', /--value must be an absolute http or https Url/],
      ['Boolean', 'maybe', /--value must be a Boolean: true, false, yes or no/],
      ['Product', '["1", "x"]', /--value must be a JSON array of Product values; item 2 is not a Product id/],
    ];
    log.clear();
    for (const [type, value, message] of cases) {
      const r = await cli(set(bizId, '--namespace', 'custom', '--code', 'x', '--value', value, '--type', type), { env: s.env });
      expectUsageError(r, '--value');
      expect(r.stderr, type).toMatch(message);
    }
    expect(await log.take()).toEqual([]);
  });

  it('a value that does not fit the stored field type exits 2 saying so, and writes nothing', async () => {
    const bizId = freshBizId();
    await seed(s.sandbox, 'products', bizId, [{ namespace: 'specs', code: 'weight', value: '{"value":1,"unit":"kg"}' }]);
    log.clear();
    const r = await cli(set(bizId, '--namespace', 'specs', '--code', 'weight', '--value', 'heavy'), { env: s.env });
    expectUsageError(r, '--value');
    expect(r.stderr).toMatch(/--value must be a Weight like .*\(got 'heavy'\); Weight is the field's type on the store\./);
    expect(await writes()).toEqual([]);
  });

  it("a new value without --type is read by its definition's type (one read): natural input converted", async () => {
    const bizId = freshBizId();
    const cases: Array<[string, string, string, string]> = [
      ['specs', 'width', '30 cm', '{"value":30,"unit":"cm"}'],
      ['custom', 'is_gift', 'yes', 'true'],
      ['custom', 'stock_floor', '+042', '42'],
    ];
    for (const [namespace, code, input, wire] of cases) {
      log.clear();
      const r = await cli(set(bizId, '--namespace', namespace, '--code', code, '--value', input), { env: s.env });
      expect(r.code, `${code}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
      const reads = (await log.take()).filter((q) => q.method === 'GET').map((q) => q.path.split('?')[0]);
      expect(reads).toEqual([`${METAFIELDS_PATH}/definitions/detail/products`, `${METAFIELDS_PATH}/detail/products/${bizId}`]);
      expect((await stored(s.sandbox, 'products', bizId, namespace, code))?.value, code).toBe(wire);
    }
    // The definition's type checks the input as --type would, before anything is written.
    const bad = await cli(set(bizId, '--namespace', 'custom', '--code', 'is_gift', '--value', 'maybe'), { env: s.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--value must be a Boolean: true, false, yes or no (got 'maybe'); Boolean is the field's type on the store.");
  });

  it('a value without a definition is free text, and says so once: stored as text, whatever --type says', async () => {
    const bizId = freshBizId();
    const r = await cli(set(bizId, '--namespace', 'notes', '--code', 'internal', '--value', 'Reorder in May', '--json', 'value'), { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ value: 'Reorder in May' });
    const warning = 'warning: no definition for notes.internal on products: stored as text; create one with `metafield definition create`.\n';
    expect(r.stderr).toBe(warning);
    const typed = await cli(set(bizId, '--namespace', 'custom', '--code', 'flag', '--value', 'yes', '--type', 'Boolean'), { env: s.env });
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stderr).toBe(warning.replace('notes.internal', 'custom.flag'));
    expect(await stored(s.sandbox, 'products', bizId, 'custom', 'flag')).toMatchObject({ value: 'true', fieldType: 'SingleLineText' });
  });

  it('names a bad domain (listing the valid ones), namespace, code or --type: exit 2, nothing sent', async () => {
    log.clear();
    const domain = await cli(['metafield', 'set', 'product', '1', '--namespace', 'a', '--code', 'b', '--value', 'v'], { env: s.env });
    expectUsageError(domain, '<domain>');
    expect(domain.stderr).toContain('products, variants, collections, customers, orders, pages, shop');
    expectUsageError(await cli(set('1', '--namespace', 'a.b', '--code', 'b', '--value', 'v'), { env: s.env }), '--namespace');
    expectUsageError(await cli(set('1', '--namespace', 'a', '--code', 'x'.repeat(65), '--value', 'v'), { env: s.env }), '--code');
    const type = await cli(set('1', '--namespace', 'a', '--code', 'b', '--value', 'v', '--type', 'Text'), { env: s.env });
    expectUsageError(type, '--type');
    expect(type.stderr).toContain('SingleLineText, MultiLineText');
    expect(await log.take()).toEqual([]);
  });

  it('a token without write_metafields: exit 4 mentioning 403', async () => {
    const bizId = freshBizId();
    const r = await cli(set(bizId, '--namespace', 'custom', '--code', 'material', '--value', 'Wool'), {
      env: { ...s.env, STORE_CLI_TOKEN: 'reader-token-0002' },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: .*403/);
    expect(await stored(s.sandbox, 'products', bizId, 'custom', 'material')).toBeUndefined();
  });

  it('a token that may write but not read still upserts: create, then on 409 update', async () => {
    const bizId = freshBizId();
    const env = { ...s.env, STORE_CLI_TOKEN: 'writer-token-0003' };
    const first = await cli(set(bizId, '--namespace', 'custom', '--code', 'material', '--value', 'Wool'), { env, tty: true });
    expect(first.code, first.stderr).toBe(0);
    expect(stripAnsi(first.stderr)).toContain('Created');
    log.clear();
    const second = await cli(set(bizId, '--namespace', 'custom', '--code', 'material', '--value', 'Linen'), { env, tty: true });
    expect(second.code, second.stderr).toBe(0);
    expect(stripAnsi(second.stderr)).toContain('Updated');
    // Neither the definition nor the value may be read: no warning, an upsert all the same.
    expect(second.stderr).not.toContain('no definition');
    expect((await log.take()).map((q) => [q.method, q.status])).toEqual([
      ['GET', 403],
      ['GET', 403],
      ['POST', 409],
      ['PUT', 200],
    ]);
    expect((await stored(s.sandbox, 'products', bizId, 'custom', 'material'))?.value).toBe('Linen');
  });
});
