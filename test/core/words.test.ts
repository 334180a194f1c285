import { describe, expect, it } from 'vitest';
import { definedOnly } from '../../src/core/defined-only.js';
import { didYouMean, kebab, nearest, orList, plural, pluralWord, stripPeriod } from '../../src/core/words.js';

describe('plural', () => {
  it('puts the noun in the number the count calls for, zero being plural', () => {
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(0, 'row')).toBe('0 rows');
    expect(plural(3, 'row')).toBe('3 rows');
  });

  it('takes the plural form when adding s will not do', () => {
    expect(plural(2, 'row has', 'rows have')).toBe('2 rows have');
    expect(plural(1, 'row has', 'rows have')).toBe('1 row has');
  });

  it('gives the noun alone when the count is said elsewhere', () => {
    expect(pluralWord(1, 'field')).toBe('field');
    expect(pluralWord(2, 'field')).toBe('fields');
  });
});

describe('kebab', () => {
  it('turns a camel-case key into the flag commander stores under it', () => {
    expect(kebab('initialValue')).toBe('initial-value');
    expect(kebab('compareOfPrice')).toBe('compare-of-price');
    expect(kebab('note')).toBe('note');
  });
});

describe('stripPeriod', () => {
  it('drops the closing period(s) of a sentence set inside another', () => {
    expect(stripPeriod('Not found.')).toBe('Not found');
    expect(stripPeriod('Wait...')).toBe('Wait');
    expect(stripPeriod('v1.2 is out')).toBe('v1.2 is out');
  });
});

describe('definedOnly', () => {
  it('drops the keys whose value is undefined, keeping null, zero and empty text', () => {
    const value = definedOnly({ a: 1, b: undefined, c: null, d: 0, e: '' });
    expect(value).toEqual({ a: 1, c: null, d: 0, e: '' });
    expect('b' in value).toBe(false);
  });
});

describe('nearest and didYouMean', () => {
  it('finds a near spelling: a letter off, two swapped, a plural s, another case', () => {
    expect(nearest('order/create', ['orders/create', 'orders/update', 'products/create'])).toEqual(['orders/create']);
    expect(nearest('serach', ['search', 'count', 'export'])).toEqual(['search']);
    expect(nearest('Title', ['title', 'status'])).toEqual(['title']);
    expect(nearest('xyz', ['title', 'status'])).toEqual([]);
    // A short word allows one edit only: `id` is not `ms`.
    expect(nearest('id', ['ms', 'ids'])).toEqual(['ids']);
  });

  it('says did you mean: the id fields for `id`, near spellings for anything else, nothing without', () => {
    expect(didYouMean('id', ['productId', 'title', 'variantId'])).toBe(' (did you mean productId or variantId?)');
    expect(didYouMean('tittle', ['productId', 'title'])).toBe(' (did you mean title?)');
    expect(didYouMean('id', ['namespace', 'code'])).toBe('');
    expect(orList(['a', 'b', 'c'])).toBe('a, b or c');
  });
});
