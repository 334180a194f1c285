import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { RuntimeError } from '../../src/core/errors.js';
import { MetafieldsApi } from '../../src/api/metafields/requests.js';
import { METAFIELD_FIELDS } from '../../src/api/metafields/fields.js';
import { createApi } from '../../src/api/index.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const DETAIL =
  '{"code":"weight","definitionName":"Weight","namespace":"specs","bizId":98765432109876543210,"description":"Shipping weight","value":"{\\"value\\":1.5,\\"unit\\":\\"kg\\"}","fieldType":"Weight","bizResource":"PRODUCT","extra":"kept"}';

describe('MetafieldsApi', () => {
  it('is registered as api.metafields, its module loaded on the first call', async () => {
    const transport = new FakeTransport([{ body: `{"metafield":${DETAIL}}` }]);
    const value = await createApi(transport).metafields.get('products', '1', 'specs', 'weight');
    expect(transport.requests[0]).toMatchObject({ method: 'GET', path: '/api/202412/metafields/detail/products/1' });
    expect(value.fieldType).toBe('Weight');
  });

  it('get: detail path with encoded segments and namespace/code in the query; unknown fields and big ids kept', async () => {
    const transport = new FakeTransport([{ body: `{"metafield":${DETAIL}}` }]);
    const value = await new MetafieldsApi(transport).get('products', '../x', 'specs', 'weight');
    expect(transport.requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/202412/metafields/detail/products/..%2Fx',
      query: { namespace: 'specs', code: 'weight' },
    });
    expect(value.value).toBe('{"value":1.5,"unit":"kg"}');
    expect(value.fieldType).toBe('Weight');
    expect(toJson(value)).toBe(DETAIL);
  });

  it('list: namespace filter optional; follows a next link if a store pages', async () => {
    const transport = new FakeTransport([
      { body: `{"metafields":[${DETAIL}]}`, headers: { link: '</api/202412/metafields/products/1?pageToken=p2>; rel="next"' } },
      { body: '{"metafields":[{"namespace":"specs","code":"width","value":"{\\"value\\":3,\\"unit\\":\\"cm\\"}"}]}' },
    ]);
    const values = await new MetafieldsApi(transport).list('products', '1');
    expect(values.map((v) => v.code)).toEqual(['weight', 'width']);
    expect(transport.requests.map((r) => [r.path, r.query])).toEqual([
      ['/api/202412/metafields/products/1', { namespace: undefined }],
      ['/api/202412/metafields/products/1', { pageToken: 'p2' }],
    ]);
    const filtered = new FakeTransport([{ body: '{"metafields":[]}' }]);
    expect(await new MetafieldsApi(filtered).list('shop', '1', { namespace: 'custom' })).toEqual([]);
    expect(filtered.requests[0]!.query).toEqual({ namespace: 'custom' });
  });

  it('reads a structured value a tolerant store sent as an object as its compact JSON text, digits exact', async () => {
    const transport = new FakeTransport([{ body: '{"metafields":[{"namespace":"n","code":"c","value":{"value":12345678901234567890.50,"unit":"kg"}}]}' }]);
    const [value] = await new MetafieldsApi(transport).list('products', '1');
    expect(value!.value).toBe('{"value":12345678901234567890.50,"unit":"kg"}');
  });

  it('reads a number or boolean value as its text', async () => {
    const transport = new FakeTransport([
      { body: '{"metafields":[{"namespace":"n","code":"i","value":9223372036854775807},{"namespace":"n","code":"b","value":true}]}' },
    ]);
    expect((await new MetafieldsApi(transport).list('products', '1')).map((v) => v.value)).toEqual(['9223372036854775807', 'true']);
  });

  it('count: a string or a number, as a number; namespace in the query', async () => {
    const transport = new FakeTransport([{ body: '{"count":"3"}' }, { body: '{"count":0}' }]);
    const api = new MetafieldsApi(transport);
    expect(await api.count('products', '1', { namespace: 'custom' })).toBe(3);
    expect(await api.count('products', '1')).toBe(0);
    expect(transport.requests[0]).toMatchObject({ path: '/api/202412/metafields/count/products/1', query: { namespace: 'custom' } });
  });

  it('createBatch: the metaFieldDataList wrapper both ways; only the three wire fields are sent', async () => {
    const transport = new FakeTransport([
      { body: '{"metafield":{"metaFieldDataList":[{"namespace":"custom","code":"a","value":"1"},{"namespace":"custom","code":"b","value":"2"}]}}' },
    ]);
    const input = [
      { namespace: 'custom', code: 'a', value: '1', row: 7 },
      { namespace: 'custom', code: 'b', value: '2' },
    ];
    const created = await new MetafieldsApi(transport).createBatch('products', '1', input);
    expect(created).toEqual([
      { namespace: 'custom', code: 'a', value: '1' },
      { namespace: 'custom', code: 'b', value: '2' },
    ]);
    expect(transport.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/202412/metafields/products/1',
      body: {
        metaFieldDataList: [
          { namespace: 'custom', code: 'a', value: '1' },
          { namespace: 'custom', code: 'b', value: '2' },
        ],
      },
    });
  });

  it('createBatch refuses an empty list or more than 100 values before sending', async () => {
    const transport = new FakeTransport([]);
    const api = new MetafieldsApi(transport);
    const many = Array.from({ length: 101 }, (_, i) => ({ namespace: 'n', code: `c${i}`, value: 'v' }));
    await expect(api.createBatch('products', '1', many)).rejects.toThrow(/1 to 100 values, not 101/);
    await expect(api.createBatch('products', '1', [])).rejects.toThrow(/not 0/);
    expect(transport.requests).toEqual([]);
  });

  it('update: PUT with metaFieldData; delete: namespace and code in the query, the removed value back', async () => {
    const transport = new FakeTransport([
      { body: '{"metafield":{"namespace":"custom","code":"vip","value":"true"}}' },
      { body: '{"metafields":{"namespace":"custom","code":"vip","value":"true"}}' },
    ]);
    const api = new MetafieldsApi(transport);
    expect(await api.update('customers', '42', { namespace: 'custom', code: 'vip', value: 'true' })).toEqual({
      namespace: 'custom',
      code: 'vip',
      value: 'true',
    });
    expect(await api.delete('customers', '42', 'custom', 'vip')).toEqual({ namespace: 'custom', code: 'vip', value: 'true' });
    expect(transport.requests[0]).toMatchObject({
      method: 'PUT',
      path: '/api/202412/metafields/customers/42',
      body: { metaFieldData: { namespace: 'custom', code: 'vip', value: 'true' } },
    });
    expect(transport.requests[1]).toMatchObject({ method: 'DELETE', path: '/api/202412/metafields/customers/42', query: { namespace: 'custom', code: 'vip' } });
    expect(transport.requests[1]!.body).toBeUndefined();
  });

  it('an answer without the wrapper or with a wrong shape is a RuntimeError naming what is wrong', async () => {
    await expect(new MetafieldsApi(new FakeTransport([{ body: '{"metafield":{}}' }])).get('shop', '1', 'n', 'c')).rejects.toThrow(RuntimeError);
    await expect(new MetafieldsApi(new FakeTransport([{ body: '{"values":[]}' }])).list('shop', '1')).rejects.toThrow(/no 'metafields' list/);
    await expect(
      new MetafieldsApi(new FakeTransport([{ body: '{"metafield":{"namespace":"n","code":"c","value":null}}' }])).update('shop', '1', {
        namespace: 'n',
        code: 'c',
        value: '7',
      }),
    ).rejects.toThrow(/at value/);
  });

  it('offers the read fields for --json', () => {
    expect(METAFIELD_FIELDS).toEqual(['namespace', 'code', 'fieldType', 'value', 'definitionName', 'description', 'bizResource', 'bizId']);
  });
});
