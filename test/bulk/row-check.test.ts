import { describe, expect, it } from 'vitest';
import { readHeader } from '../../src/bulk/kinds/metafields/header.js';
import { checkRow, rowText, type Checked } from '../../src/bulk/kinds/metafields/rows.js';

const columns = readHeader(['domain', 'bizId', 'namespace', 'code', 'value', 'type'], 'f', undefined);
const untyped = readHeader(['domain', 'bizId', 'namespace', 'code', 'value'], 'f', undefined);

function check(cells: string[], cols = columns, domainFlag?: string): Checked {
  return checkRow(rowText(cells, 7, cols, domainFlag), cells.length, cols);
}
const reason = (c: Checked) => (c.ok ? undefined : c.reason);

describe('checkRow', () => {
  it('turns natural input into wire text by the row type', () => {
    const c = check(['products', '42', 'specs', 'weight', '1.50 kg', 'weight']);
    expect(c).toMatchObject({ ok: true, row: { line: 7, domain: 'products', bizId: '42', type: 'Weight', value: '{"value":1.50,"unit":"kg"}' } });
  });

  it('sends a value without a type as written, spaces included', () => {
    expect(check(['products', ' 42 ', ' custom ', 'note', '  as is  '], untyped)).toMatchObject({
      ok: true,
      row: { bizId: '42', namespace: 'custom', value: '  as is  ', type: undefined },
    });
  });

  it('an empty type cell means no type', () => {
    expect(check(['products', '42', 'custom', 'note', 'text', ''])).toMatchObject({ ok: true, row: { type: undefined } });
  });

  it('rejects a bad Integer, a bad Date and an unknown type with a reason', () => {
    expect(reason(check(['products', '1', 'c', 'n', '4x2', 'Integer']))).toMatch(/^the value "4x2" is not an Integer/);
    expect(reason(check(['products', '1', 'c', 'n', '2026-02-30', 'Date']))).toMatch(/^the value "2026-02-30" is not a Date/);
    expect(reason(check(['products', '1', 'c', 'n', '5', 'Intger']))).toMatch(/^unknown type "Intger"; the types are SingleLineText, /);
  });

  it('rejects a ragged row, naming the counts', () => {
    const cells = ['products', '1', 'c', 'n'];
    expect(reason(checkRow(rowText(cells, 3, columns, undefined), cells.length, columns))).toBe('the row has 4 fields where the header has 6');
  });

  it('rejects an over-long value by its length, not its text', () => {
    expect(reason(check(['products', '1', 'c', 'n', 'x'.repeat(65536)], untyped))).toBe(
      'the value (65536 characters) is not a value of at most 65535 characters',
    );
    expect(check(['products', '1', 'c', 'n', 'x'.repeat(65535)], untyped).ok).toBe(true);
  });

  it('rejects an unknown domain, an empty bizId and bad names', () => {
    expect(reason(check(['product', '1', 'c', 'n', 'v'], untyped))).toMatch(/^unknown domain "product"; the domains are products, /);
    expect(reason(check(['', '1', 'c', 'n', 'v'], untyped))).toBe('the domain is empty');
    expect(reason(check(['products', ' ', 'c', 'n', 'v'], untyped))).toBe('the bizId must not be empty');
    expect(reason(check(['products', '1', 'a.b', 'n', 'v'], untyped))).toBe('the namespace "a.b" is not 1 to 64 letters, digits, _ or -');
    expect(reason(check(['products', '1', 'c', '', 'v'], untyped))).toBe('the code is empty');
  });

  it('takes the domain from --domain when the file has no domain column', () => {
    const cols = readHeader(['bizId', 'namespace', 'code', 'value'], 'f', 'customers');
    expect(check(['9', 'custom', 'vip', 'true'], cols, 'customers')).toMatchObject({ ok: true, row: { domain: 'customers', bizId: '9' } });
  });
});
