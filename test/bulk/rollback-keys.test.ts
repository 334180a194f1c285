// The keys a run's journal may have changed (undo.ts keysWritten): what an all-or-nothing
// rollback that cannot finish names, and what tells a run that wrote nothing (no journal kept).
// A discount create whose answer was lost may have landed, so it counts.
import { describe, expect, it } from 'vitest';
import { keysWritten } from '../../src/bulk/runs/undo.js';
import type { JournalEntry } from '../../src/bulk/runs/run-journal.js';

describe('keysWritten', () => {
  it('names the discounts a run created (by code, or title), changed, and the codes it added', () => {
    const entries: JournalEntry[] = [
      { kind: 'discount-create', key: 'newone01', sent: { codes: ['NEWONE01'], title: 'New one' } },
      { kind: 'discount-created', key: 'newone01', made: true, id: '7000000000000000001' },
      // Its answer lost: it may be on the store.
      { kind: 'discount-create', key: 'title:spring', sent: { title: 'Spring' } },
      { kind: 'discount-update', id: '6100000000000000013', key: 'summer15', before: { value: '15' } as never, sent: { value: '20' } },
      { kind: 'discount-code-create', discountId: '6100000000000000021', code: 'EXTRA-1', line: 4 },
    ];
    expect(keysWritten(entries)).toEqual([
      'discount NEWONE01',
      'discount "Spring"',
      'discount 6100000000000000013',
      'discount 6100000000000000021 code EXTRA-1',
    ]);
  });

  it('is empty for a journal of creates the store said it did not make', () => {
    const entries: JournalEntry[] = [
      { kind: 'discount-create', key: 'x', sent: { codes: ['X1234567'] } },
      { kind: 'discount-created', key: 'x', made: false },
    ];
    expect(keysWritten(entries)).toEqual([]);
  });
});
