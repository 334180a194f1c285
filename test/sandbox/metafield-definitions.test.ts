import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedSandbox } from '../../src/root/embedded-sandbox.js';
import { SandboxUsageError, startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { definitionsFileSchema } from '../../src/sandbox/resources/metafield-definitions/definitions.js';
import { demoData } from '../../src/sandbox/state/seed.js';
import demoDefinitions from '../../src/sandbox/resources/metafield-definitions/demo.json' with { type: 'json' };
import { compareMeasures } from '../../src/sandbox/resources/metafields/measures.js';
import { call, withSandbox } from './helpers.js';

const raw = { definitions: demoDefinitions };
const demoMetafieldDefinitions = () => demoData().metafieldDefinitions;

describe('the demo definitions', () => {
  it('match the definitions file schema, written as the spec writes them (JSON text, flags as strings)', () => {
    expect(definitionsFileSchema.safeParse(raw).success).toBe(true);
    for (const definition of raw.definitions) {
      expect(['true', 'false']).toContain(definition.multi);
      if (definition.schemaRule !== undefined) expect(typeof definition.schemaRule).toBe('string');
      if (definition.optionMap !== undefined) expect(typeof definition.optionMap).toBe('string');
      expect(definition.definitionName.length).toBeGreaterThan(0);
      expect(definition.description.length).toBeGreaterThan(0);
    }
  });

  it('are exactly the set the shared contract lists', () => {
    const listed = demoMetafieldDefinitions().map((d) => `${d.domain} ${d.namespace}.${d.code} ${d.fieldType}${d.multi ? ' multi' : ''}`);
    expect(listed.sort()).toEqual(
      [
        'products custom.material SingleLineText',
        'products custom.care_guide MultiLineText',
        'products custom.stock_floor Integer',
        'products custom.rating Decimal',
        'products custom.is_gift Boolean',
        'products custom.launch_date Date',
        'products custom.release_at DateTime',
        'products custom.anniversary MonthDay',
        'products specs.weight Weight',
        'products specs.width Size',
        'products specs.volume Volume',
        'products custom.msrp Money',
        'products custom.color Color',
        'products custom.manual_url Url',
        'products custom.related_products Product multi',
        'variants custom.sku_ref SKU',
        'collections custom.banner File',
        'customers custom.birthday MonthDay',
        'customers custom.vip Boolean',
        'customers custom.referrer Customer',
        'orders custom.gift_message MultiLineText',
        'pages custom.parent_page Page',
        'shop custom.featured_collection Collection',
      ].sort(),
    );
  });

  it('cover all 20 field types, and every domain', () => {
    const definitions = demoMetafieldDefinitions();
    expect(new Set(definitions.map((d) => d.fieldType)).size).toBe(20);
    expect(new Set(definitions.map((d) => d.domain))).toEqual(new Set(['products', 'variants', 'collections', 'customers', 'orders', 'pages', 'shop']));
  });

  it('give Weight its 0..500 kg rule, and nothing else a rule', () => {
    const ruled = demoMetafieldDefinitions().filter((d) => d.schemaRule !== undefined);
    expect(ruled.map((d) => `${d.namespace}.${d.code}`)).toEqual(['specs.weight']);
    expect(ruled[0]?.schemaRule).toEqual({ min: { value: '0', unit: 'kg' }, max: { value: '500', unit: 'kg' } });
    expect(ruled[0]?.description).toContain('0 to 500 kg');
  });
});

describe('Weight schemaRule, judged exactly across units', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let id = 8000000000000000000n;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 'demo' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  // 500 kg = 1102.3113109243879036... lb = 17636.980974790206... oz = 500000 g.
  const cases: Array<[string, 'ok' | string]> = [
    ['{"value":500,"unit":"kg"}', 'ok'],
    ['{"value":500000,"unit":"g"}', 'ok'],
    ['{"value":500000.0001,"unit":"g"}', 'must be at most 500 kg'],
    ['{"value":5e5,"unit":"g"}', 'ok'],
    ['{"value":0.5e6,"unit":"g"}', 'ok'],
    ['{"value":1102.3113109243879,"unit":"lb"}', 'ok'],
    ['{"value":1102.311310924388,"unit":"lb"}', 'must be at most 500 kg'],
    ['{"value":17636.98097479020,"unit":"oz"}', 'ok'],
    ['{"value":17636.9809747903,"unit":"oz"}', 'must be at most 500 kg'],
    ['{"value":0,"unit":"oz"}', 'ok'],
    ['{"value":-0,"unit":"g"}', 'ok'],
    ['{"value":-0.001,"unit":"oz"}', 'must be at least 0 kg'],
    ['{"value":-1e-300,"unit":"g"}', 'must be at least 0 kg'],
    ['{"value":1e-300,"unit":"g"}', 'ok'],
    ['{"value":1e300,"unit":"g"}', 'must be at most 500 kg'],
  ];
  it.each(cases)('%s: %s', async (value, outcome) => {
    id += 1n;
    const reply = await call(sandbox, 'POST', `/metafields/products/${id}`, { body: { metaFieldDataList: [{ namespace: 'specs', code: 'weight', value }] } });
    if (outcome === 'ok') expect(reply.status, reply.text).toBe(200);
    else expect(reply.json.errors).toEqual([{ field: 'metaFieldDataList[0].value', message: outcome }]);
  });

  it('the same rule holds on update', async () => {
    id += 1n;
    const path = `/metafields/products/${id}`;
    await call(sandbox, 'POST', path, { body: { metaFieldDataList: [{ namespace: 'specs', code: 'weight', value: '{"value":1,"unit":"kg"}' }] } });
    const reply = await call(sandbox, 'PUT', path, { body: { metaFieldData: { namespace: 'specs', code: 'weight', value: '{"value":501,"unit":"kg"}' } } });
    expect(reply.json.errors).toEqual([{ field: 'metaFieldData.value', message: 'must be at most 500 kg' }]);
  });

  it('compares within each measure type (unit tables)', () => {
    expect(compareMeasures('Size', { value: '1', unit: 'ft' }, { value: '12', unit: 'in' })).toBe(0);
    expect(compareMeasures('Size', { value: '1', unit: 'yd' }, { value: '91.44', unit: 'cm' })).toBe(0);
    expect(compareMeasures('Volume', { value: '1', unit: 'gal' }, { value: '4', unit: 'qt' })).toBe(0);
    expect(compareMeasures('Volume', { value: '1', unit: 'qt' }, { value: '2', unit: 'pt' })).toBe(0);
    expect(compareMeasures('Volume', { value: '1', unit: 'pt' }, { value: '16', unit: 'fl_oz' })).toBe(0);
    expect(compareMeasures('Volume', { value: '1', unit: 'm3' }, { value: '1000', unit: 'l' })).toBe(0);
    expect(compareMeasures('Weight', { value: '1', unit: 'lb' }, { value: '16', unit: 'oz' })).toBe(0);
    expect(compareMeasures('Weight', { value: '1', unit: 'lb' }, { value: '0.45359237', unit: 'kg' })).toBe(0);
    expect(compareMeasures('Weight', { value: '-2', unit: 'kg' }, { value: '-1', unit: 'kg' })).toBe(-1);
    expect(compareMeasures('Weight', { value: '1e-5', unit: 'g' }, { value: '1e5', unit: 'g' })).toBe(-1);
  });
});

describe('which definitions a sandbox uses', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-definitions-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const integerOrText = async (options: SandboxOptions) =>
    withSandbox(options, async (sandbox) => {
      const reply = await call(sandbox, 'POST', '/metafields/products/1', {
        body: { metaFieldDataList: [{ namespace: 'custom', code: 'stock_floor', value: 'many' }] },
      });
      return reply.status === 200
        ? (await call(sandbox, 'GET', '/metafields/detail/products/1?namespace=custom&code=stock_floor')).json.metafield.fieldType
        : reply.status;
    });

  it('demo seed: the demo set; no seed: none, so every value is SingleLineText', async () => {
    expect(await integerOrText({ seed: 'demo' })).toBe(400);
    expect(await integerOrText({})).toBe('SingleLineText');
  });

  it('the embedded sandbox (--sandbox) uses the demo set', async () => {
    const embedded = await startEmbeddedSandbox(dir, undefined);
    try {
      const reply = await call(embedded, 'POST', '/metafields/products/1', {
        body: { metaFieldDataList: [{ namespace: 'specs', code: 'weight', value: '{"value":600,"unit":"kg"}' }] },
      });
      expect(reply.json.errors).toEqual([{ field: 'metaFieldDataList[0].value', message: 'must be at most 500 kg' }]);
    } finally {
      await embedded.close();
    }
  });

  it('a file replaces the demo set, even with the demo seed', async () => {
    const file = join(dir, 'own.json');
    await writeFile(
      file,
      JSON.stringify({ definitions: [{ domain: 'products', namespace: 'custom', code: 'other', definitionName: 'Other', fieldType: 'Boolean' }] }),
    );
    expect(await integerOrText({ seed: 'demo', definitionsFile: file })).toBe('SingleLineText');
    await withSandbox({ definitionsFile: file }, async (sandbox) => {
      const refused = await call(sandbox, 'POST', '/metafields/products/2', {
        body: { metaFieldDataList: [{ namespace: 'custom', code: 'other', value: 'yes' }] },
      });
      expect(refused.json.errors[0].message).toBe('expected a Boolean, "true" or "false"');
      await call(sandbox, 'POST', '/metafields/products/2', { body: { metaFieldDataList: [{ namespace: 'custom', code: 'other', value: 'true' }] } });
      const detail = await call(sandbox, 'GET', '/metafields/detail/products/2?namespace=custom&code=other');
      // Optional fields take their defaults: an empty description.
      expect(detail.json.metafield).toMatchObject({ definitionName: 'Other', description: '', fieldType: 'Boolean' });
    });
  });

  const base = { domain: 'products', namespace: 'specs', code: 'weight', definitionName: 'Weight', fieldType: 'Weight' };
  const broken: Array<[string, string, RegExp]> = [
    ['not JSON', '{"definitions": [', /^The metafield definitions file .*bad\.json is not valid JSON: it ends too soon \(line 1, column 18\)\.$/],
    ['not the shape', '[]', /is invalid: .+\.$/],
    ['an unknown top-level field', JSON.stringify({ definitions: [], extra: 1 }), /is invalid: the top level has the unknown field "extra"\.$/],
    ['definitions not an array', JSON.stringify({ definitions: {} }), /is invalid: definitions must be an array of definitions\.$/],
    [
      'a bad fieldType',
      JSON.stringify({ definitions: [base, { ...base, code: 'x', fieldType: 'Float' }] }),
      /is invalid: definitions\[1\]\.fieldType must be one of SingleLineText, .*Boolean\.$/,
    ],
    [
      'a bad domain',
      JSON.stringify({ definitions: [{ ...base, domain: 'product' }] }),
      /is invalid: definitions\[0\]\.domain must be one of products, variants, .*shop\.$/,
    ],
    [
      'a bad code',
      JSON.stringify({ definitions: [{ ...base, code: 'a.b' }] }),
      /is invalid: definitions\[0\]\.code must be 1 to 64 letters, digits, "_" or "-"\.$/,
    ],
    ['an unknown field', JSON.stringify({ definitions: [{ ...base, type: 'Weight' }] }), /is invalid: definitions\[0\] has the unknown field "type"\.$/],
    [
      'a missing definitionName',
      JSON.stringify({ definitions: [{ ...base, definitionName: undefined }] }),
      /definitions\[0\]\.definitionName must be a display name/,
    ],
    ['a bad multi', JSON.stringify({ definitions: [{ ...base, multi: 'yes' }] }), /definitions\[0\]\.multi must be "true" or "false"\.$/],
    [
      'schemaRule not JSON',
      JSON.stringify({ definitions: [{ ...base, schemaRule: '{min' }] }),
      /definitions\[0\]\.schemaRule must be a JSON object, or JSON text of one\.$/,
    ],
    [
      'schemaRule on an Integer',
      JSON.stringify({ definitions: [{ ...base, fieldType: 'Integer', schemaRule: '{"max":{"value":5,"unit":"kg"}}' }] }),
      /definitions\[0\]\.schemaRule is only supported on Weight, Size and Volume definitions, not on Integer\.$/,
    ],
    [
      'a unit of another type',
      JSON.stringify({ definitions: [{ ...base, schemaRule: '{"max":{"value":5,"unit":"cm"}}' }] }),
      /definitions\[0\]\.schemaRule\.max\.unit must be g, kg, lb or oz for a Weight\.$/,
    ],
    [
      'min above max',
      JSON.stringify({ definitions: [{ ...base, schemaRule: { min: { value: 2, unit: 'lb' }, max: { value: 0.5, unit: 'kg' } } }] }),
      /definitions\[0\]\.schemaRule has a "min" above its "max"\.$/,
    ],
    ['an empty schemaRule', JSON.stringify({ definitions: [{ ...base, schemaRule: '{}' }] }), /definitions\[0\]\.schemaRule must hold "min", "max" or both\.$/],
    [
      'a value as text',
      JSON.stringify({ definitions: [{ ...base, schemaRule: '{"max":{"value":"5","unit":"kg"}}' }] }),
      /definitions\[0\]\.schemaRule\.max\.value must be a finite JSON number\.$/,
    ],
    ['optionMap not an object', JSON.stringify({ definitions: [{ ...base, optionMap: '[1]' }] }), /definitions\[0\]\.optionMap must be a JSON object\.$/],
    [
      'a duplicate',
      JSON.stringify({ definitions: [base, { ...base, definitionName: 'Again' }] }),
      /definitions\[1\] defines products specs\.weight again \(first at definitions\[0\]\)\.$/,
    ],
  ];

  it.each(broken)('refuses a file with %s in one sentence naming the file and the JSON path', async (_, text, message) => {
    const file = join(dir, 'bad.json');
    await writeFile(file, text);
    const error = await startSandbox({ definitionsFile: file }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxUsageError);
    expect((error as Error).message).toContain(`The metafield definitions file ${file} `);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses a file that does not exist', async () => {
    const file = join(dir, 'missing.json');
    const error = await startSandbox({ definitionsFile: file }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxUsageError);
    expect((error as Error).message).toBe(`The metafield definitions file ${file} does not exist.`);
  });
});
