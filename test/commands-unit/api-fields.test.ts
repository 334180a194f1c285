import { describe, expect, it } from 'vitest';
import { fieldsToQuery, parseFields, type FieldArg } from '../../src/commands/api/fields.js';
import { toJson } from '../../src/core/json.js';
import { usageMessage } from '../helpers/usage-error.js';

const typed = (text: string): FieldArg => ({ text, typed: true });
const raw = (text: string): FieldArg => ({ text, typed: false });
const noFiles = async (path: string) => `contents of ${path}`;

describe('api --field typing', () => {
  it('literals and numbers are JSON, digits exact; everything else a string', async () => {
    const fields = await parseFields(
      ['t=true', 'f=false', 'n=null', 'i=42', 'neg=-7', 'd=3.10', 'big=4000000000000000011', 'zip=007', 'e=1e5', 's=hello', 'empty=', 'eq=a=b'].map(typed),
      noFiles,
    );
    expect(toJson(fields)).toBe(
      '{"t":true,"f":false,"n":null,"i":42,"neg":-7,"d":3.10,"big":4000000000000000011,"zip":"007","e":"1e5","s":"hello","empty":"","eq":"a=b"}',
    );
  });

  it('--raw-field is always a string, @ included', async () => {
    expect(toJson(await parseFields([raw('a=true'), raw('b=42'), raw('c=@x')], noFiles))).toBe('{"a":"true","b":"42","c":"@x"}');
  });

  it('@path reads the file through the given reader', async () => {
    expect(toJson(await parseFields([typed('note=@n.txt'), typed('in=@-')], noFiles))).toBe('{"note":"contents of n.txt","in":"contents of -"}');
  });

  it('brackets nest; [] appends to a list', async () => {
    const fields = await parseFields([typed('giftCard[code]=ABC'), typed('giftCard[meta][x]=1'), typed('tags[]=a'), raw('tags[]=2')], noFiles);
    expect(toJson(fields)).toBe('{"giftCard":{"code":"ABC","meta":{"x":1}},"tags":["a","2"]}');
    expect(fieldsToQuery(fields)).toEqual([
      ['giftCard[code]', 'ABC'],
      ['giftCard[meta][x]', '1'],
      ['tags[]', 'a'],
      ['tags[]', '2'],
    ]);
  });

  it('a key named __proto__ is only a key', async () => {
    const fields = await parseFields([typed('__proto__[polluted]=1')], noFiles);
    expect(toJson(fields)).toBe('{"__proto__":{"polluted":1}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('query values are text; null is empty', async () => {
    expect(fieldsToQuery(await parseFields(['limit=250', 'on=true', 'none=null', 'id=4000000000000000011'].map(typed), noFiles))).toEqual([
      ['limit', '250'],
      ['on', 'true'],
      ['none', ''],
      ['id', '4000000000000000011'],
    ]);
  });

  it('bad syntax and conflicts name the flag', async () => {
    const fails = async (args: FieldArg[]) => {
      try {
        await parseFields(args, noFiles);
      } catch (error) {
        return usageMessage(() => {
          throw error;
        });
      }
      throw new Error('expected a UsageError');
    };
    expect(await fails([typed('novalue')])).toMatch(/^--field must be key=value/);
    expect(await fails([raw('=x')])).toMatch(/^--raw-field must be key=value/);
    expect(await fails([typed('a]=1')])).toMatch(/^--field key 'a]'/);
    expect(await fails([typed('a[][b]=1')])).toMatch(/\[\] \(append to a list\) may only come last/);
    expect(await fails([typed('a=1'), typed('a=2')])).toMatch(/^--field a is given twice/);
    expect(await fails([typed('a[b]=1'), typed('a[]=2')])).toMatch(/'a' is already given as an object/);
    expect(await fails([typed('a=@')])).toMatch(/names no file/);
  });
});
