// The run's journal as the gift card kind tells it (kind.ts's CardWatch): each write's
// before-image recorded (synced) before it is sent, and what each create gave. A code is a
// secret: the journal holds its last four characters only.
import type { RunJournal } from '../../runs/run-journal.js';
import type { CardWatch } from './kind.js';
import type { GiftCardEntry } from './undo.js';

export function giftCardWatch(journal: RunJournal): CardWatch {
  return {
    before: (write) =>
      journal.record([
        write.op === 'create' ? { kind: 'giftcard-create', ...withoutOp(write) } : { kind: 'giftcard-update', ...withoutOp(write) },
      ] satisfies GiftCardEntry[]),
    created: (last4, made, id, unsure) =>
      journal.record([
        { kind: 'giftcard-created', last4, made, ...(id !== undefined ? { id } : {}), ...(unsure === true ? { unsure } : {}) },
      ] satisfies GiftCardEntry[]),
  };
}

function withoutOp<W extends { op: string }>(write: W): Omit<W, 'op'> {
  const { op: _op, ...rest } = write;
  return rest;
}
