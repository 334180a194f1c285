import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectUsageError, requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { freshBizId, seed } from './_metafields.js';
import { DIALECTS } from '../../helpers/dialects.js';

describe.each(DIALECTS)('metafield list (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    tokens: [parseTokenSpec('full-access-token-0001'), parseTokenSpec('writer-token-0002:write_metafields')],
    onRequest: log.hook,
  });

  async function productWithValues(): Promise<string> {
    const bizId = freshBizId();
    await seed(s.sandbox, 'products', bizId, [
      { namespace: 'specs', code: 'weight', value: '{"value":1.5,"unit":"kg"}' },
      { namespace: 'custom', code: 'material', value: 'Organic cotton' },
      { namespace: 'custom', code: 'care_guide', value: 'Wash cold.\nDry flat.' },
    ]);
    return bizId;
  }

  it('piped: TSV rows namespace, code, fieldType, value, sorted by namespace then code', async () => {
    const bizId = await productWithValues();
    const r = await cli(['metafield', 'list', 'products', bizId], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['custom', 'care_guide', 'MultiLineText', 'Wash cold.\\nDry flat.'], // the line break escaped, so the row stays one line
      ['custom', 'material', 'SingleLineText', 'Organic cotton'],
      ['specs', 'weight', 'Weight', '{"value":1.5,"unit":"kg"}'],
    ]);
  });

  it('--namespace filters; --json is one array with the exact values; --jsonl one per line', async () => {
    const bizId = await productWithValues();
    const json = await cli(['metafield', 'list', 'products', bizId, '--namespace', 'custom', '--json', 'code,value'], { env: s.env });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      { code: 'care_guide', value: 'Wash cold.\nDry flat.' },
      { code: 'material', value: 'Organic cotton' },
    ]);
    const lines = await cli(['metafield', 'list', 'products', bizId, '--jsonl'], { env: s.env });
    expect(
      lines.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).code),
    ).toEqual(['care_guide', 'material', 'weight']);
  });

  it('a table in a terminal with a header', async () => {
    const bizId = await productWithValues();
    const r = await cli(['metafield', 'list', 'products', bizId], { env: s.env, tty: true });
    expect(r.code, r.stderr).toBe(0);
    const lines = stripAnsi(r.stdout).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAMESPACE\s+CODE\s+TYPE\s+VALUE$/);
    expect(lines).toHaveLength(4);
  });

  it('an object without values: exit 0, "[]" with --json, a notice in a terminal only', async () => {
    const bizId = freshBizId();
    const json = await cli(['metafield', 'list', 'orders', bizId, '--json'], { env: s.env });
    expect(json.code).toBe(0);
    expect(json.stdout).toBe('[]\n');
    const piped = await cli(['metafield', 'list', 'orders', bizId], { env: s.env });
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const tty = await cli(['metafield', 'list', 'orders', bizId, '--namespace', 'custom'], { env: s.env, tty: true });
    expect(tty.code).toBe(0);
    expect(stripAnsi(tty.stderr)).toContain(`No metafield values on orders ${bizId} in namespace custom.`);
  });

  it('a bad domain or --namespace exits 2, nothing sent', async () => {
    log.clear();
    expectUsageError(await cli(['metafield', 'list', 'Products', '1'], { env: s.env }), '<domain>');
    expectUsageError(await cli(['metafield', 'list', 'products', '1', '--namespace', ''], { env: s.env }), '--namespace');
    expect(await log.take()).toEqual([]);
  });

  it('a token without read_metafields: exit 4', async () => {
    const r = await cli(['metafield', 'list', 'products', '1'], { env: { ...s.env, STORE_CLI_TOKEN: 'writer-token-0002' } });
    expect(r.code).toBe(4);
  });
});
