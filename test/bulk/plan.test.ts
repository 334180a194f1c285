import { describe, expect, it } from 'vitest';
import { chunk, planChanges } from '../../src/bulk/kinds/metafields/plan.js';
import { makeRow } from './fake-store.js';

describe('planChanges', () => {
  it('sorts rows into create, update and unchanged', () => {
    const rows = [makeRow('1', 'a', 'same'), makeRow('1', 'b', 'new'), makeRow('1', 'c', 'x')];
    const plan = planChanges(rows, [
      { namespace: 'ns', code: 'a', value: 'same', fieldType: 'SingleLineText' },
      { namespace: 'ns', code: 'b', value: 'old', fieldType: 'SingleLineText' },
      { namespace: 'other', code: 'c', value: 'x', fieldType: 'SingleLineText' },
    ]);
    expect(plan.unchanged.map((r) => r.code)).toEqual(['a']);
    expect(plan.update.map((r) => r.code)).toEqual(['b']);
    expect(plan.create.map((r) => r.code)).toEqual(['c']);
    expect(plan.invalid).toEqual([]);
  });

  it('compares typed rows by meaning: a store that sends an object, numbers spelled differently', () => {
    const row = { ...makeRow('1', 'w', '{"value":1.5,"unit":"kg"}'), type: 'Weight' as const };
    const plan = planChanges([row], [{ namespace: 'ns', code: 'w', value: '{"unit":"kg","value":1.50}', fieldType: 'Weight' }]);
    expect(plan.unchanged).toHaveLength(1);
  });

  it('keeps text exact when neither the row nor the store gives a type', () => {
    const plan = planChanges([makeRow('1', 'a', 'A ')], [{ namespace: 'ns', code: 'a', value: 'A' }]);
    expect(plan.update).toHaveLength(1);
  });
});

describe('chunk', () => {
  it('cuts at the item limit', () => {
    const rows = Array.from({ length: 7 }, (_, i) => makeRow('1', `c${i}`, 'v'));
    expect(chunk(rows, 3, 1e9).map((c) => c.length)).toEqual([3, 3, 1]);
  });

  it('cuts at the body size, escapes counted; a single huge value still goes alone', () => {
    const big = makeRow('1', 'big', '"'.repeat(600));
    const rows = [makeRow('1', 'a', 'x'), big, makeRow('1', 'b', 'y'), makeRow('1', 'c', 'y'.repeat(5000))];
    expect(chunk(rows, 100, 1000).map((c) => c.map((r) => r.code))).toEqual([['a'], ['big'], ['b'], ['c']]);
    expect(chunk([makeRow('1', 'a', 'x'), makeRow('1', 'b', 'y')], 100, 1000)).toHaveLength(1);
  });
});
