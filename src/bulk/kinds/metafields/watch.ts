// The run's journal as the metafield kind tells it (apply.ts's WriteWatch): each value's
// before-image recorded (synced) before the write that changes it is sent, and what became of
// a create that was refused whole or whose answer was lost.
import type { RunJournal } from '../../runs/run-journal.js';
import type { WriteWatch } from './apply.js';
import type { MetafieldEntry } from './undo.js';

export function metafieldWatch(journal: RunJournal): WriteWatch {
  return {
    before: (domain, bizId, values) =>
      journal.record(
        values.map(
          ({ row, held }): MetafieldEntry => ({
            kind: 'metafield',
            domain,
            bizId,
            namespace: row.namespace,
            code: row.code,
            before: held,
            after: row.value,
          }),
        ),
      ),
    cancelled: (domain, bizId, rows) =>
      journal.record(rows.map((row): MetafieldEntry => ({ kind: 'metafield-void', domain, bizId, namespace: row.namespace, code: row.code }))),
    unsure: (domain, bizId, rows) =>
      journal.record(rows.map((row): MetafieldEntry => ({ kind: 'metafield-unsure', domain, bizId, namespace: row.namespace, code: row.code }))),
  };
}
