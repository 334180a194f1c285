import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Metafield } from '../../src/api/metafields/schema.js';
import { compareIds, csvLine } from '../../src/bulk/engine/export-text.js';
import { compareObjects, headerText, objectRows, rowsText, type ExportRow } from '../../src/bulk/kinds/metafields/export-rows.js';

const value = (namespace: string, code: string, text: string, fieldType?: string): Metafield => ({
  namespace,
  code,
  value: text,
  ...(fieldType ? { fieldType } : {}),
});

describe('export order', () => {
  it('sorts ids numerically at any length, never through a JS number; ids that are not digits after, as text', () => {
    const ids = ['18446744073709551616', '10', '9', '18446744073709551615', 'abc', '4000000000000000011', 'Abc', '007', '100'];
    expect([...ids].sort(compareIds)).toEqual(['007', '9', '10', '100', '4000000000000000011', '18446744073709551615', '18446744073709551616', 'Abc', 'abc']);
  });

  it('sorts objects by domain, then bizId', () => {
    const objects = [
      { domain: 'products', bizId: '10' },
      { domain: 'collections', bizId: '99' },
      { domain: 'products', bizId: '9' },
    ];
    expect(objects.sort(compareObjects).map((o) => `${o.domain}/${o.bizId}`)).toEqual(['collections/99', 'products/9', 'products/10']);
  });

  it("sorts an object's values by namespace then code (code units: the same in every locale), keeps only --namespace's", () => {
    const values = [value('specs', 'b', '2'), value('custom', 'Z', '3'), value('custom', 'a', '1'), value('Custom', 'x', '4')];
    const rows = objectRows({ domain: 'products', bizId: '1' }, values, undefined);
    expect(rows.map((r) => `${r.namespace}.${r.code}`)).toEqual(['Custom.x', 'custom.Z', 'custom.a', 'specs.b']);
    expect(objectRows({ domain: 'products', bizId: '1' }, values, 'custom').map((r) => r.code)).toEqual(['Z', 'a']);
  });

  it("writes the store's field type when this client knows it, else nothing (the import then sends the value as written)", () => {
    const rows = objectRows(
      { domain: 'products', bizId: '1' },
      [value('a', 'known', '1', 'integer'), value('a', 'new', 'x', 'list.single_line_text'), value('a', 'none', 'y')],
      undefined,
    );
    expect(rows.map((r) => r.type)).toEqual(['Integer', '', '']);
  });
});

describe('export rows', () => {
  const tricky: ExportRow[] = [
    {
      domain: 'products',
      bizId: '18446744073709551615',
      namespace: 'custom',
      code: 'care_guide',
      value: 'line one\r\nline "two", ✓ 日本',
      type: 'MultiLineText',
    },
    { domain: 'products', bizId: '2', namespace: 'custom', code: 'msrp', value: '{"amount":"9.99","currency":"USD"}', type: 'Money' },
    { domain: 'products', bizId: '2', namespace: 'custom', code: 'pad', value: '  spaced  ', type: '' },
    { domain: 'products', bizId: '2', namespace: 'custom', code: 'empty', value: '', type: '' },
    { domain: 'products', bizId: '2', namespace: 'custom', code: 'plain', value: 'Linen', type: 'SingleLineText' },
  ];

  it('CSV: the import header, then cells that csv-parse reads back exactly (quotes, commas, line breaks, spaces, unicode)', () => {
    const text = headerText('csv') + rowsText(tricky, 'csv');
    expect(text.split('\n')[0]).toBe('domain,bizId,namespace,code,value,type');
    const records = parse(text, { relax_column_count: false }) as string[][];
    expect(records.slice(1)).toEqual(tricky.map((r) => [r.domain, r.bizId, r.namespace, r.code, r.value, r.type]));
    // Quotes only where needed.
    expect(text).toContain('\nproducts,2,custom,plain,Linen,SingleLineText\n');
    expect(text).toContain('\nproducts,2,custom,empty,,\n');
  });

  it('quotes a cell with a quote, comma, line break, or white space at either end', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'x\ny', ' lead', 'trail\t', 'mid dle'])).toBe('a,"b,c","say ""hi""","x\ny"," lead","trail\t",mid dle\n');
  });

  it('JSON lines: one object a line with the CSV columns as keys, in their order; no header', () => {
    expect(headerText('jsonl')).toBe('');
    const lines = rowsText(tricky, 'jsonl').split('\n');
    expect(lines).toHaveLength(tricky.length + 1);
    expect(lines[5]).toBe('');
    expect(lines.slice(0, 5).map((line) => JSON.parse(line) as unknown)).toEqual(tricky);
    expect(Object.keys(JSON.parse(lines[0]!) as object)).toEqual(['domain', 'bizId', 'namespace', 'code', 'value', 'type']);
  });
});
