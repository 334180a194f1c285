// The definitions module against the forms a store may send: requests built, answers read
// into one form, equality by meaning, and the definitions file's checks.
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/index.js';
import { checkDefinitionsFile, definitionsFileText, normalizeDefinition, sameDefinition } from '../../src/api/metafield-definitions/schema.js';
import { MetafieldDefinitionsApi } from '../../src/api/metafield-definitions/requests.js';
import { UsageError } from '../../src/core/errors.js';
import { parseJson } from '../../src/core/json.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const WIRE =
  '{"pinned":"true","definitionName":"Weight","code":"weight","namespace":"specs","description":"","optionMap":"{\\"search\\":true}","fieldType":"Weight","multi":"false","schemaRule":"{\\"max\\":{\\"value\\":500,\\"unit\\":\\"kg\\"}}"}';

describe('MetafieldDefinitionsApi', () => {
  it('is registered as api.metafieldDefinitions (loaded on its first call)', async () => {
    const transport = new FakeTransport([{ body: `{"metafields":[${WIRE}]}` }]);
    const list = await createApi(transport).metafieldDefinitions.list('products');
    expect(list).toHaveLength(1);
    expect(transport.requests.map((request) => request.path)).toEqual(['/api/202412/metafields/definitions/products']);
  });

  it('list asks for pages of 250 and follows next links; a store may name the list metafieldDefinitions', async () => {
    const transport = new FakeTransport([
      { body: `{"metafields":[${WIRE}]}`, headers: { link: '</api/202412/metafields/definitions/products?limit=250&pageToken=p2>; rel="next"' } },
      { body: '{"metafieldDefinitions":[{"definitionName":"Width","code":"width","namespace":"specs","fieldType":"Size","multi":true}]}' },
    ]);
    const listed = await new MetafieldDefinitionsApi(transport).list('products');
    expect(transport.requests.map((request) => [request.path, request.query])).toEqual([
      ['/api/202412/metafields/definitions/products', { limit: '250' }],
      ['/api/202412/metafields/definitions/products', { limit: '250', pageToken: 'p2' }],
    ]);
    expect(listed.map((definition) => [definition.code, definition.multi, definition.optionMap, definition.description])).toEqual([
      ['weight', 'false', '{"search":true}', ''],
      ['width', 'true', '{}', ''],
    ]);
  });

  it('get and delete name the definition in the query; a delete answered without a body returns the names', async () => {
    const transport = new FakeTransport([{ body: `{"metafield":${WIRE}}` }, { body: '', status: 204 }]);
    const api = new MetafieldDefinitionsApi(transport);
    expect((await api.get('products', 'specs', 'weight')).schemaRule).toBe('{"max":{"value":500,"unit":"kg"}}');
    expect(await api.delete('products', 'specs', 'weight')).toEqual({ namespace: 'specs', code: 'weight' });
    expect(transport.requests.map((request) => `${request.method} ${request.path} ${JSON.stringify(request.query)}`)).toEqual([
      'GET /api/202412/metafields/definitions/detail/products {"namespace":"specs","code":"weight"}',
      'DELETE /api/202412/metafields/definitions/products {"namespace":"specs","code":"weight"}',
    ]);
  });

  it('create sends the wire form without a rule it does not have; update always sends schemaRule ("" for none)', async () => {
    const transport = new FakeTransport([{ body: '' }, { body: '' }]);
    const api = new MetafieldDefinitionsApi(transport);
    const definition = normalizeDefinition({ namespace: 'custom', code: 'tags', definitionName: 'Tags', fieldType: 'SingleLineText' });
    await api.create('products', definition);
    await api.update('products', definition);
    expect(transport.requests[0]).toMatchObject({ method: 'POST', path: '/api/202412/metafields/definitions/products' });
    expect(transport.requests[0]!.body).toEqual({
      metafield: {
        pinned: 'false',
        definitionName: 'Tags',
        code: 'tags',
        namespace: 'custom',
        description: '',
        optionMap: '{}',
        fieldType: 'SingleLineText',
        multi: 'false',
      },
    });
    expect(transport.requests[1]).toMatchObject({ method: 'PUT', body: { metafield: { schemaRule: '' } } });
  });
});

describe('definitions compared and normalized', () => {
  it('a store sending booleans, objects or nothing reads as the wire text the sandbox sends', () => {
    const read = normalizeDefinition({
      namespace: 'a',
      code: 'b',
      definitionName: 'B',
      fieldType: 'Weight',
      multi: true,
      pinned: null,
      optionMap: parseJson('{"n": 12345678901234567890}'),
      schemaRule: '',
    });
    expect(read).toEqual({
      namespace: 'a',
      code: 'b',
      definitionName: 'B',
      fieldType: 'Weight',
      multi: 'true',
      description: '',
      optionMap: '{"n":12345678901234567890}',
      pinned: 'false',
    });
  });

  it('options and rules are equal by meaning; every other field exactly', () => {
    const base = normalizeDefinition({
      namespace: 'a',
      code: 'b',
      definitionName: 'B',
      fieldType: 'Weight',
      optionMap: '{"x":1,"y":true}',
      schemaRule: '{"max":{"value":1.5,"unit":"kg"}}',
    });
    expect(sameDefinition(base, { ...base, optionMap: '{"y": true, "x": 1.0}', schemaRule: '{"max":{"unit":"kg","value":1.50}}' })).toBe(true);
    expect(sameDefinition(base, { ...base, fieldType: 'weight' })).toBe(true);
    expect(sameDefinition(base, { ...base, optionMap: '{"x":2,"y":true}' })).toBe(false);
    expect(sameDefinition(base, { ...base, description: 'other' })).toBe(false);
    const { schemaRule: _rule, ...unruled } = base;
    expect(sameDefinition(base, unruled)).toBe(false);
  });
});

describe('the definitions file', () => {
  it('export text is sorted by domain order, namespace and code, in one key order', () => {
    const entries = checkDefinitionsFile(
      {
        definitions: [
          { domain: 'shop', namespace: 'a', code: 'a', definitionName: 'A', fieldType: 'Url' },
          { domain: 'products', namespace: 'z', code: 'a', definitionName: 'ZA', fieldType: 'Url', pinned: true },
          {
            domain: 'products',
            namespace: 'b',
            code: 'b',
            definitionName: 'BB',
            fieldType: 'Size',
            schemaRule: { min: { value: 1, unit: 'cm' } },
            optionMap: { search: false },
          },
        ],
      },
      'file.json',
    );
    const text = definitionsFileText(entries);
    expect(text).toBe(`{
  "definitions": [
    {
      "domain": "products",
      "namespace": "b",
      "code": "b",
      "definitionName": "BB",
      "description": "",
      "fieldType": "Size",
      "multi": "false",
      "schemaRule": "{\\"min\\":{\\"value\\":1,\\"unit\\":\\"cm\\"}}",
      "optionMap": "{\\"search\\":false}",
      "pinned": "false"
    },
    {
      "domain": "products",
      "namespace": "z",
      "code": "a",
      "definitionName": "ZA",
      "description": "",
      "fieldType": "Url",
      "multi": "false",
      "optionMap": "{}",
      "pinned": "true"
    },
    {
      "domain": "shop",
      "namespace": "a",
      "code": "a",
      "definitionName": "A",
      "description": "",
      "fieldType": "Url",
      "multi": "false",
      "optionMap": "{}",
      "pinned": "false"
    }
  ]
}
`);
    expect(checkDefinitionsFile(parseJson(text), 'again.json')).toEqual(
      [...entries].sort((a, b) => (a.domain === b.domain ? a.namespace.localeCompare(b.namespace) : a.domain === 'products' ? -1 : 1)),
    );
  });

  it('a problem is a usage error naming the file and the JSON path', () => {
    const bad = (definitions: unknown[]) => () => checkDefinitionsFile({ definitions }, 'defs.json');
    expect(bad([{ domain: 'planets', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Url' }])).toThrow(
      /^defs\.json: definitions\[0\]\.domain must be one of products, variants/,
    );
    expect(bad([{ domain: 'shop', namespace: 'a b', code: 'b', definitionName: 'B', fieldType: 'Url' }])).toThrow(
      'defs.json: definitions[0].namespace must be 1 to 64 of A-Z a-z 0-9 _ -',
    );
    expect(bad([{ domain: 'shop', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Url', multi: 'yes' }])).toThrow(
      'definitions[0].multi must be "true" or "false"',
    );
    expect(bad([{ domain: 'shop', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Url', optionMap: '[1]' }])).toThrow(
      'definitions[0].optionMap must be a JSON object',
    );
    expect(bad([{ domain: 'shop', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Url', optionMap: '{' }])).toThrow(
      'definitions[0].optionMap must be a JSON object, or JSON text of one',
    );
    expect(bad([{ domain: 'shop', namespace: 'a', code: 'b', definitionName: '', fieldType: 'Url' }])).toThrow(UsageError);
  });
});
