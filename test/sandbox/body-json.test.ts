// serializeJson: the sandbox's answers as compact JSON, ids beyond 2^53 exact (bare digits or
// strings, --ids-as), everything else as JSON.stringify writes it.
import { describe, expect, it } from 'vitest';
import { JsonInteger, serializeJson } from '../../src/sandbox/http/body-json.js';

describe('serializeJson', () => {
  const body = {
    order: { id: new JsonInteger('6000000000000000161'), note: undefined, tags: ['a', undefined], total: 12.5, paid: true, gone: null },
    count: new JsonInteger('3'),
  };

  it('writes ids as bare digits or as strings, leaving out undefined members and writing undefined items as null', () => {
    expect(serializeJson(body, 'number')).toBe('{"order":{"id":6000000000000000161,"tags":["a",null],"total":12.5,"paid":true,"gone":null},"count":3}');
    expect(serializeJson(body, 'string')).toBe('{"order":{"id":"6000000000000000161","tags":["a",null],"total":12.5,"paid":true,"gone":null},"count":"3"}');
    expect(JSON.parse(serializeJson(body, 'string'))).toEqual(
      JSON.parse(JSON.stringify(body, (_key, value: unknown) => (value instanceof JsonInteger ? value.digits : value))),
    );
  });

  it('leaves text a client stored as it is, quotes, backslashes and digits included', () => {
    const stored = { note: '"123" \\"9\\" 4000000000000000001', id: new JsonInteger('4000000000000000001') };
    expect(JSON.parse(serializeJson(stored, 'number').replace(/"id":(\d+)/, '"id":"$1"'))).toEqual({ note: stored.note, id: '4000000000000000001' });
  });

  it('refuses what JSON cannot hold', () => {
    expect(() => serializeJson(undefined, 'number')).toThrow(TypeError);
    expect(() => serializeJson({ n: 1n }, 'number')).toThrow(TypeError);
  });
});
