// The sandbox's metafield definitions API (real-store-notes.md): create, update, delete, get
// one and list (paged), in both dialects; definitions made through it check values exactly
// as --definitions ones do, and persist in the data file and journal.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec, startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { DIALECTS, createdStatus } from '../helpers/dialects.js';
import { call, withSandbox, type Reply } from './helpers.js';

const DEFS = '/metafields/definitions';

const age = { namespace: 'ops', code: 'age', definitionName: 'Age', fieldType: 'Integer' };

function create(sandbox: RunningSandbox, domain: string, metafield: Record<string, unknown>): Promise<Reply> {
  return call(sandbox, 'POST', `${DEFS}/${domain}`, { body: { metafield } });
}

function setValue(sandbox: RunningSandbox, bizId: string, namespace: string, code: string, value: unknown): Promise<Reply> {
  return call(sandbox, 'POST', `/metafields/products/${bizId}`, { body: { metaFieldDataList: [{ namespace, code, value }] } });
}

/** The message of an error answer in either dialect. */
const messageOf = (reply: Reply): string => reply.json.message ?? reply.json.error;

describe.each(DIALECTS)('the definitions API, %s dialect', (dialect) => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 'none', dialect, tokens: [parseTokenSpec('full-token-0001'), parseTokenSpec('reader-token-0002:read_metafields')] });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('creates a definition (201 in the real dialect), answered in the wire form of spec 2.2', async () => {
    const reply = await create(sandbox, 'products', {
      namespace: 'specs',
      code: 'weight',
      definitionName: 'Weight',
      fieldType: 'Weight',
      schemaRule: { min: { value: 0, unit: 'kg' }, max: { value: 500, unit: 'kg' } },
      optionMap: '{"search": true}',
      pinned: true,
    });
    expect(reply.status, reply.text).toBe(createdStatus(dialect));
    expect(reply.json.metafield).toEqual({
      pinned: 'true',
      definitionName: 'Weight',
      code: 'weight',
      namespace: 'specs',
      description: '',
      optionMap: '{"search":true}',
      fieldType: 'Weight',
      multi: 'false',
      schemaRule: '{"min":{"value":0,"unit":"kg"},"max":{"value":500,"unit":"kg"}}',
    });
    const detail = await call(sandbox, 'GET', `${DEFS}/detail/products?namespace=specs&code=weight`);
    expect(detail.status).toBe(200);
    expect(detail.json.metafield).toEqual(reply.json.metafield);
  });

  it('values are checked against a definition made through the API, as against a file one', async () => {
    expect((await create(sandbox, 'products', age)).status).toBe(createdStatus(dialect));
    const refused = await setValue(sandbox, '5001', 'ops', 'age', 'forty');
    expect(refused.status).toBe(400);
    expect(messageOf(refused)).toContain('expected an Integer');
    expect((await setValue(sandbox, '5001', 'ops', 'age', '40')).status).toBe(200);
    const heavy = await setValue(sandbox, '5001', 'specs', 'weight', '{"value":501,"unit":"kg"}');
    expect(heavy.status).toBe(400);
    expect(messageOf(heavy)).toContain('must be at most 500 kg');
  });

  it('a second create of the same namespace and code is a 409, nothing changed', async () => {
    const again = await create(sandbox, 'products', { ...age, fieldType: 'Decimal' });
    expect(again.status).toBe(409);
    expect((await call(sandbox, 'GET', `${DEFS}/detail/products?namespace=ops&code=age`)).json.metafield.fieldType).toBe('Integer');
  });

  it('an update changes the fields it sends and keeps the others', async () => {
    const reply = await call(sandbox, 'PUT', `${DEFS}/products`, { body: { metafield: { namespace: 'ops', code: 'age', description: 'in years' } } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.metafield).toMatchObject({ definitionName: 'Age', fieldType: 'Integer', description: 'in years' });
    const unruled = await call(sandbox, 'PUT', `${DEFS}/products`, { body: { metafield: { namespace: 'specs', code: 'weight', schemaRule: '' } } });
    expect(unruled.status, unruled.text).toBe(200);
    expect(unruled.json.metafield).not.toHaveProperty('schemaRule');
    expect((await setValue(sandbox, '5003', 'specs', 'weight', '{"value":900,"unit":"kg"}')).status).toBe(200);
  });

  it('refuses a type change while values of the field are stored (409), allows one without values', async () => {
    const refused = await call(sandbox, 'PUT', `${DEFS}/products`, { body: { metafield: { namespace: 'ops', code: 'age', fieldType: 'Decimal' } } });
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toContain('cannot change from Integer to Decimal while values of it are stored');
    const multi = await call(sandbox, 'PUT', `${DEFS}/products`, { body: { metafield: { namespace: 'ops', code: 'age', multi: 'true' } } });
    expect(multi.status).toBe(409);
    expect((await create(sandbox, 'products', { namespace: 'ops', code: 'unused', definitionName: 'Unused', fieldType: 'Integer' })).status).toBe(
      createdStatus(dialect),
    );
    const changed = await call(sandbox, 'PUT', `${DEFS}/products`, { body: { metafield: { namespace: 'ops', code: 'unused', fieldType: 'Date' } } });
    expect(changed.status).toBe(200);
    expect(changed.json.metafield.fieldType).toBe('Date');
  });

  it("refuses an invalid body with 400 naming the field (the file schema, in the body's terms)", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...age, code: 'bad code' }, 'metafield.code'],
      [{ ...age, code: 'x1', fieldType: 'Number' }, 'metafield.fieldType'],
      [{ ...age, code: 'x2', schemaRule: '{"max":{"value":1,"unit":"kg"}}' }, 'metafield.schemaRule'],
      [{ ...age, code: 'x3', extra: 1 }, 'metafield'],
    ];
    for (const [metafield, field] of cases) {
      const reply = await create(sandbox, 'products', metafield);
      expect(reply.status, JSON.stringify(metafield)).toBe(400);
      if (dialect === 'service') expect(reply.json.errors[0].field).toBe(field);
      else expect(reply.json.error).toContain(field);
    }
    expect((await call(sandbox, 'POST', `${DEFS}/products`, { body: { nothing: 1 } })).status).toBe(400);
    expect((await call(sandbox, 'POST', `${DEFS}/planets`, { body: { metafield: age } })).status).toBe(404);
  });

  it('lists a domain sorted by namespace and code, paged with limit and a Link to the next page', async () => {
    for (const code of ['c', 'a', 'b', 'd', 'e'])
      await create(sandbox, 'customers', { namespace: 'paging', code, definitionName: code.toUpperCase(), fieldType: 'Boolean' });
    await create(sandbox, 'customers', { namespace: 'another', code: 'z', definitionName: 'Z', fieldType: 'Boolean' });
    const seen: string[] = [];
    let url: string | undefined = `${DEFS}/customers?limit=2`;
    let pages = 0;
    while (url !== undefined) {
      const reply: Reply = await call(sandbox, 'GET', url);
      expect(reply.status).toBe(200);
      seen.push(...reply.json.metafields.map((d: { namespace: string; code: string }) => `${d.namespace}.${d.code}`));
      const next = /<\s*([^>]*?)\s*>;\s*rel="?next"?/.exec(reply.headers.get('link') ?? '');
      url = next?.[1];
      pages += 1;
    }
    expect(seen).toEqual(['another.z', 'paging.a', 'paging.b', 'paging.c', 'paging.d', 'paging.e']);
    expect(pages).toBe(3);
    expect((await call(sandbox, 'GET', `${DEFS}/variants`)).json).toEqual({ metafields: [] });
  });

  it('delete answers the definition and keeps the values, which are then read without one', async () => {
    await create(sandbox, 'products', { namespace: 'ops', code: 'gone', definitionName: 'Gone', fieldType: 'Integer' });
    expect((await setValue(sandbox, '5002', 'ops', 'gone', '7')).status).toBe(200);
    const removed = await call(sandbox, 'DELETE', `${DEFS}/products?namespace=ops&code=gone`);
    expect(removed.status).toBe(200);
    expect(removed.json.metafield).toMatchObject({ namespace: 'ops', code: 'gone', fieldType: 'Integer' });
    expect((await call(sandbox, 'GET', `${DEFS}/detail/products?namespace=ops&code=gone`)).status).toBe(404);
    const value = await call(sandbox, 'GET', '/metafields/detail/products/5002?namespace=ops&code=gone');
    expect(value.json.metafield).toMatchObject({ value: '7', fieldType: 'Integer', definitionName: '' });
    // Without a definition a value is SingleLineText.
    expect(
      (await call(sandbox, 'PUT', '/metafields/products/5002', { body: { metaFieldData: { namespace: 'ops', code: 'gone', value: 'seven' } } })).status,
    ).toBe(200);
    expect((await call(sandbox, 'DELETE', `${DEFS}/products?namespace=ops&code=gone`)).status).toBe(404);
  });

  it('reads need read_metafields, writes write_metafields', async () => {
    const reader = { token: 'reader-token-0002' };
    expect((await call(sandbox, 'GET', `${DEFS}/products`, reader)).status).toBe(200);
    expect((await call(sandbox, 'POST', `${DEFS}/products`, { ...reader, body: { metafield: { ...age, code: 'nope' } } })).status).toBe(403);
    expect((await call(sandbox, 'DELETE', `${DEFS}/products?namespace=ops&code=age`, reader)).status).toBe(403);
  });
});

describe('definitions persist', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-cli-defs-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a definition made through the API still refuses a bad value after a restart with --data', async () => {
    const options: SandboxOptions = { seed: 'none', dataFile: join(dir, 'state.json') };
    await withSandbox(options, async (sandbox) => {
      expect((await create(sandbox, 'products', age)).status).toBe(200);
    });
    await withSandbox(options, async (sandbox) => {
      expect((await setValue(sandbox, '6001', 'ops', 'age', 'forty')).status).toBe(400);
      expect((await setValue(sandbox, '6001', 'ops', 'age', '41')).status).toBe(200);
      // Changed again, then restarted: the journal's change survives too.
      expect(
        (await call(sandbox, 'PUT', `${DEFS}/products`, { body: { metafield: { namespace: 'ops', code: 'age', definitionName: 'Age in years' } } })).status,
      ).toBe(200);
      expect((await create(sandbox, 'shop', { namespace: 'ops', code: 'motto', definitionName: 'Motto', fieldType: 'SingleLineText' })).status).toBe(200);
      expect((await call(sandbox, 'DELETE', `${DEFS}/shop?namespace=ops&code=motto`)).status).toBe(200);
    });
    await withSandbox(options, async (sandbox) => {
      expect((await call(sandbox, 'GET', `${DEFS}/detail/products?namespace=ops&code=age`)).json.metafield.definitionName).toBe('Age in years');
      expect((await call(sandbox, 'GET', `${DEFS}/shop`)).json.metafields).toEqual([]);
    });
  });

  it('a --definitions file is laid over the definitions a data file holds; a type change with values stops the start', async () => {
    const dataFile = join(dir, 'layered.json');
    const file = join(dir, 'definitions.json');
    await withSandbox({ seed: 'none', dataFile }, async (sandbox) => {
      await create(sandbox, 'products', { namespace: 'api', code: 'kept', definitionName: 'Kept', fieldType: 'Integer' });
      await create(sandbox, 'products', age);
      expect((await setValue(sandbox, '7001', 'ops', 'age', '3')).status).toBe(200);
    });
    await writeFile(
      file,
      JSON.stringify({ definitions: [{ domain: 'products', namespace: 'file', code: 'color', definitionName: 'Colour', fieldType: 'Color' }] }),
    );
    await withSandbox({ seed: 'none', dataFile, definitionsFile: file }, async (sandbox) => {
      const listed = (await call(sandbox, 'GET', `${DEFS}/products`)).json.metafields.map(
        (d: { namespace: string; code: string }) => `${d.namespace}.${d.code}`,
      );
      expect(listed).toEqual(['api.kept', 'file.color', 'ops.age']);
    });
    await writeFile(file, JSON.stringify({ definitions: [{ domain: 'products', namespace: 'ops', code: 'age', definitionName: 'Age', fieldType: 'Date' }] }));
    await expect(startSandbox({ seed: 'none', dataFile, definitionsFile: file })).rejects.toThrow(
      /cannot change from Integer to Date while values of it are stored/,
    );
    // The refused start let go of the data file: the next start works.
    await withSandbox({ seed: 'none', dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'GET', `${DEFS}/detail/products?namespace=ops&code=age`)).json.metafield.fieldType).toBe('Integer');
    });
  });
});
