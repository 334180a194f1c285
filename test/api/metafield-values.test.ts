import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, MAX_VALUE_LENGTH, METAFIELD_DOMAINS, NAME_PATTERN, parseFieldType, type FieldType } from '../../src/api/metafields/types.js';
import { sameValue, toWireValue } from '../../src/api/metafields/values.js';
import { parseJson } from '../../src/core/json.js';

const wire = (type: FieldType | undefined, input: string) => {
  const result = toWireValue(type, input);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to be a valid ${type}, got: ${result.expected}`);
  return result.value;
};
const expected = (type: FieldType | undefined, input: string) => {
  const result = toWireValue(type, input);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused as ${type}, got ${result.value}`);
  return result.expected;
};

describe('field types, domains, names', () => {
  it('lists the 20 types of the spec and finds them ignoring case', () => {
    expect(FIELD_TYPES).toHaveLength(20);
    expect(new Set(FIELD_TYPES).size).toBe(20);
    expect(parseFieldType('weight')).toBe('Weight');
    expect(parseFieldType('SINGLELINETEXT')).toBe('SingleLineText');
    expect(parseFieldType(' sku ')).toBe('SKU');
    expect(parseFieldType('Text')).toBeUndefined();
  });

  it('has the seven domains and the name pattern', () => {
    expect(METAFIELD_DOMAINS).toEqual(['products', 'variants', 'collections', 'customers', 'orders', 'pages', 'shop']);
    expect(NAME_PATTERN.test('custom_1-x')).toBe(true);
    expect(NAME_PATTERN.test('a'.repeat(64))).toBe(true);
    expect(NAME_PATTERN.test('a'.repeat(65))).toBe(false);
    expect(NAME_PATTERN.test('a.b')).toBe(false);
    expect(NAME_PATTERN.test('')).toBe(false);
    expect(MAX_VALUE_LENGTH).toBe(65535);
  });
});

describe('toWireValue', () => {
  it('without a type passes the text as typed, checking only the length', () => {
    expect(wire(undefined, ' 1.5 kg ')).toBe(' 1.5 kg ');
    expect(wire(undefined, 'x'.repeat(65535))).toHaveLength(65535);
    expect(expected(undefined, 'x'.repeat(65536))).toMatch(/at most 65535 characters/);
  });

  it('SingleLineText: one line of at most 255 characters (counted as characters, not UTF-16 units)', () => {
    expect(wire('SingleLineText', 'Organic cotton')).toBe('Organic cotton');
    expect(wire('SingleLineText', '😀'.repeat(255))).toBe('😀'.repeat(255));
    expect(expected('SingleLineText', 'x'.repeat(256))).toMatch(/one line of text of at most 255 characters/);
    expect(expected('SingleLineText', 'a\nb')).toMatch(/one line/);
    expect(wire('SingleLineText', '[draft]')).toBe('[draft]');
  });

  it('MultiLineText keeps line breaks, up to 65535 characters', () => {
    expect(wire('MultiLineText', 'Wash cold.\nDry flat.')).toBe('Wash cold.\nDry flat.');
    expect(expected('MultiLineText', 'x'.repeat(65536))).toMatch(/65535/);
  });

  it('Integer: signed 64-bit, tidied', () => {
    expect(wire('Integer', '42')).toBe('42');
    expect(wire('Integer', ' +007 ')).toBe('7');
    expect(wire('Integer', '-0')).toBe('0');
    expect(wire('Integer', '9223372036854775807')).toBe('9223372036854775807');
    expect(wire('Integer', '-9223372036854775808')).toBe('-9223372036854775808');
    expect(expected('Integer', '9223372036854775808')).toBe('an Integer like "42" (a whole number within signed 64-bit)');
    for (const bad of ['4.2', '1e3', 'forty', '', '0x10']) expect(toWireValue('Integer', bad).ok, bad).toBe(false);
  });

  it('Decimal: digits kept exactly, no float rounding', () => {
    expect(wire('Decimal', '3.14')).toBe('3.14');
    expect(wire('Decimal', '.5')).toBe('0.5');
    expect(wire('Decimal', '+1.')).toBe('1');
    expect(wire('Decimal', '-0012.500')).toBe('-12.500');
    expect(wire('Decimal', '0.1000000000000000000000001')).toBe('0.1000000000000000000000001');
    for (const bad of ['1,5', '1e3', '.', 'NaN', '1.2.3']) expect(expected('Decimal', bad)).toBe('a Decimal like "3.14"');
  });

  it('Boolean: true/false/yes/no in any case', () => {
    for (const yes of ['true', 'TRUE', 'Yes', ' yes ']) expect(wire('Boolean', yes)).toBe('true');
    for (const no of ['false', 'False', 'NO']) expect(wire('Boolean', no)).toBe('false');
    expect(expected('Boolean', '1')).toBe('a Boolean: true, false, yes or no');
  });

  it('Date: a real calendar day', () => {
    expect(wire('Date', '2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2027-02-29', '2027-13-01', '27-01-01', '2027-1-1']) expect(expected('Date', bad)).toMatch(/^a Date like "2026-11-21"/);
  });

  it('DateTime: any ISO 8601 zone converted to UTC Z, the fraction kept', () => {
    expect(wire('DateTime', '2026-11-21T10:00:00Z')).toBe('2026-11-21T10:00:00Z');
    expect(wire('DateTime', '2026-11-21t10:00:00z')).toBe('2026-11-21T10:00:00Z');
    expect(wire('DateTime', '2026-11-21T10:00:00+02:00')).toBe('2026-11-21T08:00:00Z');
    expect(wire('DateTime', '2026-11-21T23:30-0130')).toBe('2026-11-22T01:00:00Z');
    expect(wire('DateTime', '2026-01-01 00:15:00.123456+01')).toBe('2025-12-31T23:15:00.123456Z');
    for (const bad of ['2026-11-21T10:00:00', '2026-11-21', '2026-02-30T10:00:00Z', '2026-11-21T24:00:00Z', 'tomorrow']) {
      expect(expected('DateTime', bad)).toMatch(/^a DateTime like "2026-11-21T10:00:00Z" \(ISO 8601 with Z or an offset/);
    }
  });

  it('MonthDay: MM-DD with 02-29 allowed', () => {
    expect(wire('MonthDay', '02-29')).toBe('02-29');
    expect(wire('MonthDay', '12-25')).toBe('12-25');
    expect(wire('MonthDay', '3-7')).toBe('03-07');
    expect(wire('MonthDay', '--12-25')).toBe('12-25');
    for (const bad of ['02-30', '13-01', '04-31', '1225']) expect(expected('MonthDay', bad)).toBe('a MonthDay like "12-25" (MM-DD)');
  });

  it('Weight, Size, Volume: "1.5 kg", "1.5kg" or the JSON object', () => {
    expect(wire('Weight', '1.5 kg')).toBe('{"value":1.5,"unit":"kg"}');
    expect(wire('Weight', '1.5kg')).toBe('{"value":1.5,"unit":"kg"}');
    expect(wire('Weight', '.5 KG')).toBe('{"value":0.5,"unit":"kg"}');
    expect(wire('Weight', '{"unit": "LB", "value": 2}')).toBe('{"value":2,"unit":"lb"}');
    // Already in the wire form: sent as written, spacing and key order kept (an export re-imports byte for byte).
    expect(wire('Weight', '{"unit": "lb", "value": 2}')).toBe('{"unit": "lb", "value": 2}');
    expect(wire('Weight', '{"value": "2.50", "unit": "oz"}')).toBe('{"value":2.50,"unit":"oz"}');
    expect(wire('Size', '12 cm')).toBe('{"value":12,"unit":"cm"}');
    expect(wire('Volume', '0.75 fl oz')).toBe('{"value":0.75,"unit":"fl_oz"}');
    expect(wire('Volume', '2 m3')).toBe('{"value":2,"unit":"m3"}');
    expect(wire('Weight', '-1 kg')).toBe('{"value":-1,"unit":"kg"}');
    expect(expected('Weight', '1.5 stone')).toBe('a Weight like "1.5 kg" or {"value": 1.5, "unit": "kg"} (units g, kg, lb, oz)');
    expect(expected('Size', '1.5 kg')).toMatch(/^a Size like "12 cm" .*\(units mm, cm, m, in, ft, yd\)$/);
    expect(expected('Volume', 'lots')).toMatch(/units ml, cl, l, m3, fl_oz, pt, qt, gal/);
    expect(toWireValue('Weight', '{"value": 1, "unit": "kg", "extra": 1}').ok).toBe(false);
    expect(toWireValue('Weight', '{"value": true, "unit": "kg"}').ok).toBe(false);
    expect(toWireValue('Weight', 'kg').ok).toBe(false);
  });

  it('Money: "9.99 USD", "USD 9.99" or the JSON object; at most 2 decimals', () => {
    expect(wire('Money', '9.99 USD')).toBe('{"amount":"9.99","currency":"USD"}');
    expect(wire('Money', 'usd 9.9')).toBe('{"amount":"9.9","currency":"USD"}');
    expect(wire('Money', '10EUR')).toBe('{"amount":"10","currency":"EUR"}');
    expect(wire('Money', '{"currency": "JPY", "amount": "1200"}')).toBe('{"currency": "JPY", "amount": "1200"}');
    expect(wire('Money', '{"currency": "jpy", "amount": "1200"}')).toBe('{"amount":"1200","currency":"JPY"}');
    expect(wire('Money', '{"amount": 9.99, "currency": "USD"}')).toBe('{"amount":"9.99","currency":"USD"}');
    for (const bad of ['9.999 USD', '9.99', 'USD', '9.99 US', '$9.99']) {
      expect(expected('Money', bad)).toBe(
        'a Money amount like "9.99 USD" or {"amount": "9.99", "currency": "USD"} (at most 2 decimals, a three-letter currency)',
      );
    }
  });

  it('Color: #RGB or #RRGGBB, written upper-case #RRGGBB unless already #RRGGBB', () => {
    expect(wire('Color', '#abc')).toBe('#AABBCC');
    expect(wire('Color', '#1a2B3c')).toBe('#1a2B3c');
    expect(wire('Color', 'ff0000')).toBe('#FF0000');
    for (const bad of ['#abcd', 'red', '#ggg']) expect(expected('Color', bad)).toBe('a Color like "#1A2B3C" or "#abc"');
  });

  it('Url: absolute http or https, kept as typed', () => {
    expect(wire('Url', 'https://example.com/manual.pdf')).toBe('https://example.com/manual.pdf');
    expect(wire('Url', 'HTTP://Example.com')).toBe('HTTP://Example.com');
    for (const bad of ['ftp://example.com', 'example.com', '/manual.pdf', 'https://exa mple.com'])
      expect(expected('Url', bad)).toMatch(/^an absolute http or https Url/);
  });

  it('reference ids: 1 to 20 digits; SKU: one non-empty line', () => {
    expect(wire('Product', '4000000000000000011')).toBe('4000000000000000011');
    expect(expected('Customer', 'abc')).toBe('a Customer id like "7000000000000000001" (1 to 20 digits, no leading zero)');
    expect(toWireValue('Page', '1'.repeat(21)).ok).toBe(false);
    expect(toWireValue('File', '0123').ok).toBe(false);
    expect(wire('SKU', 'TEE-BLK-M')).toBe('TEE-BLK-M');
    expect(expected('SKU', '  ')).toMatch(/^a SKU: non-empty text/);
  });

  it('a JSON array is a multi value: every item checked and converted', () => {
    expect(wire('Product', '["4000000000000000011", 4000000000000000012]')).toBe('["4000000000000000011","4000000000000000012"]');
    expect(wire('Integer', '[42, "7"]')).toBe('["42","7"]');
    expect(wire('Weight', '["1 kg", {"unit": "g", "value": 500}]')).toBe('[{"value":1,"unit":"kg"},{"value":500,"unit":"g"}]');
    expect(wire('Color', '["#abc"]')).toBe('["#AABBCC"]');
    expect(wire('SingleLineText', '["a", "b"]')).toBe('["a","b"]');
    expect(wire('Boolean', '[true, "no"]')).toBe('["true","false"]');
    expect(wire('Integer', '[]')).toBe('[]');
    expect(expected('Product', '["4000000000000000011", "x"]')).toBe(
      'a JSON array of Product values; item 2 is not a Product id like "4000000000000000011" (1 to 20 digits, no leading zero)',
    );
    expect(expected('Integer', '[1, 2')).toMatch(/or a JSON array of them$/);
    expect(expected('Weight', '[{"value": 1}]')).toMatch(/item 1 is not a Weight/);
  });

  it('text that reads as an array with an item its type refuses is one text value, as typed', () => {
    expect(wire('SingleLineText', '["a\\nb"]')).toBe('["a\\nb"]');
    expect(wire('SKU', '[""]')).toBe('[""]');
  });

  it('a measure whose number is not finite as a JSON number is refused', () => {
    expect(toWireValue('Weight', `1${'0'.repeat(400)} kg`).ok).toBe(false);
    expect(toWireValue('Weight', `{"value": 1${'0'.repeat(400)}, "unit": "kg"}`).ok).toBe(false);
  });

  it('refuses a converted value longer than the wire limit', () => {
    const many = `[${Array.from({ length: 7000 }, () => '"4000000000000000011"').join(',')}]`;
    expect(expected('Product', many)).toMatch(/at most 65535 characters in all/);
  });
});

describe('sameValue', () => {
  it('exact for text and scalars', () => {
    expect(sameValue('SingleLineText', 'Cotton', 'Cotton')).toBe(true);
    expect(sameValue('SingleLineText', 'Cotton', 'cotton')).toBe(false);
    expect(sameValue('Decimal', '1.50', '1.5')).toBe(false);
    expect(sameValue('DateTime', '2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z')).toBe(true);
    // The same instant however a store writes it; a time without a zone is read as UTC.
    expect(sameValue('DateTime', '2026-11-21T10:00:00', '2026-11-21T10:00:00Z')).toBe(true);
    expect(sameValue('DateTime', '2026-11-21T10:00:00.000', '2026-11-21T10:00:00Z')).toBe(true);
    expect(sameValue('DateTime', '2026-11-21T06:00:00-04:00', '2026-11-21T10:00:00Z')).toBe(true);
    expect(sameValue('DateTime', '2026-11-21T10:00:00.120', '2026-11-21T10:00:00.12Z')).toBe(true);
    expect(sameValue('DateTime', '2026-11-21T10:00:00', '2026-11-21T10:00:01Z')).toBe(false);
    expect(sameValue('DateTime', '2026-11-21T10:00:00.5', '2026-11-21T10:00:00Z')).toBe(false);
    expect(sameValue('DateTime', 'soon', 'soon')).toBe(true);
    expect(sameValue('DateTime', 'not a time', '2026-11-21T10:00:00Z')).toBe(false);
    expect(sameValue(undefined, '{"value":1.50,"unit":"kg"}', '{"value":1.5,"unit":"kg"}')).toBe(false);
  });

  it('text types compare exactly even when the text looks like JSON', () => {
    expect(sameValue('SingleLineText', '{"a":1}', '{"a": 1}')).toBe(false);
    expect(sameValue('MultiLineText', '[1,2]', '[1, 2]')).toBe(false);
    expect(sameValue('SKU', '{"sku":"A"}', '{"sku":"A"}')).toBe(true);
  });

  it('Color ignores case', () => {
    expect(sameValue('Color', '#aabbcc', '#AABBCC')).toBe(true);
    expect(sameValue('Color', '["#aabbcc"]', '["#AABBCC"]')).toBe(true);
    expect(sameValue('Color', '#aabbcd', '#AABBCC')).toBe(false);
  });

  it('structured values compare by meaning: key order, number spelling, currency case', () => {
    expect(sameValue('Weight', '{"unit":"kg","value":1.50}', '{"value":1.5,"unit":"kg"}')).toBe(true);
    expect(sameValue('Weight', '{"value": 15e-1, "unit": "kg"}', '{"value":1.5,"unit":"kg"}')).toBe(true);
    expect(sameValue('Weight', '{"value":1.5,"unit":"g"}', '{"value":1.5,"unit":"kg"}')).toBe(false);
    expect(sameValue('Weight', '{"value":1.51,"unit":"kg"}', '{"value":1.5,"unit":"kg"}')).toBe(false);
    expect(sameValue('Money', '{"currency":"usd","amount":"9.90"}', '{"amount":"9.9","currency":"USD"}')).toBe(true);
    expect(sameValue('Money', '{"currency":"USD","amount":"9.91"}', '{"amount":"9.9","currency":"USD"}')).toBe(false);
    expect(sameValue('Product', '[ "1", "2" ]', '["1","2"]')).toBe(true);
    expect(sameValue('Product', '["2","1"]', '["1","2"]')).toBe(false);
  });

  it('reads objects, arrays and numbers a tolerant store sends instead of text', () => {
    expect(sameValue('Weight', parseJson('{"unit":"kg","value":1.50}'), '{"value":1.5,"unit":"kg"}')).toBe(true);
    expect(sameValue(undefined, parseJson('{"unit":"kg","value":2}'), '{"value":2,"unit":"kg"}')).toBe(true);
    expect(sameValue('Integer', parseJson('["42","7"]'), '["42","7"]')).toBe(true);
    expect(sameValue('Integer', parseJson('42'), '42')).toBe(true);
    expect(sameValue('Boolean', true, 'true')).toBe(true);
    expect(sameValue('Integer', parseJson('43'), '42')).toBe(false);
    expect(sameValue('Weight', undefined, '{"value":1,"unit":"kg"}')).toBe(false);
    expect(sameValue('Weight', null, '{"value":1,"unit":"kg"}')).toBe(false);
  });
});
