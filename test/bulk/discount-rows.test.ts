// A discount row's checks and a discount's settings compared, pure: what a row sets (its
// cells in the documented values, dates as times, the --like discount's settings under
// them), what it is refused for, and when two settings say the same as the store means them.
import { describe, expect, it } from 'vitest';
import { checkDiscountRow, discountText, readDiscountHeader, type RowRules } from '../../src/bulk/kinds/discounts/rows.js';
import { changeTo, differences, holdsWritten, sameSetting, type DiscountSettings } from '../../src/bulk/kinds/discounts/settings.js';

const HEADER = [
  'code',
  'title',
  'discountType',
  'valueType',
  'value',
  'discountMethod',
  'status',
  'startTime',
  'endTime',
  'usageLimit',
  'oncePerCustomer',
  'segmentIds',
];
const layout = readDiscountHeader(HEADER, 'rows.csv');
const row = (cells: Partial<Record<(typeof HEADER)[number], string>>, rules: RowRules = { family: 'genstore' }, generated?: string) =>
  checkDiscountRow(
    discountText(
      HEADER.map((name) => cells[name] ?? ''),
      2,
      layout,
    ),
    HEADER.length,
    HEADER.length,
    rules,
    generated,
  );

const SUMMER: DiscountSettings = {
  title: 'Summer sale',
  discountType: 'ORDER_DISCOUNT',
  valueType: 'PERCENTAGE',
  value: '15',
  discountMethod: 'CODE_DISCOUNT',
  eligibility: 'ALL',
  segmentIds: [],
  status: 'ENABLED',
  startTime: '2026-06-01T00:00:00.000',
  endTime: '',
  usageLimit: '1',
  oncePerCustomer: 'true',
  codes: ['SUMMER15'],
};

describe('a discount row', () => {
  it('sets the cells given, in the documented values: words or enums any case, a date as a time, none as no end or limit', () => {
    const checked = row({
      code: 'ABCD1234',
      title: 'Sale',
      discountType: 'order',
      valueType: 'PERCENTAGE',
      value: '15',
      status: 'Disabled',
      startTime: '2026-12-01',
      endTime: 'none',
      usageLimit: 'none',
      segmentIds: '1; 2',
    });
    expect(checked).toMatchObject({
      ok: true,
      row: {
        key: 'abcd1234',
        codes: ['ABCD1234'],
        wanted: {
          title: 'Sale',
          discountType: 'ORDER_DISCOUNT',
          valueType: 'PERCENTAGE',
          value: '15',
          status: 'DISABLED',
          startTime: '2026-12-01T00:00:00Z',
          endTime: '',
          usageLimit: '',
          segmentIds: ['1', '2'],
          eligibility: 'SEGMENT',
        },
      },
    });
    expect(row({ code: 'ABCD1234', endTime: '2026-12-10' })).toMatchObject({ row: { wanted: { endTime: '2026-12-10T23:59:59Z' } } });
  });

  it("with --like: every empty cell the discount's, the title its own with the code; a cell given wins", () => {
    const checked = row({ code: 'CAMP0001', value: '20' }, { family: 'genstore', template: SUMMER });
    expect(checked.ok && checked.row.wanted).toEqual({ ...SUMMER, codes: undefined, title: 'Summer sale CAMP0001', value: '20' });
    expect(row({}, { family: 'genstore', template: SUMMER, generate: true }, 'GENER8ED')).toMatchObject({
      row: { codes: ['GENER8ED'], generated: true, wanted: { title: 'Summer sale GENER8ED' } },
    });
    expect(row({}, { family: 'genstore', template: SUMMER })).toEqual({
      ok: false,
      problem: expect.stringContaining('the row has neither a code nor a title'),
    });
  });

  it("refuses a code outside the store's rule, two codes on Genstore, a code on an automatic discount, a start not before its end", () => {
    expect(row({ code: 'SUMMER-15' })).toEqual({ ok: false, problem: expect.stringContaining('the code "SUMMER-15" is not 8 letters and digits') });
    expect(row({ code: 'SUMMER-15;SUMMER-16', title: 'x' }, { family: 'service' })).toMatchObject({ ok: true, row: { codes: ['SUMMER-15', 'SUMMER-16'] } });
    expect(row({ code: 'ABCD1234;ABCD1235' })).toEqual({ ok: false, problem: 'the code cell holds 2 codes; a Genstore discount holds one (a row a discount)' });
    expect(row({ code: 'ABCD1234', discountMethod: 'automatic' })).toEqual({
      ok: false,
      problem: 'the row gives a code, and an AUTOMATIC_DISCOUNT applies without one',
    });
    expect(row({ code: 'ABCD1234', startTime: '2026-12-11', endTime: '2026-12-10' })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('is not before the endTime'),
    });
    expect(row({ code: 'ABCD1234', value: '12,5' })).toMatchObject({ ok: false, problem: expect.stringContaining('has a decimal comma') });
    expect(row({ title: 'Automatic', discountMethod: 'automatic' })).toMatchObject({ ok: true, row: { key: 'title:automatic', codes: [] } });
  });
});

describe('discount settings', () => {
  it('compare as the store means them: amounts by value, times by instant (zone-less is UTC), enums ignoring case, titles exactly', () => {
    expect(sameSetting('value', '15', '15.00')).toBe(true);
    expect(sameSetting('startTime', '2026-06-01T00:00:00Z', '2026-06-01T00:00:00.000')).toBe(true);
    expect(sameSetting('startTime', '2026-06-01T02:00:00+02:00', '2026-06-01T00:00:00.000')).toBe(true);
    expect(sameSetting('status', 'enabled', 'ENABLED')).toBe(true);
    expect(sameSetting('title', 'Sale', 'sale')).toBe(false);
    expect(sameSetting('endTime', '', '2026-01-01T00:00:00Z')).toBe(false);
    expect(differences({ value: '15.0', title: 'Summer sale', usageLimit: '2' }, SUMMER)).toEqual(['usageLimit']);
    expect(holdsWritten(SUMMER, { value: '15', codes: ['summer15'] })).toBe(true);
    expect(holdsWritten(SUMMER, { value: '16' })).toBe(false);
  });

  it('turn back into the update that puts them: none as null, numbers and booleans as such; the method never', () => {
    expect(changeTo({ ...SUMMER, usageLimit: '', endTime: '' }, ['usageLimit', 'endTime', 'oncePerCustomer', 'value', 'discountMethod'])).toEqual({
      usageLimit: null,
      endTime: null,
      oncePerCustomer: true,
      value: '15',
    });
    expect(changeTo(SUMMER, ['usageLimit'])).toEqual({ usageLimit: 1 });
  });
});
