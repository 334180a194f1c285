import { describe, expect, it } from 'vitest';
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
