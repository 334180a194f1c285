import { describe, expect, it } from 'vitest';
import { Grouper, type ObjectGroup } from '../../src/bulk/kinds/metafields/group.js';
import type { Row } from '../../src/bulk/kinds/metafields/rows.js';

let line = 1;
function row(bizId: string, code: string): Row {
  line += 1;
  const text = { line, domain: 'products', bizId, namespace: 'ns', code, type: '', value: 'v' };
  return { line, domain: 'products', bizId, namespace: 'ns', code, type: undefined, value: 'v', text };
}

function feed(grouper: Grouper, rows: Row[]) {
  const groups: ObjectGroup[] = [];
  const duplicates: Array<[number, number]> = [];
  for (const r of rows) {
    const pushed = grouper.push(r);
    if (pushed.group) groups.push(pushed.group);
    if (pushed.duplicateOf !== undefined) duplicates.push([r.line, pushed.duplicateOf]);
  }
  const last = grouper.flush();
  if (last) groups.push(last);
  return { groups, duplicates };
}

describe('Grouper', () => {
  it('groups consecutive rows of one object; an object seen again starts a new group', () => {
    const { groups } = feed(new Grouper(100), [row('1', 'a'), row('1', 'b'), row('2', 'a'), row('1', 'c')]);
    expect(groups.map((g) => [g.bizId, g.rows.map((r) => r.code)])).toEqual([
      ['1', ['a', 'b']],
      ['2', ['a']],
      ['1', ['c']],
    ]);
  });

  it('rejects a second row for the same value of an object, naming the first line', () => {
    line = 10;
    const { groups, duplicates } = feed(new Grouper(100), [row('1', 'a'), row('1', 'b'), row('1', 'a')]);
    expect(duplicates).toEqual([[13, 11]]);
    expect(groups[0]!.rows.map((r) => r.code)).toEqual(['a', 'b']);
  });

  it('splits a long run of one object into parts, still catching duplicates across them', () => {
    line = 20;
    const { groups, duplicates } = feed(new Grouper(2), [row('1', 'a'), row('1', 'b'), row('1', 'c'), row('1', 'a'), row('1', 'd')]);
    expect(groups.map((g) => g.rows.map((r) => r.code))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(duplicates).toEqual([[24, 21]]);
  });

  it('the same domain and bizId in another domain is another object', () => {
    const g = new Grouper(10);
    const a = row('1', 'a');
    const b = { ...row('1', 'a'), domain: 'variants' };
    expect(g.push(a)).toEqual({});
    expect(g.push(b).group?.rows).toEqual([a]);
  });
});
