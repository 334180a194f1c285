import { describe, expect, it } from 'vitest';
import { JournaledCreates, keyedTargets, keyedWriteChecks, type KeyedWriteEntry } from '../../src/bulk/runs/journaled-creates.js';

interface Made {
  key: string;
  n: number;
  unsure: boolean;
  id?: string;
}

describe('JournaledCreates (the creates every kind undo reads from its journal)', () => {
  it('matches each answer with the earliest waiting create of its key: made ones kept with their id, refused ones dropped, unanswered ones unsure', () => {
    const creates = new JournaledCreates<Made>();
    creates.sent('a', { key: 'a', n: 1, unsure: true });
    creates.sent('a', { key: 'a', n: 2, unsure: true });
    creates.sent('b', { key: 'b', n: 3, unsure: true });
    creates.sent('c', { key: 'c', n: 4, unsure: true });
    creates.answer('b', true, { id: '30' });
    creates.answer('a', false, {});
    creates.answer('a', true, { id: '20' });
    // An answer without a create before it (a cut journal) is of nothing.
    creates.answer('z', true, { id: '99' });
    expect(creates.all()).toEqual([
      { key: 'b', n: 3, unsure: false, id: '30' },
      { key: 'a', n: 2, unsure: false, id: '20' },
      { key: 'c', n: 4, unsure: true },
    ]);
  });
});

describe('keyedWriteChecks (the customer and discount entries undo trusts)', () => {
  it('trusts an entry only with its key, and what it sent or answered', () => {
    const checks = keyedWriteChecks('customer');
    expect(Object.keys(checks)).toEqual(['customer-create', 'customer-created', 'customer-update']);
    expect(checks['customer-create']!({ kind: 'customer-create', key: 'email:a@b.c', sent: {} })).toBe(true);
    expect(checks['customer-create']!({ kind: 'customer-create', key: 'email:a@b.c', sent: 'x' })).toBe(false);
    expect(checks['customer-created']!({ kind: 'customer-created', key: 'email:a@b.c', made: 'yes' })).toBe(false);
    expect(checks['customer-update']!({ kind: 'customer-update', key: 'k', before: {}, sent: {} })).toBe(false);
    expect(checks['customer-update']!({ kind: 'customer-update', id: '1', key: 'k', before: {}, sent: {} })).toBe(true);
  });
});

describe("keyedTargets (a keyed kind's entries, as customer and discount undo fold them)", () => {
  type Fields = Record<string, string>;
  const entries: Array<KeyedWriteEntry<'customer', Fields, Fields>> = [
    { kind: 'customer-create', key: 'email:a@b.c', sent: { email: 'a@b.c' } },
    { kind: 'customer-create', key: 'email:d@e.f', sent: { email: 'd@e.f' } },
    { kind: 'customer-created', key: 'email:a@b.c', made: true, id: '11' },
    { kind: 'customer-update', id: '7', key: 'email:g@h.i', before: { note: 'old' }, sent: { note: 'new' } },
    { kind: 'customer-update', id: '7', key: 'email:g@h.i', before: { note: 'new', tags: 'a' }, sent: { note: 'newer', tags: 'b' } },
  ];

  it('keeps every create (answered with its id, or unsure) and one target an object changed, with every write sent it', () => {
    const { created, updated } = keyedTargets(entries, (earlier, later) => ({ ...later, ...earlier }));
    expect(created).toEqual([
      { key: 'email:a@b.c', sent: { email: 'a@b.c' }, unsure: false, id: '11' },
      { key: 'email:d@e.f', sent: { email: 'd@e.f' }, unsure: true },
    ]);
    expect(updated).toEqual([{ id: '7', before: { note: 'old', tags: 'a' }, sent: { note: 'newer', tags: 'b' } }]);
  });

  it('joins the before-images as the kind says', () => {
    const { updated } = keyedTargets(entries, (earlier) => earlier);
    expect(updated[0]?.before).toEqual({ note: 'old' });
  });
});
