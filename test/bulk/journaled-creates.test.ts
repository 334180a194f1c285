import { describe, expect, it } from 'vitest';
import { JournaledCreates, keyedWriteChecks } from '../../src/bulk/runs/journaled-creates.js';

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
