// metafield definition list|get|create|update|delete|export|import, in-process against a
// real sandbox: what they send (the request log), print and leave on the store.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, expectUsageError, requestLog, tsvRows } from '../_support.js';
import { scratchDir } from '../../helpers/scratch.js';

const DEFS = '/api/202412/metafields/definitions';

describe('metafield definition', () => {
  const log = requestLog();
  const s = useSandbox({
    seed: 'none',
    tokens: [parseTokenSpec('full-access-token-0001'), parseTokenSpec('reader-token-0002:read_metafields')],
    onRequest: log.hook,
  });
  const definition = async (domain: string, namespace: string, code: string) => {
    const reply = await call(s.sandbox, 'GET', `/metafields/definitions/detail/${domain}?namespace=${namespace}&code=${code}`);
    return reply.status === 404 ? undefined : JSON.parse(reply.text).metafield;
  };
  let dir: string;
  beforeAll(async () => {
    dir = scratchDir('store-cli-definitions-');
  });

  it("create sends the definition and prints the store's answer; the store then checks values by it", async () => {
    log.clear();
    const r = await cli(
      [
        'metafield',
        'definition',
        'create',
        'products',
        '--namespace',
        'specs',
        '--code',
        'weight',
        '--definition-name',
        'Weight',
        '--field-type',
        'weight',
        '--schema-rule',
        '{"max": {"value": 500, "unit": "kg"}}',
        '--json',
      ],
      { env: s.env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      namespace: 'specs',
      code: 'weight',
      definitionName: 'Weight',
      fieldType: 'Weight',
      multi: 'false',
      description: '',
      optionMap: '{}',
      schemaRule: '{"max":{"value":500,"unit":"kg"}}',
      pinned: 'false',
    });
    expect(await log.take()).toEqual([expect.objectContaining({ method: 'POST', path: `${DEFS}/products`, status: 200 })]);
    const refused = await cli(['metafield', 'set', 'products', '42', '--namespace', 'specs', '--code', 'weight', '--value', '{"value": 600, "unit": "kg"}'], {
      env: s.env,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('at most 500 kg');
  });

  it('create checks its flags before sending: a bad one exits 2 naming it, nothing sent', async () => {
    log.clear();
    const base = ['metafield', 'definition', 'create', 'products', '--namespace', 'custom', '--code', 'x'];
    expectUsageError(await cli([...base, '--field-type', 'Integer'], { env: s.env }), '--definition-name');
    expectUsageError(await cli([...base, '--definition-name', 'X', '--field-type', 'Number'], { env: s.env }), '--field-type');
    expectUsageError(await cli([...base, '--definition-name', 'X', '--field-type', 'Integer', '--option-map', '[1]'], { env: s.env }), '--option-map');
    expectUsageError(
      await cli([...base, '--definition-name', 'X', '--field-type', 'Integer', '--schema-rule', '{"max":{"value":1,"unit":"kg"}}'], { env: s.env }),
      '--schema-rule',
    );
    expectUsageError(
      await cli(['metafield', 'definition', 'create', 'planets', '--namespace', 'a', '--code', 'b', '--definition-name', 'X', '--field-type', 'Integer'], {
        env: s.env,
      }),
      '<domain>',
    );
    expect(await log.take()).toEqual([]);
  });

  it("get prints one definition; list prints the domain's, tab-separated when piped", async () => {
    await cli(
      [
        'metafield',
        'definition',
        'create',
        'products',
        '--namespace',
        'custom',
        '--code',
        'tags',
        '--definition-name',
        'Tags',
        '--field-type',
        'SingleLineText',
        '--multi',
        'true',
      ],
      {
        env: s.env,
      },
    );
    const got = await cli(['metafield', 'definition', 'get', 'products', '--namespace', 'custom', '--code', 'tags'], { env: s.env });
    expect(got.code, got.stderr).toBe(0);
    expect(tsvRows(got.stdout)).toContainEqual(['MULTI', 'true']);
    const listed = await cli(['metafield', 'definition', 'list', 'products'], { env: s.env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(tsvRows(listed.stdout)).toEqual([
      ['custom', 'tags', 'SingleLineText', 'true', 'Tags'],
      ['specs', 'weight', 'Weight', 'false', 'Weight'],
    ]);
    const json = await cli(['metafield', 'definition', 'list', 'products', '--json', 'code'], { env: s.env });
    expect(JSON.parse(json.stdout)).toEqual([{ code: 'tags' }, { code: 'weight' }]);
    const absent = await cli(['metafield', 'definition', 'get', 'products', '--namespace', 'custom', '--code', 'nothing'], { env: s.env });
    expect(absent.code).toBe(1);
    expect(absent.stderr).toMatch(/^error: .*404/);
    expectNoStackTrace(absent.stderr);
  });

  it("update reads, then sends the whole definition with the flags' changes; an equal update sends nothing", async () => {
    log.clear();
    const r = await cli(
      ['metafield', 'definition', 'update', 'products', '--namespace', 'custom', '--code', 'tags', '--description', 'Search tags', '--pinned', 'true'],
      { env: s.env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(await log.take()).toEqual([
      expect.objectContaining({ method: 'GET', path: `${DEFS}/detail/products?namespace=custom&code=tags` }),
      expect.objectContaining({ method: 'PUT', path: `${DEFS}/products`, status: 200 }),
    ]);
    expect(await definition('products', 'custom', 'tags')).toMatchObject({ description: 'Search tags', pinned: 'true', multi: 'true', definitionName: 'Tags' });
    log.clear();
    const again = await cli(['metafield', 'definition', 'update', 'products', '--namespace', 'custom', '--code', 'tags', '--description', 'Search tags'], {
      env: s.env,
    });
    expect(again.code, again.stderr).toBe(0);
    expect((await log.take()).map((line) => line.method)).toEqual(['GET']);
    const dry = await cli(
      ['metafield', 'definition', 'update', 'products', '--namespace', 'custom', '--code', 'tags', '--definition-name', 'Labels', '--dry-run', '--json'],
      { env: s.env },
    );
    expect(dry.code, dry.stderr).toBe(0);
    const [request] = JSON.parse(dry.stdout);
    expect(request).toMatchObject({
      method: 'PUT',
      path: `${DEFS}/products`,
      body: { metafield: { definitionName: 'Labels', description: 'Search tags', code: 'tags' } },
    });
    expect((await log.take()).map((line) => line.method)).toEqual(['GET']);
    expectUsageError(
      await cli(['metafield', 'definition', 'update', 'products', '--namespace', 'custom', '--code', 'tags'], { env: s.env }),
      'at least one field',
    );
    // --schema-rule "" removes the rule, on the store too.
    await call(s.sandbox, 'POST', '/metafields/definitions/pages', {
      metafield: { namespace: 'custom', code: 'width', definitionName: 'Width', fieldType: 'Size', schemaRule: '{"max":{"value":2,"unit":"m"}}' },
    });
    const unruled = await cli(['metafield', 'definition', 'update', 'pages', '--namespace', 'custom', '--code', 'width', '--schema-rule', ''], { env: s.env });
    expect(unruled.code, unruled.stderr).toBe(0);
    expect(await definition('pages', 'custom', 'width')).not.toHaveProperty('schemaRule');
  });

  it('delete needs --yes without a terminal, prints the definition removed; --dry-run sends nothing', async () => {
    await cli(
      ['metafield', 'definition', 'create', 'shop', '--namespace', 'custom', '--code', 'motto', '--definition-name', 'Motto', '--field-type', 'SingleLineText'],
      { env: s.env },
    );
    log.clear();
    expectUsageError(await cli(['metafield', 'definition', 'delete', 'shop', '--namespace', 'custom', '--code', 'motto'], { env: s.env }), '--yes');
    const dry = await cli(['metafield', 'definition', 'delete', 'shop', '--namespace', 'custom', '--code', 'motto', '--dry-run'], { env: s.env });
    expect(dry.stdout).toBe(`DELETE\t${DEFS}/shop?namespace=custom&code=motto\t\n`);
    expect(await log.take()).toEqual([]);
    const r = await cli(['metafield', 'definition', 'delete', 'shop', '--namespace', 'custom', '--code', 'motto', '--yes', '--json', 'code,definitionName'], {
      env: s.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ code: 'motto', definitionName: 'Motto' });
    expect(await definition('shop', 'custom', 'motto')).toBeUndefined();
  });

  it('export writes the file import reads, sorted, without store-specific fields; to stdout or --output', async () => {
    const out = await cli(['metafield', 'definition', 'export', 'products'], { env: s.env });
    expect(out.code, out.stderr).toBe(0);
    const file = JSON.parse(out.stdout);
    expect(file.definitions.map((d: { domain: string; namespace: string; code: string }) => `${d.domain} ${d.namespace}.${d.code}`)).toEqual([
      'products custom.tags',
      'products specs.weight',
    ]);
    expect(Object.keys(file.definitions[1])).toEqual([
      'domain',
      'namespace',
      'code',
      'definitionName',
      'description',
      'fieldType',
      'multi',
      'schemaRule',
      'optionMap',
      'pinned',
    ]);
    const target = join(dir, 'exported.json');
    const toFile = await cli(['metafield', 'definition', 'export', 'products', 'products', '--output', target], { env: s.env });
    expect(toFile.code, toFile.stderr).toBe(0);
    expect(toFile.stdout).toBe('');
    expect(await readFile(target, 'utf8')).toBe(out.stdout);
    expectUsageError(await cli(['metafield', 'definition', 'export'], { env: s.env }), '--all');
    expectUsageError(await cli(['metafield', 'definition', 'export', 'products', '--all'], { env: s.env }), '--all');
  });

  it('import creates what is missing, updates what differs, skips what is equal; --json prints the summary', async () => {
    const file = join(dir, 'import.json');
    await writeFile(
      file,
      JSON.stringify({
        definitions: [
          {
            domain: 'products',
            namespace: 'custom',
            code: 'tags',
            definitionName: 'Tags',
            description: 'Search tags',
            fieldType: 'SingleLineText',
            multi: true,
            pinned: 'true',
          },
          {
            domain: 'products',
            namespace: 'specs',
            code: 'weight',
            definitionName: 'Shipping weight',
            fieldType: 'Weight',
            schemaRule: { max: { value: 500, unit: 'kg' } },
          },
          { domain: 'customers', namespace: 'custom', code: 'vip', definitionName: 'VIP', fieldType: 'Boolean' },
        ],
      }),
    );
    log.clear();
    const dry = await cli(['metafield', 'definition', 'import', file, '--dry-run', '--json'], { env: s.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).map((request: { method: string; path: string }) => `${request.method} ${request.path}`)).toEqual([
      `PUT ${DEFS}/products`,
      `POST ${DEFS}/customers`,
    ]);
    expect((await log.take()).every((line) => line.method === 'GET')).toBe(true);
    const r = await cli(['metafield', 'definition', 'import', file, '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ created: 1, updated: 1, unchanged: 1, failed: 0 });
    expect(await definition('products', 'specs', 'weight')).toMatchObject({ definitionName: 'Shipping weight' });
    const again = await cli(['metafield', 'definition', 'import', '-', '--json'], { env: s.env, stdin: await readFile(file, 'utf8') });
    expect(JSON.parse(again.stdout)).toEqual({ created: 0, updated: 0, unchanged: 3, failed: 0 });
    expect((await log.take()).filter((line) => line.method !== 'GET')).toHaveLength(2);
  });

  it('import: a refused definition is named and counted, the others applied, exit 3', async () => {
    await call(s.sandbox, 'POST', '/metafields/orders/900', { metaFieldDataList: [{ namespace: 'custom', code: 'gift', value: 'hello' }] });
    await call(s.sandbox, 'POST', '/metafields/definitions/orders', {
      metafield: { namespace: 'custom', code: 'gift', definitionName: 'Gift', fieldType: 'SingleLineText' },
    });
    const file = join(dir, 'partial.json');
    await writeFile(
      file,
      JSON.stringify({
        definitions: [
          { domain: 'orders', namespace: 'custom', code: 'gift', definitionName: 'Gift', fieldType: 'Integer' },
          { domain: 'orders', namespace: 'custom', code: 'note', definitionName: 'Note', fieldType: 'MultiLineText' },
        ],
      }),
    );
    const r = await cli(['metafield', 'definition', 'import', file], { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('orders custom.gift');
    expect(r.stderr).toContain('Definitions: 1 created, 0 updated, 0 unchanged, 1 failed.');
    expect(await definition('orders', 'custom', 'note')).toBeDefined();
    expectNoStackTrace(r.stderr);
  });

  it('import checks the whole file first: a problem names the JSON path, exits 2, nothing sent', async () => {
    const cases: Array<[unknown, string]> = [
      [
        {
          definitions: [
            { domain: 'products', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Integer' },
            { domain: 'products', namespace: 'a', code: 'c', fieldType: 'Integer' },
          ],
        },
        'definitions[1].definitionName is required',
      ],
      [
        {
          definitions: [
            { domain: 'products', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Integer', schemaRule: '{"max":{"value":1,"unit":"kg"}}' },
          ],
        },
        'definitions[0].schemaRule is only supported on Weight',
      ],
      [
        {
          definitions: [
            { domain: 'products', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Weight', schemaRule: '{"max":{"value":"1","unit":"kg"}}' },
          ],
        },
        'definitions[0].schemaRule max.value must be a JSON number',
      ],
      [
        { definitions: [{ domain: 'products', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Integer', id: '7' }] },
        'definitions[0] has the unknown field "id"',
      ],
      [
        {
          definitions: [
            { domain: 'products', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Integer' },
            { domain: 'products', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Integer' },
          ],
        },
        'definitions[1] defines products a.b again (first at definitions[0])',
      ],
      [{ defs: [] }, 'definitions is required'],
      [[], 'the file must be an object {"definitions": [...]}'],
    ];
    log.clear();
    for (const [content, problem] of cases) {
      const file = join(dir, 'bad.json');
      await writeFile(file, JSON.stringify(content));
      const r = await cli(['metafield', 'definition', 'import', file], { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`${file}: ${problem}`);
      expect(r.stdout).toBe('');
    }
    const notJson = await cli(['metafield', 'definition', 'import', '-'], { env: s.env, stdin: '{"definitions": [' });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('stdin is not valid JSON');
    expect(await log.take()).toEqual([]);
  });

  it('a token without write_metafields is refused with exit 4', async () => {
    const r = await cli(['metafield', 'definition', 'create', 'pages', '--namespace', 'a', '--code', 'b', '--definition-name', 'B', '--field-type', 'Page'], {
      env: { ...s.env, STORE_CLI_TOKEN: 'reader-token-0002' },
    });
    expect(r.code).toBe(4);
  });

  it('with --sandbox, a definition created in one run checks values in the next (the embedded store keeps it)', async () => {
    const env = scratchDirs();
    const made = await cli(
      [
        '--sandbox',
        'metafield',
        'definition',
        'create',
        'customers',
        '--namespace',
        'loyalty',
        '--code',
        'tier',
        '--definition-name',
        'Tier',
        '--field-type',
        'Integer',
      ],
      {
        env,
      },
    );
    expect(made.code, made.stderr).toBe(0);
    const refused = await cli(
      ['--sandbox', 'metafield', 'set', 'customers', '7000000000000000001', '--namespace', 'loyalty', '--code', 'tier', '--value', 'gold'],
      { env },
    );
    // The definition read back in this run gives the type: checked before anything is sent.
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "--value must be an Integer like \"42\" (a whole number within signed 64-bit) (got 'gold'); Integer is the field's type on the store.",
    );
    const listed = await cli(['--sandbox', 'metafield', 'definition', 'list', 'customers', '--json', 'code'], { env });
    expect(JSON.parse(listed.stdout)).toContainEqual({ code: 'tier' });
  });
});
