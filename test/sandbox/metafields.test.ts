import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxDataError, startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, expectErrorShape, fields, withSandbox } from './helpers.js';

const PRODUCT = '4000000000000000011';
const at = (domain: string, bizId: string) => `/metafields/${domain}/${bizId}`;
const batch = (...items: unknown[]) => ({ body: { metaFieldDataList: items } });

let nextId = 6000000000000000000n;
/** A business object no other test has touched, so tests never meet each other's values. */
function freshId(): string {
  nextId += 1n;
  return nextId.toString();
}

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
});

afterAll(async () => {
  await sandbox.close();
});

describe('metafield values: the round trip', () => {
  it('creates a batch, then lists, counts, reads, updates and deletes with the documented shapes', async () => {
    const id = freshId();
    const path = at('products', id);
    const created = await call(
      sandbox,
      'POST',
      path,
      batch(
        { namespace: 'specs', code: 'weight', value: '{"value":1.5,"unit":"kg"}' },
        { namespace: 'custom', code: 'material', value: 'Organic cotton' },
        { namespace: 'custom', code: 'stock_floor', value: '12' },
      ),
    );
    expect(created.status, created.text).toBe(200);
    expect(created.json).toEqual({
      metafield: {
        metaFieldDataList: [
          { namespace: 'specs', code: 'weight', value: '{"value":1.5,"unit":"kg"}' },
          { namespace: 'custom', code: 'material', value: 'Organic cotton' },
          { namespace: 'custom', code: 'stock_floor', value: '12' },
        ],
      },
    });

    const list = await call(sandbox, 'GET', path);
    expect(list.status).toBe(200);
    // Sorted by namespace, then code.
    expect(list.json.metafields.map((value: { namespace: string; code: string }) => `${value.namespace}.${value.code}`)).toEqual([
      'custom.material',
      'custom.stock_floor',
      'specs.weight',
    ]);
    expect(list.json.metafields[2]).toEqual({
      code: 'weight',
      definitionName: 'Weight',
      namespace: 'specs',
      bizId: id,
      description: 'Shipping weight, from 0 to 500 kg.',
      value: '{"value":1.5,"unit":"kg"}',
      fieldType: 'Weight',
      bizResource: 'PRODUCT',
    });
    expect(Object.keys(list.json.metafields[0])).toEqual(['code', 'definitionName', 'namespace', 'bizId', 'description', 'value', 'fieldType', 'bizResource']);

    expect((await call(sandbox, 'GET', `/metafields/count/products/${id}`)).json).toEqual({ count: '3' });

    const detail = await call(sandbox, 'GET', `/metafields/detail/products/${id}?namespace=custom&code=stock_floor`);
    expect(detail.json).toEqual({
      metafield: {
        code: 'stock_floor',
        definitionName: 'Stock floor',
        namespace: 'custom',
        bizId: id,
        description: 'Reorder when stock falls below this many units.',
        value: '12',
        fieldType: 'Integer',
        bizResource: 'PRODUCT',
      },
    });

    const updated = await call(sandbox, 'PUT', path, { body: { metaFieldData: { namespace: 'custom', code: 'stock_floor', value: '40' } } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toEqual({ metafield: { namespace: 'custom', code: 'stock_floor', value: '40' } });
    expect((await call(sandbox, 'GET', `/metafields/detail/products/${id}?namespace=custom&code=stock_floor`)).json.metafield.value).toBe('40');

    const removed = await call(sandbox, 'DELETE', `${path}?namespace=custom&code=stock_floor`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ metafields: { namespace: 'custom', code: 'stock_floor', value: '40' } });
    expect((await call(sandbox, 'GET', `/metafields/count/products/${id}`)).json).toEqual({ count: '2' });
    expectErrorShape(await call(sandbox, 'GET', `/metafields/detail/products/${id}?namespace=custom&code=stock_floor`), 404, 'not_found');
  });

  it('an object with no values lists nothing and counts 0', async () => {
    const id = freshId();
    expect((await call(sandbox, 'GET', at('orders', id))).json).toEqual({ metafields: [] });
    expect((await call(sandbox, 'GET', `/metafields/count/orders/${id}`)).json).toEqual({ count: '0' });
  });

  it('keeps the values of different objects and domains apart', async () => {
    const id = freshId();
    for (const domain of ['products', 'variants']) {
      expect((await call(sandbox, 'POST', at(domain, id), batch({ namespace: 'app', code: 'note', value: domain }))).status).toBe(200);
    }
    expect((await call(sandbox, 'GET', `/metafields/detail/variants/${id}?namespace=app&code=note`)).json.metafield.value).toBe('variants');
    expect((await call(sandbox, 'GET', `/metafields/count/products/${freshId()}`)).json.count).toBe('0');
  });

  it('answers each domain with its bizResource', async () => {
    const expected: Record<string, string> = {
      products: 'PRODUCT',
      variants: 'VARIANT',
      collections: 'COLLECTION',
      customers: 'CUSTOMER',
      orders: 'ORDER',
      pages: 'PAGE',
      shop: 'SHOP',
    };
    const id = freshId();
    for (const [domain, resource] of Object.entries(expected)) {
      expect((await call(sandbox, 'POST', at(domain, id), batch({ namespace: 'app', code: 'tag', value: 'x' }))).status).toBe(200);
      const detail = await call(sandbox, 'GET', `/metafields/detail/${domain}/${id}?namespace=app&code=tag`);
      expect(detail.json.metafield).toMatchObject({ bizResource: resource, bizId: id, fieldType: 'SingleLineText', definitionName: '', description: '' });
    }
  });
});

describe('metafield values: the namespace filter of list and count', () => {
  it('keeps only the values of that namespace', async () => {
    const id = freshId();
    const path = at('customers', id);
    await call(
      sandbox,
      'POST',
      path,
      batch(
        { namespace: 'b', code: 'two', value: '2' },
        { namespace: 'a', code: 'zeta', value: 'z' },
        { namespace: 'b', code: 'one', value: '1' },
        { namespace: 'a', code: 'alpha', value: 'a' },
      ),
    );
    const onlyB = await call(sandbox, 'GET', `${path}?namespace=b`);
    expect(onlyB.json.metafields.map((value: { code: string }) => value.code)).toEqual(['one', 'two']);
    expect((await call(sandbox, 'GET', `/metafields/count/customers/${id}?namespace=a`)).json.count).toBe('2');
    expect((await call(sandbox, 'GET', `/metafields/count/customers/${id}?namespace=none`)).json.count).toBe('0');
    expect((await call(sandbox, 'GET', `${path}?namespace=none`)).json.metafields).toEqual([]);
    const all = await call(sandbox, 'GET', path);
    expect(all.json.metafields.map((value: { namespace: string; code: string }) => `${value.namespace}.${value.code}`)).toEqual([
      'a.alpha',
      'a.zeta',
      'b.one',
      'b.two',
    ]);
  });

  it('refuses a malformed namespace filter', async () => {
    const reply = await call(sandbox, 'GET', `${at('products', freshId())}?namespace=${encodeURIComponent('a b')}`);
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply)).toEqual(['namespace']);
  });
});

describe('metafield values: batch create', () => {
  it('is all or nothing: one existing value is a 409 naming its index, and nothing else is created', async () => {
    const id = freshId();
    const path = at('products', id);
    await call(sandbox, 'POST', path, batch({ namespace: 'custom', code: 'material', value: 'Wool' }, { namespace: 'app', code: 'b', value: 'x' }));
    const reply = await call(
      sandbox,
      'POST',
      path,
      batch(
        { namespace: 'app', code: 'new', value: 'fresh' },
        { namespace: 'custom', code: 'material', value: 'Silk' },
        { namespace: 'app', code: 'b', value: 'y' },
      ),
    );
    expectErrorShape(reply, 409, 'conflict');
    expect(reply.json.errors).toEqual([
      { field: 'metaFieldDataList[1]', message: expect.stringContaining('custom.material exists already') },
      { field: 'metaFieldDataList[2]', message: expect.stringContaining('app.b exists already') },
    ]);
    expect((await call(sandbox, 'GET', `/metafields/count/products/${id}`)).json.count).toBe('2');
    expect((await call(sandbox, 'GET', `/metafields/detail/products/${id}?namespace=custom&code=material`)).json.metafield.value).toBe('Wool');
  });

  it('reports every invalid item by its index and field, and creates none of the valid ones', async () => {
    const id = freshId();
    const reply = await call(
      sandbox,
      'POST',
      at('products', id),
      batch(
        { namespace: 'custom', code: 'material', value: 'fine' },
        { namespace: 'custom', code: 'stock_floor', value: 'twelve' },
        { namespace: 'bad space', code: 'x', value: 'y' },
        { namespace: 'ok', code: '', value: 'y' },
        { namespace: 'ok', code: 'no_value' },
        'not an object',
        { namespace: 'specs', code: 'weight', value: '{"value":501,"unit":"kg"}' },
      ),
    );
    expectErrorShape(reply, 400, 'invalid');
    expect(reply.json.errors).toEqual([
      { field: 'metaFieldDataList[1].value', message: 'expected an Integer like "42" (no leading zeros, within signed 64-bit)' },
      { field: 'metaFieldDataList[2].namespace', message: 'must be 1 to 64 letters, digits, "_" or "-"' },
      { field: 'metaFieldDataList[3].code', message: 'must be 1 to 64 letters, digits, "_" or "-"' },
      { field: 'metaFieldDataList[4].value', message: 'is required' },
      { field: 'metaFieldDataList[5]', message: 'must be an object {"namespace", "code", "value"}' },
      { field: 'metaFieldDataList[6].value', message: 'must be at most 500 kg' },
    ]);
    expect(reply.json.message).toMatch(/^metaFieldDataList\[1\]\.value expected an Integer .* \(and 5 more invalid fields\)\.$/);
    expect((await call(sandbox, 'GET', `/metafields/count/products/${id}`)).json.count).toBe('0');
  });

  it('refuses the same namespace and code twice in one batch, on the second index', async () => {
    const id = freshId();
    const reply = await call(
      sandbox,
      'POST',
      at('pages', id),
      batch({ namespace: 'app', code: 'a', value: '1' }, { namespace: 'app', code: 'b', value: '2' }, { namespace: 'app', code: 'a', value: '3' }),
    );
    expectErrorShape(reply, 400, 'invalid');
    expect(reply.json.errors).toEqual([{ field: 'metaFieldDataList[2]', message: expect.stringContaining('repeats app.a of metaFieldDataList[0]') }]);
    expect((await call(sandbox, 'GET', `/metafields/count/pages/${id}`)).json.count).toBe('0');
  });

  it('reports a repeat on the second index even when the first has a bad value, so one answer names every bad item', async () => {
    const id = freshId();
    const reply = await call(
      sandbox,
      'POST',
      at('products', id),
      batch({ namespace: 'custom', code: 'stock_floor', value: 'many' }, { namespace: 'custom', code: 'stock_floor', value: '3' }),
    );
    expectErrorShape(reply, 400, 'invalid');
    expect(reply.json.errors).toEqual([
      { field: 'metaFieldDataList[0].value', message: expect.stringContaining('expected an Integer') },
      { field: 'metaFieldDataList[1]', message: expect.stringContaining('repeats custom.stock_floor of metaFieldDataList[0]') },
    ]);
  });

  it('takes 100 values in one batch and answers 413 batch_too_large to 101', async () => {
    const items = (count: number) => Array.from({ length: count }, (_, index) => ({ namespace: 'bulk', code: `c${index}`, value: `v${index}` }));
    const id = freshId();
    const tooMany = await call(sandbox, 'POST', at('products', id), batch(...items(101)));
    expectErrorShape(tooMany, 413, 'batch_too_large');
    expect(tooMany.json.message).toMatch(/at most 100 values; this one has 101/);
    expect((await call(sandbox, 'GET', `/metafields/count/products/${id}`)).json.count).toBe('0');
    const hundred = await call(sandbox, 'POST', at('products', id), batch(...items(100)));
    expect(hundred.status).toBe(200);
    expect(hundred.json.metafield.metaFieldDataList).toHaveLength(100);
    expect((await call(sandbox, 'GET', `/metafields/count/products/${id}`)).json.count).toBe('100');
  });

  it('refuses an empty batch and a body without metaFieldDataList', async () => {
    const path = at('products', freshId());
    for (const body of [{ metaFieldDataList: [] }, {}, { metaFieldDataList: { namespace: 'a', code: 'b', value: 'c' } }]) {
      const reply = await call(sandbox, 'POST', path, { body });
      expectErrorShape(reply, 400, 'invalid');
      expect(fields(reply)).toEqual(['metaFieldDataList']);
    }
    expectErrorShape(await call(sandbox, 'POST', path), 400, 'invalid');
  });
});

describe('metafield values: update, delete and detail', () => {
  it('update answers 404 for a value that does not exist, and checks the new value', async () => {
    const id = freshId();
    const path = at('products', id);
    const missing = await call(sandbox, 'PUT', path, { body: { metaFieldData: { namespace: 'custom', code: 'rating', value: '4.5' } } });
    expectErrorShape(missing, 404, 'not_found');
    expect(missing.json.message).toBe(`products ${id} has no metafield value custom.rating.`);

    await call(sandbox, 'POST', path, batch({ namespace: 'custom', code: 'rating', value: '4.5' }));
    const bad = await call(sandbox, 'PUT', path, { body: { metaFieldData: { namespace: 'custom', code: 'rating', value: 'great' } } });
    expectErrorShape(bad, 400, 'invalid');
    expect(bad.json.errors).toEqual([{ field: 'metaFieldData.value', message: 'expected a Decimal like "3.14"' }]);
    const wrapped = await call(sandbox, 'PUT', path, { body: { namespace: 'custom', code: 'rating', value: '4' } });
    expectErrorShape(wrapped, 400, 'invalid');
    expect(fields(wrapped)).toEqual(['metaFieldData']);
    expect((await call(sandbox, 'GET', `/metafields/detail/products/${id}?namespace=custom&code=rating`)).json.metafield.value).toBe('4.5');
  });

  it('delete and detail need namespace and code in the query, and answer 404 for an absent value', async () => {
    const id = freshId();
    const path = at('products', id);
    await call(sandbox, 'POST', path, batch({ namespace: 'app', code: 'keep', value: 'x' }));
    for (const [method, base] of [
      ['DELETE', path],
      ['GET', `/metafields/detail/products/${id}`],
    ] as const) {
      const noCode = await call(sandbox, method, `${base}?namespace=app`);
      expectErrorShape(noCode, 400, 'invalid');
      expect(fields(noCode)).toEqual(['code']);
      const noNamespace = await call(sandbox, method, `${base}?code=keep`);
      expect(fields(noNamespace)).toEqual(['namespace']);
      expectErrorShape(await call(sandbox, method, `${base}?namespace=app&code=other`), 404, 'not_found');
    }
    expect((await call(sandbox, 'GET', `/metafields/count/products/${id}`)).json.count).toBe('1');
    expect((await call(sandbox, 'DELETE', `${path}?namespace=app&code=keep`)).status).toBe(200);
    expectErrorShape(await call(sandbox, 'DELETE', `${path}?namespace=app&code=keep`), 404, 'not_found');
    // The value can be created afresh after its deletion.
    expect((await call(sandbox, 'POST', path, batch({ namespace: 'app', code: 'keep', value: 'again' }))).status).toBe(200);
  });
});

describe('metafield values: the path', () => {
  it('answers 404 naming the valid domains for an unknown one', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const reply = await call(sandbox, method, at('widgets', '1'), method === 'POST' ? batch({ namespace: 'a', code: 'b', value: 'c' }) : {});
      expectErrorShape(reply, 404, 'not_found');
      expect(reply.json.message).toBe(
        'There is no metafield domain "widgets"; valid domains are products, variants, collections, customers, orders, pages, shop.',
      );
    }
    expectErrorShape(await call(sandbox, 'GET', '/metafields/count/Products/1'), 404, 'not_found');
    expectErrorShape(await call(sandbox, 'GET', '/metafields/detail/widgets/1?namespace=a&code=b'), 404, 'not_found');
  });

  it('answers 400 on bizId for an id that is not 1 to 20 digits without a leading zero', async () => {
    for (const bizId of ['0', '012', '123456789012345678901', 'abc', '..%2Fx', '12%20']) {
      const reply = await call(sandbox, 'GET', at('products', bizId));
      expectErrorShape(reply, 400, 'invalid');
      expect(fields(reply)).toEqual(['bizId']);
    }
    expect((await call(sandbox, 'GET', at('products', '12345678901234567890'))).status).toBe(200);
  });
});

describe('metafield values: values on the wire', () => {
  it('takes an object in place of the JSON text and answers the compact text', async () => {
    const id = freshId();
    const path = at('products', id);
    const reply = await call(sandbox, 'POST', path, {
      rawBody: `{"metaFieldDataList":[{"namespace":"specs","code":"weight","value":{"unit":"lb","value":2.50}},{"namespace":"custom","code":"related_products","value":["4000000000000000011","4000000000000000012"]}]}`,
    });
    expect(reply.status, reply.text).toBe(200);
    // Number text is kept digit for digit; keys come in the canonical order.
    expect(reply.text).toContain('"value":"{\\"value\\":2.50,\\"unit\\":\\"lb\\"}"');
    expect(reply.json.metafield.metaFieldDataList[1].value).toBe('["4000000000000000011","4000000000000000012"]');
    const detail = await call(sandbox, 'GET', `/metafields/detail/products/${id}?namespace=specs&code=weight`);
    expect(detail.json.metafield.value).toBe('{"value":2.50,"unit":"lb"}');
  });

  it('holds a value without a definition to SingleLineText rules', async () => {
    const path = at('collections', freshId());
    const longest = 'é'.repeat(255);
    const fine = await call(
      sandbox,
      'POST',
      path,
      batch({ namespace: 'free', code: 'text', value: longest }, { namespace: 'free', code: 'emoji', value: '😀'.repeat(255) }),
    );
    expect(fine.status, fine.text).toBe(200);
    const reply = await call(
      sandbox,
      'POST',
      path,
      batch(
        { namespace: 'free', code: 'long', value: 'x'.repeat(256) },
        { namespace: 'free', code: 'lines', value: 'a\nb' },
        { namespace: 'free', code: 'number', value: 42 },
        { namespace: 'free', code: 'object', value: { a: 1 } },
      ),
    );
    expect(reply.json.errors).toEqual([
      { field: 'metaFieldDataList[0].value', message: 'expected a single line of text of at most 255 characters' },
      { field: 'metaFieldDataList[1].value', message: 'expected a single line of text of at most 255 characters' },
      { field: 'metaFieldDataList[2].value', message: 'expected a single line of text of at most 255 characters, as a JSON string' },
      { field: 'metaFieldDataList[3].value', message: 'expected a single line of text of at most 255 characters, as a JSON string' },
    ]);
  });

  it('writes the count as a bare number with idsAs number, and bizId stays a string as the spec types it', async () => {
    await withSandbox({ idsAs: 'number' }, async (numeric) => {
      const id = '12345678901234567891';
      await call(numeric, 'POST', at('products', id), batch({ namespace: 'a', code: 'b', value: 'c' }));
      expect((await call(numeric, 'GET', `/metafields/count/products/${id}`)).text).toBe('{"count":1}');
      const list = await call(numeric, 'GET', at('products', id));
      expect(list.text).toContain(`"bizId":"${id}"`);
    });
  });
});

describe('metafield values: scopes', () => {
  it('reads need read_metafields and writes need write_metafields', async () => {
    await withSandbox(
      {
        tokens: [
          { token: 'mf-reader', scopes: ['read_metafields'] },
          { token: 'mf-writer', scopes: ['write_metafields'] },
          { token: 'gift-only', scopes: ['read_gift_card', 'write_gift_card'] },
        ],
      },
      async (scoped) => {
        const path = at('products', PRODUCT);
        const reads: Array<[string, string]> = [
          ['GET', path],
          ['GET', `/metafields/count/products/${PRODUCT}`],
          ['GET', `/metafields/detail/products/${PRODUCT}?namespace=a&code=b`],
        ];
        const writes: Array<[string, string, unknown]> = [
          ['POST', path, { metaFieldDataList: [{ namespace: 'a', code: 'b', value: 'c' }] }],
          ['PUT', path, { metaFieldData: { namespace: 'a', code: 'b', value: 'd' } }],
          ['DELETE', `${path}?namespace=a&code=b`, undefined],
        ];
        for (const [method, route, body] of writes) {
          const refused = await call(scoped, method, route, { body, token: 'mf-reader' });
          expectErrorShape(refused, 403, 'forbidden');
          expect(refused.json.message).toContain('write_metafields');
          expect((await call(scoped, method, route, { body, token: 'gift-only' })).status).toBe(403);
          expect((await call(scoped, method, route, { body, token: 'mf-writer' })).status).toBe(200);
        }
        for (const [method, route] of reads) {
          const refused = await call(scoped, method, route, { token: 'mf-writer' });
          expectErrorShape(refused, 403, 'forbidden');
          expect(refused.json.message).toContain('read_metafields');
          expect([200, 404]).toContain((await call(scoped, method, route, { token: 'mf-reader' })).status);
        }
        expectErrorShape(await call(scoped, 'GET', path, { token: null }), 401, 'unauthorized');
      },
    );
  });
});

describe('metafield values: persistence', () => {
  it('keeps values and their field types across a restart, and rejects a broken section naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-metafields-'));
    const dataFile = join(dir, 'state.json');
    try {
      await withSandbox({ dataFile, seed: 'demo' }, async (first) => {
        await call(
          first,
          'POST',
          at('products', PRODUCT),
          batch({ namespace: 'custom', code: 'stock_floor', value: '7' }, { namespace: 'free', code: 'text', value: 'kept' }),
        );
        await call(first, 'POST', at('shop', '1'), batch({ namespace: 'custom', code: 'featured_collection', value: '4000000000000000099' }));
      });
      // Definitions are state the data file keeps (seeded with the demo set); once the definition
      // is deleted, the stored types still stand: they were checked when written.
      await withSandbox({ dataFile }, async (second) => {
        expect((await call(second, 'GET', at('products', PRODUCT))).json.metafields[0].definitionName).toBe('Stock floor');
        expect((await call(second, 'DELETE', '/metafields/definitions/products?namespace=custom&code=stock_floor')).status).toBe(200);
        const list = await call(second, 'GET', at('products', PRODUCT));
        expect(list.json.metafields.map((value: { code: string; value: string; fieldType: string }) => [value.code, value.value, value.fieldType])).toEqual([
          ['stock_floor', '7', 'Integer'],
          ['text', 'kept', 'SingleLineText'],
        ]);
        expect(list.json.metafields[0].definitionName).toBe('');
        expect((await call(second, 'GET', `/metafields/count/shop/1`)).json.count).toBe('1');
        expectErrorShape(await call(second, 'POST', at('products', PRODUCT), batch({ namespace: 'free', code: 'text', value: 'again' })), 409, 'conflict');
      });

      const state = JSON.parse(await readFile(dataFile, 'utf8'));
      expect(state.data.metafields).toContainEqual({
        domain: 'shop',
        bizId: '1',
        values: [{ namespace: 'custom', code: 'featured_collection', value: '4000000000000000099', fieldType: 'Collection' }],
      });
      state.data.metafields[0].values[0].fieldType = 'Float';
      await writeFile(dataFile, JSON.stringify(state));
      const error = await startSandbox({ dataFile }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(SandboxDataError);
      expect((error as Error).message).toContain('data.metafields.0.values.0.fieldType');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
