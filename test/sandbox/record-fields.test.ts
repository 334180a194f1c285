// The readers a record table's field kinds share (resources/record-fields.ts): a list read
// entry by entry, its errors at each entry's JSON path, and a value sent as text or a number.
import { describe, expect, it } from 'vitest';
import { FieldErrors } from '../../src/sandbox/http/sandbox-errors.js';
import { listRead, sentText } from '../../src/sandbox/resources/record-fields.js';

const evens = listRead<number>('even numbers', (value, at, errors, _index, earlier) => {
  if (typeof value !== 'number' || value % 2 !== 0) errors.add(at, 'must be even');
  else if (earlier.includes(value)) errors.add(at, 'is given twice');
  else return value;
  return undefined;
});

function read(value: unknown): { list: number[] | undefined; errors: string[] } {
  const errors = new FieldErrors();
  const captured: string[] = [];
  const add = errors.add.bind(errors);
  errors.add = (field, message) => {
    captured.push(`${field} ${message}`);
    add(field, message);
  };
  return { list: evens(value, 'order.lines', errors), errors: captured };
}

describe('listRead', () => {
  it('reads every entry, or says at each entry what is wrong (and gives no list)', () => {
    expect(read([2, 4])).toEqual({ list: [2, 4], errors: [] });
    expect(read([2, 3, 2])).toEqual({ list: undefined, errors: ['order.lines[1] must be even', 'order.lines[2] is given twice'] });
  });

  it('says once that a value which is no array must be one', () => {
    expect(read({ 0: 2 })).toEqual({ list: undefined, errors: ['order.lines must be an array of even numbers'] });
  });
});

describe('sentText', () => {
  it('takes text and numbers as text, anything else as empty', () => {
    expect([sentText('61'), sentText(61), sentText(null), sentText(undefined), sentText(true)]).toEqual(['61', '61', '', '', '']);
  });
});
