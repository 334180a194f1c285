// The run's journal as the customer kind tells it (kind.ts's CustomerWatch): each create and
// change recorded (synced) before it is sent, and what each create gave.
import type { RunJournal } from '../../runs/run-journal.js';
import type { CustomerWatch } from './kind.js';
import type { CustomerEntry } from './undo.js';

export function customerWatch(journal: RunJournal): CustomerWatch {
  return {
    beforeCreate: (key, sent) => journal.record([{ kind: 'customer-create', key, sent }] satisfies CustomerEntry[]),
    created: (key, made, id) => journal.record([{ kind: 'customer-created', key, made, ...(id !== undefined ? { id } : {}) }] satisfies CustomerEntry[]),
    beforeUpdate: (id, key, before, sent) => journal.record([{ kind: 'customer-update', id, key, before, sent }] satisfies CustomerEntry[]),
  };
}
