import { describe, expect, it } from 'vitest';
import { parse as losslessParse } from 'lossless-json';
import { LosslessNumber, isLosslessNumber, parseJson, scalarText, toJson } from '../../src/core/json.js';

describe('parseJson / toJson', () => {
  const big = '1234567890123456789012345';

  it('keeps a 25-digit integer exact', () => {
    const value = parseJson(`{"id":${big},"n":[${big}]}`) as { id: unknown; n: unknown[] };
    expect(isLosslessNumber(value.id)).toBe(true);
    expect(String(value.id)).toBe(big);
    expect(String(value.n[0])).toBe(big);
    // The point of it all: plain JSON would have rounded it.
    expect(String(JSON.parse(big))).not.toBe(big);
  });

  it('round-trips exact digits through toJson', () => {
    const text = `{"id":${big},"price":"9.99","ratio":0.1000000000000000055511151231257827,"ok":true,"none":null}`;
    expect(toJson(parseJson(text))).toBe(text);
  });

  it('indents when asked', () => {
    expect(toJson({ a: new LosslessNumber(big) }, 2)).toBe(`{\n  "a": ${big}\n}`);
  });

  it('writes undefined as null rather than nothing', () => {
    expect(toJson(undefined)).toBe('null');
  });

  it('throws on invalid JSON', () => {
    expect(() => parseJson('{nope')).toThrow();
  });
});

describe('parseJson reads as lossless-json does', () => {
  const valid = [
    '{"a":1,"b":[true,false,null],"c":{"d":"e"}}',
    ' \t\r\n[ 1 , -0 , 0.5e-3 , 2E+10 , -12345678901234567890123 ] \n',
    '"plain"',
    '"esc\\"aped\\\\ \\/ \\b\\f\\n\\r\\t \\u00e9\\ud83d\\ude00 \\ud800"',
    '{"__proto__":{"x":1},"k":2}',
    '{"same":1,"same":1}',
    '{"deep":{"same":[1,{"a":"b"}]},"deep":{"same":[1,{"a":"b"}]}}',
    '[]',
    '{}',
    '[[],{},""]',
    '"caf\u00e9 ✓ 日本 😀 \u202e"',
    '0',
    '{"n":1.0,"m":100}',
  ];
  for (const text of valid) {
    it(`reads ${JSON.stringify(text).slice(0, 60)} to the same value`, () => {
      expect(parseJson(text)).toEqual(losslessParse(text));
    });
  }

  const invalid = [
    '',
    '{nope',
    '[1,]',
    '{"a":1,}',
    '{"a" 1}',
    '01',
    '-',
    '1.',
    '1e',
    '.5',
    '"unterminated',
    '"tab\there"',
    '"bad \\x escape"',
    '"\\u12"',
    '{"dup":1,"dup":2}',
    '[1] 2',
    'tru',
    'NaN',
    "{'single':1}",
  ];
  for (const text of invalid) {
    it(`refuses ${JSON.stringify(text)} with lossless-json's own words`, () => {
      expect(() => losslessParse(text)).toThrow();
      expect(() => parseJson(text)).toThrow(caught(() => losslessParse(text)));
    });
  }

  it("holds a long string as a slice of the answer, not as a chain of its characters: memory near the answer's size", () => {
    const note = 'a long note '.repeat(400_000); // 4.8 million characters
    const text = `{"notes":[${JSON.stringify(note)},${JSON.stringify(note.toUpperCase())}]}`;
    const before = process.memoryUsage().heapUsed;
    const value = parseJson(text) as { notes: string[] };
    const grown = process.memoryUsage().heapUsed - before;
    expect(value.notes[1]).toBe(note.toUpperCase());
    // A character at a time, V8 keeps some 32 bytes per character until the string is read flat.
    expect(grown).toBeLessThan(4 * text.length);
  });
});

function caught(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('scalarText', () => {
  it('writes a LosslessNumber with its exact digits', () => {
    expect(scalarText(new LosslessNumber('98765432109876543210'))).toBe('98765432109876543210');
    expect(scalarText(new LosslessNumber('1.50'))).toBe('1.50');
  });

  it('writes strings as is, null and undefined as empty', () => {
    expect(scalarText('gift card')).toBe('gift card');
    expect(scalarText('')).toBe('');
    expect(scalarText(null)).toBe('');
    expect(scalarText(undefined)).toBe('');
  });

  it('writes other scalars and objects readably', () => {
    expect(scalarText(true)).toBe('true');
    expect(scalarText(42)).toBe('42');
    expect(scalarText(12345678901234567890n)).toBe('12345678901234567890');
    expect(scalarText({ value: new LosslessNumber('1.0'), unit: 'kg' })).toBe('{"value":1.0,"unit":"kg"}');
  });
});
