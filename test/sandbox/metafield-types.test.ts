import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call } from './helpers.js';

// Every field type, single and multi, checked over HTTP against a definitions file that
// defines products t.<type> (and t.multi_<type> for arrays of it).

type Good = [input: unknown, stored?: string];

interface TypeCase {
  good: Good[];
  bad: unknown[];
  /** What every refusal of this type says. */
  message: RegExp;
}

const REF = /^expected a (Product|Customer|Collection|Page|File) id like "4000000000000000011"/;

const reference = (): TypeCase => ({
  good: [['4000000000000000011'], ['1'], ['99999999999999999999']],
  bad: ['0', '012', '123456789012345678901', 'gid://shop/Product/1', '', 12],
  message: REF,
});

const CASES: Record<string, TypeCase> = {
  SingleLineText: {
    good: [['Organic cotton'], [''], ['😀'.repeat(255)]],
    bad: ['a\nb', 'a\rb', 'x'.repeat(256), 42],
    message: /^expected a single line of text of at most 255 characters/,
  },
  MultiLineText: {
    good: [['Wash cold.\nDry flat.'], ['x'.repeat(65535)]],
    bad: ['x'.repeat(65536), true],
    message: /^(expected text of at most 65535 characters|must be at most 65535 characters)/,
  },
  Integer: {
    good: [['42'], ['-7'], ['0'], ['9223372036854775807'], ['-9223372036854775808']],
    bad: ['042', '9223372036854775808', '-9223372036854775809', '4.2', '', '1e3', ' 42', 42],
    message: /^expected an Integer like "42"/,
  },
  Decimal: {
    good: [['3.14'], ['-0.5'], ['10'], ['0.000001']],
    bad: ['3.', '.5', '1e3', '3,14', '+1', 'NaN', 3.14],
    message: /^expected a Decimal like "3\.14"/,
  },
  Boolean: {
    good: [['true'], ['false']],
    bad: ['TRUE', 'yes', '1', true],
    message: /^expected a Boolean, "true" or "false"/,
  },
  Date: {
    good: [['2026-11-21'], ['2024-02-29']],
    bad: ['2025-02-29', '2026-13-01', '2026-1-1', '2026-11-21T00:00:00Z', '21/11/2026'],
    message: /^expected a Date like "2026-11-21"/,
  },
  DateTime: {
    good: [['2026-11-21T10:00:00Z'], ['2026-11-21T10:00:00.123Z']],
    bad: ['2026-11-21T10:00:00', '2026-11-21T10:00:00+01:00', '2026-02-30T10:00:00Z', '2026-11-21T24:00:00Z', '2026-11-21 10:00:00Z'],
    message: /^expected a DateTime like "2026-11-21T10:00:00Z"/,
  },
  MonthDay: {
    good: [['11-21'], ['02-29'], ['12-31']],
    bad: ['02-30', '13-01', '00-10', '1-21', '2026-11-21'],
    message: /^expected a MonthDay like "11-21"/,
  },
  Weight: {
    good: [
      ['{"value":1.5,"unit":"kg"}'],
      ['{"unit":"oz","value":3}', '{"value":3,"unit":"oz"}'],
      ['{ "value": 1.50, "unit": "lb" }', '{"value":1.50,"unit":"lb"}'],
      [{ value: 2, unit: 'g' }, '{"value":2,"unit":"g"}'],
      ['{"value":-1e2,"unit":"g"}'],
    ],
    bad: [
      '{"value":"1.5","unit":"kg"}',
      '{"value":1.5,"unit":"stone"}',
      '{"value":1.5}',
      '1.5 kg',
      '{"value":1.5,"unit":"kg","note":1}',
      '{"value":1e999,"unit":"kg"}',
      '[]',
    ],
    message: /^expected a Weight like \{"value": 1\.5, "unit": "kg"\} with unit g, kg, lb or oz$/,
  },
  Size: {
    good: [
      ['{"value":30,"unit":"cm"}'],
      ['{"value":1,"unit":"in"}'],
      ['{"value":2,"unit":"ft"}'],
      ['{"value":3,"unit":"yd"}'],
      ['{"value":4,"unit":"mm"}'],
      ['{"value":5,"unit":"m"}'],
    ],
    bad: ['{"value":30,"unit":"kg"}', '{"value":30,"unit":"CM"}', '30cm'],
    message: /^expected a Size like \{"value": 30, "unit": "cm"\} with unit mm, cm, m, in, ft or yd$/,
  },
  Volume: {
    good: [['{"value":750,"unit":"ml"}'], ['{"value":1,"unit":"fl_oz"}'], ['{"value":1,"unit":"m3"}'], ['{"value":1,"unit":"gal"}']],
    bad: ['{"value":1,"unit":"gallon"}', '{"value":null,"unit":"l"}'],
    message: /^expected a Volume like \{"value": 750, "unit": "ml"\} with unit ml, cl, l, m3, fl_oz, pt, qt or gal$/,
  },
  Money: {
    good: [
      ['{"amount":"9.99","currency":"USD"}'],
      ['{"currency":"EUR","amount":"10"}', '{"amount":"10","currency":"EUR"}'],
      [{ amount: '0.5', currency: 'JPY' }, '{"amount":"0.5","currency":"JPY"}'],
    ],
    bad: ['{"amount":9.99,"currency":"USD"}', '{"amount":"9.999","currency":"USD"}', '{"amount":"9.99","currency":"usd"}', '{"amount":"9.99"}', '9.99 USD'],
    message: /^expected Money like \{"amount": "9\.99", "currency": "USD"\}/,
  },
  Color: {
    good: [['#1A2B3C'], ['#abcdef']],
    bad: ['1A2B3C', '#12345', '#GGGGGG', '#1A2B3C4D', 'red'],
    message: /^expected a Color like "#1A2B3C"/,
  },
  Url: {
    good: [['https://example.com/manual.pdf'], ['http://localhost:8080/x?y=1#z']],
    bad: ['ftp://example.com/a', '/relative/path', 'https://exa mple.com', 'example.com', 'mailto:a@example.com', ' https://example.com'],
    message: /^expected a Url like "https:\/\/example\.com\/manual\.pdf"/,
  },
  Product: reference(),
  Customer: reference(),
  Collection: reference(),
  Page: reference(),
  File: reference(),
  SKU: {
    good: [['SKU-1234'], ['a b c']],
    bad: ['', 'a\nb', 'x'.repeat(256)],
    message: /^expected a SKU: non-empty text of at most 255 characters without line breaks/,
  },
};

const definitions: Array<Record<string, unknown>> = Object.keys(CASES).flatMap((fieldType) => [
  { domain: 'products', namespace: 't', code: fieldType, definitionName: fieldType, fieldType },
  { domain: 'products', namespace: 't', code: `multi_${fieldType}`, definitionName: `${fieldType} list`, fieldType, multi: 'true' },
]);
definitions.push({
  domain: 'products',
  namespace: 't',
  code: 'light_parcels',
  definitionName: 'Light parcels',
  fieldType: 'Weight',
  multi: 'true',
  // The object form, beside the JSON text the spec shows.
  schemaRule: { max: { value: 1, unit: 'kg' } },
});

let dir: string;
let sandbox: RunningSandbox;
let counter = 7000000000000000000n;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-types-'));
  const file = join(dir, 'definitions.json');
  await writeFile(file, JSON.stringify({ definitions }));
  sandbox = await startSandbox({ definitionsFile: file });
});

afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

/** Creates one value on a fresh product; answers the reply. `rawValue` is spliced in as JSON text, numbers digit for digit. */
async function create(code: string, value: unknown, rawValue?: string) {
  counter += 1n;
  const id = counter.toString();
  const path = `/metafields/products/${id}`;
  const reply =
    rawValue === undefined
      ? await call(sandbox, 'POST', path, { body: { metaFieldDataList: [{ namespace: 't', code, value }] } })
      : await call(sandbox, 'POST', path, { rawBody: `{"metaFieldDataList":[{"namespace":"t","code":"${code}","value":${rawValue}}]}` });
  return { id, reply };
}

const show = (value: unknown) => (typeof value === 'string' && value.length > 40 ? `${value.slice(0, 20)}... (${value.length})` : JSON.stringify(value));

describe.each(Object.entries(CASES))('%s', (fieldType, { good, bad, message }) => {
  it.each(good.map(([input, stored]) => [show(input), input, stored ?? input] as const))('accepts %s', async (_, input, stored) => {
    const { id, reply } = await create(fieldType, input);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.metafield.metaFieldDataList[0].value).toBe(stored);
    const detail = await call(sandbox, 'GET', `/metafields/detail/products/${id}?namespace=t&code=${fieldType}`);
    expect(detail.json.metafield).toMatchObject({ value: stored, fieldType, definitionName: fieldType });
  });

  it.each(bad.map((input) => [show(input), input] as const))('refuses %s', async (_, input) => {
    const { reply } = await create(fieldType, input);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.json.errors).toHaveLength(1);
    expect(reply.json.errors[0].field).toBe('metaFieldDataList[0].value');
    expect(reply.json.errors[0].message).toMatch(message);
  });

  it('as multi, takes an array of good values (JSON text or the array itself) and refuses one bad item by its index', async () => {
    // Items as JSON: a structured item is its (non-canonical) input text, a text item a JSON string.
    const itemText = (input: unknown) => (typeof input === 'string' && /^[[{]/.test(input) ? input : JSON.stringify(input));
    const sent = `[ ${good.map(([input]) => itemText(input)).join(' , ')} ]`;
    const expected = `[${good.map(([input, stored]) => itemText(stored ?? input)).join(',')}]`;
    // Multi holds items as JSON values: a 65535-character item alone would not fit in the value.
    if (expected.length <= 65535) {
      const asText = await create(`multi_${fieldType}`, sent);
      expect(asText.reply.status, asText.reply.text).toBe(200);
      expect(asText.reply.json.metafield.metaFieldDataList[0].value).toBe(expected);
      const asArray = await create(`multi_${fieldType}`, undefined, sent);
      expect(asArray.reply.json.metafield.metaFieldDataList[0].value).toBe(expected);
      const detail = await call(sandbox, 'GET', `/metafields/detail/products/${asArray.id}?namespace=t&code=multi_${fieldType}`);
      expect(detail.json.metafield).toMatchObject({ value: expected, fieldType });
    }

    const badItem = bad.find((input) => typeof input !== 'string' || input.length < 1000) as unknown;
    const parsedBad = typeof badItem === 'string' && /^[[{]/.test(badItem) ? JSON.parse(badItem) : badItem;
    const firstItem = good[0]?.[0];
    const refused = await create(`multi_${fieldType}`, [
      typeof firstItem === 'string' && /^[[{]/.test(firstItem) ? JSON.parse(firstItem) : firstItem,
      parsedBad,
    ]);
    expect(refused.reply.status, refused.reply.text).toBe(400);
    expect(refused.reply.json.errors[0].field).toBe('metaFieldDataList[0].value');
    expect(refused.reply.json.errors[0].message).toMatch(/^has an invalid item \[1\]: /);
  });

  it('as multi, refuses a value that is not a JSON array', async () => {
    const { reply } = await create(`multi_${fieldType}`, good[0]?.[0]);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.json.errors[0].message).toMatch(new RegExp(`^expected a JSON array of ${fieldType} values like \\[`));
  });
});

describe('multi', () => {
  it('accepts an empty array', async () => {
    const { reply } = await create('multi_Integer', '[]');
    expect(reply.json.metafield.metaFieldDataList[0].value).toBe('[]');
  });

  it('checks each item of a multi Weight against the schemaRule, converting units', async () => {
    expect((await create('light_parcels', '[{"value":0.5,"unit":"kg"},{"value":2.2,"unit":"lb"}]')).reply.status).toBe(200);
    const { reply } = await create('light_parcels', '[{"value":0.5,"unit":"kg"},{"value":2.3,"unit":"lb"}]');
    expect(reply.json.errors).toEqual([{ field: 'metaFieldDataList[0].value', message: 'has an invalid item [1]: must be at most 1 kg' }]);
  });
});

describe('the length of any value', () => {
  it('is at most 65535 characters of wire text, also for a multi value', async () => {
    const longest = JSON.stringify(['x'.repeat(65533)]);
    expect(longest).toHaveLength(65537);
    const { reply } = await create('multi_SingleLineText', longest);
    expect(reply.json.errors[0].message).toBe('must be at most 65535 characters');
    const fits = JSON.stringify(Array.from({ length: 250 }, () => 'x'.repeat(255)));
    expect(fits.length).toBeLessThanOrEqual(65535);
    expect((await create('multi_SingleLineText', fits)).reply.status).toBe(200);
  });
});
