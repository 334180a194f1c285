// The run's journal as the discount kind tells it (kind.ts's DiscountWatch): each create,
// change and added code recorded (synced) before it is sent, and what each create gave.
import type { RunJournal } from '../../runs/run-journal.js';
import type { DiscountWatch } from './kind.js';
import type { DiscountEntry } from './undo.js';

export function discountWatch(journal: RunJournal): DiscountWatch {
  return {
    beforeCreate: (key, sent) => journal.record([{ kind: 'discount-create', key, sent }] satisfies DiscountEntry[]),
    created: (key, made, id) => journal.record([{ kind: 'discount-created', key, made, ...(id !== undefined ? { id } : {}) }] satisfies DiscountEntry[]),
    beforeUpdate: (id, key, before, sent) => journal.record([{ kind: 'discount-update', id, key, before, sent }] satisfies DiscountEntry[]),
    beforeAddCode: (discountId, line, code) =>
      journal.record([{ kind: 'discount-code-create', discountId, line, ...(code !== undefined ? { code } : {}) }] satisfies DiscountEntry[]),
  };
}
