// The journal as the row kinds hear of it: each metafield or gift card write turned into
// before-images, recorded (synced) before the write is sent.
import type { WriteWatch } from '../apply.js';
import type { CardWatch } from '../gift-card-kind.js';
import type { RunJournal } from './run-journal.js';

export function metafieldWatch(journal: RunJournal): WriteWatch {
  return {
    before: (domain, bizId, values) => journal.record(values.map(({ row, held }) => ({ kind: 'metafield', domain, bizId, namespace: row.namespace, code: row.code, before: held, after: row.value }))),
    cancelled: (domain, bizId, rows) => journal.record(rows.map((row) => ({ kind: 'metafield-void', domain, bizId, namespace: row.namespace, code: row.code }))),
  };
}

export function giftCardWatch(journal: RunJournal): CardWatch {
  return {
    before: (write) => journal.record([write.op === 'create' ? { kind: 'giftcard-create', ...withoutOp(write) } : { kind: 'giftcard-update', ...withoutOp(write) }]),
    created: (last4, made, id) => journal.record([{ kind: 'giftcard-created', last4, made, ...(id !== undefined ? { id } : {}) }]),
  };
}

function withoutOp<W extends { op: string }>(write: W): Omit<W, 'op'> {
  const { op: _op, ...rest } = write;
  return rest;
}
