import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { freshBizId, seed } from './_metafields.js';

describe('metafield get', () => {
  const log = requestLog();
  const s = useSandbox({
    seed: 'demo',
    tokens: [parseTokenSpec('full-access-token-0001'), parseTokenSpec('giftcards-token-0002:read_gift_card')],
    onRequest: log.hook,
  });

  it('--json prints the value with its definition, exactly as the store sent it', async () => {
    const bizId = freshBizId();
    await seed(s.sandbox, 'products', bizId, [{ namespace: 'specs', code: 'weight', value: '{"value":1.5,"unit":"kg"}' }]);
    const r = await cli(['metafield', 'get', 'products', bizId, '--namespace', 'specs', '--code', 'weight', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({
      namespace: 'specs',
      code: 'weight',
      value: '{"value":1.5,"unit":"kg"}',
      fieldType: 'Weight',
      bizResource: 'PRODUCT',
      bizId,
    });
  });

  it('a table in a terminal, FIELD<TAB>value lines piped; --json fields picks', async () => {
    const bizId = freshBizId();
    await seed(s.sandbox, 'customers', bizId, [{ namespace: 'custom', code: 'vip', value: 'true' }]);
    const args = ['metafield', 'get', 'customers', bizId, '--namespace', 'custom', '--code', 'vip'];
    const table = await cli(args, { env: s.env, tty: true });
    expect(table.code, table.stderr).toBe(0);
    expect(stripAnsi(table.stdout)).toMatch(/^TYPE\s+Boolean$/m);
    const piped = await cli(args, { env: s.env });
    const fields = Object.fromEntries(tsvRows(piped.stdout).map(([k, v]) => [k, v]));
    expect(fields).toMatchObject({ NAMESPACE: 'custom', CODE: 'vip', TYPE: 'Boolean', VALUE: 'true', RESOURCE: 'CUSTOMER', BIZ_ID: bizId });
    const picked = await cli([...args, '--json', 'value,fieldType'], { env: s.env });
    expect(JSON.parse(picked.stdout)).toEqual({ value: 'true', fieldType: 'Boolean' });
    const unknown = await cli([...args, '--json', 'colour'], { env: s.env });
    expectUsageError(unknown, 'colour');
  });

  it('an absent value exits 1 mentioning 404', async () => {
    const r = await cli(['metafield', 'get', 'products', freshBizId(), '--namespace', 'custom', '--code', 'nothing'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*404/);
    expectNoStackTrace(r.stderr);
  });

  it('a bad domain or namespace, or a missing --code: exit 2, nothing sent', async () => {
    log.clear();
    expectUsageError(await cli(['metafield', 'get', 'widgets', '1', '--namespace', 'a', '--code', 'b'], { env: s.env }), '<domain>');
    expectUsageError(await cli(['metafield', 'get', 'shop', '1', '--namespace', 'a b', '--code', 'b'], { env: s.env }), '--namespace');
    const missing = await cli(['metafield', 'get', 'shop', '1', '--namespace', 'a'], { env: s.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--code');
    expect(await log.take()).toEqual([]);
  });

  it('a token without read_metafields: exit 4', async () => {
    const r = await cli(['metafield', 'get', 'shop', '1', '--namespace', 'a', '--code', 'b'], { env: { ...s.env, STORE_CLI_TOKEN: 'giftcards-token-0002' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/403/);
  });
});

describe('metafield get and count against a store that sends counts as JSON numbers', () => {
  const s = useSandbox({ seed: 'demo', idsAs: 'number' });

  it('keeps a 20-digit bizId exact and prints a numeric count as an integer', async () => {
    const bizId = '98765432109876543210';
    await seed(s.sandbox, 'products', bizId, [{ namespace: 'custom', code: 'material', value: 'Wool' }]);
    const got = await cli(['metafield', 'get', 'products', bizId, '--namespace', 'custom', '--code', 'material', '--json', 'bizId,value'], { env: s.env });
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual({ bizId, value: 'Wool' });
    const count = await cli(['metafield', 'count', 'products', bizId, '--json'], { env: s.env });
    expect(count.stdout).toBe('{"count":1}\n');
  });
});
