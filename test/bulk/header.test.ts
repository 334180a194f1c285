import { describe, expect, it } from 'vitest';
import { cellsByName, columnLayout, findColumns } from '../../src/bulk/engine/header.js';
import { readHeader } from '../../src/bulk/kinds/metafields/header.js';
import { UsageError } from '../../src/core/errors.js';
import { flagMessage } from '../helpers/usage-error.js';

function failure(cells: string[], domain?: string): string {
  try {
    readHeader(cells, 'values.csv', domain);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('readHeader', () => {
  it('finds the columns in any order and any case, with an optional type', () => {
    expect(readHeader(['value', ' BizId ', 'code', 'namespace', 'domain', 'Type'], 'f', undefined)).toEqual({
      value: 0,
      bizId: 1,
      code: 2,
      namespace: 3,
      domain: 4,
      type: 5,
      width: 6,
    });
  });

  it('lets --domain stand in for the domain column', () => {
    expect(readHeader(['bizId', 'namespace', 'code', 'value'], 'f', 'products')).toEqual({ bizId: 0, namespace: 1, code: 2, value: 3, width: 4 });
  });

  it('ignores the line and reason columns of a rejects file', () => {
    const columns = readHeader(['line', 'domain', 'bizId', 'namespace', 'code', 'type', 'value', 'reason'], 'f', undefined);
    expect(columns).toMatchObject({ domain: 1, value: 6, type: 5, width: 8 });
  });

  it('names missing columns, and suggests --domain for the domain', () => {
    expect(failure(['domain', 'bizId', 'code'])).toMatch(/^values\.csv: the header lacks the columns namespace, value;/);
    expect(failure(['bizId', 'namespace', 'code', 'value'])).toMatch(/lacks the column domain \(or pass --domain/);
  });

  it('refuses an unknown, a repeated or an empty column', () => {
    expect(failure(['domain', 'bizId', 'namespace', 'code', 'vaule'])).toContain('unknown column "vaule"');
    expect(failure(['domain', 'bizId', 'namespace', 'code', 'value', 'code'])).toContain('"code" appears twice');
    expect(failure(['domain', 'bizId', '', 'code', 'value'])).toContain('field 3 of the header is empty');
  });

  it('refuses --domain beside a domain column', () => {
    expect(failure(['domain', 'bizId', 'namespace', 'code', 'value'], 'products')).toContain('domain is for files without a domain column');
    expect(flagMessage(() => readHeader(['domain', 'bizId', 'namespace', 'code', 'value'], 'values.csv', 'products'))).toBe(
      '--domain is for files without a domain column, and values.csv has one: drop the flag or the column.',
    );
  });

  it('recognises a file separated by something else than commas', () => {
    expect(failure(['domain;bizId;namespace;code;value'])).toContain('is one field: looks like a semicolon-separated file');
  });
});

describe('columnLayout and cellsByName (the CSV kinds: gift cards, discounts, customers, fulfillments)', () => {
  const names = ['title', 'code', 'value'] as const;
  const layout = columnLayout<(typeof names)[number]>(findColumns(['Code', 'line', 'title'], 'f', { required: [], optional: names, ignored: ['line'] }), 3);

  it('names a found column by its place, any other as "field N"', () => {
    expect(layout.columns).toEqual({ code: 0, title: 2 });
    expect([0, 1, 2, 7].map((index) => layout.columnName(index))).toEqual(['code', 'field 2', 'title', 'field 8']);
  });

  it('reads the cells by name: trimmed but those kept as written, empty where the header lacks the column or the row is short', () => {
    expect(cellsByName(names, [' SAVE10 ', 'x', '  Spring  '], layout, ['title'])).toEqual({ title: '  Spring  ', code: 'SAVE10', value: '' });
    expect(cellsByName(names, [' SAVE10 '], layout)).toEqual({ title: '', code: 'SAVE10', value: '' });
  });
});
