import type { RunMeta } from '../../bulk/runs/run-journal.js';
import { listView } from '../../core/view.js';
import { defineVerb } from '../verb.js';

/** One kept run as `runs` shows it. */
interface RunRow {
  runId: string;
  command: string;
  file: string;
  store: string;
  started: string;
  rows: number | null;
  created: number | null;
  updated: number | null;
  unchanged: number | null;
  failed: number | null;
  undone: string | null;
  /** False for a run whose writes the API cannot take back (a discount code import of before issue 29). */
  undoable: boolean;
  /** An all-or-nothing run whose own rollback could not finish: its writes wait for `store-cli undo`. */
  needsUndo: boolean;
}

const RUN_FIELDS = [
  'runId',
  'command',
  'file',
  'store',
  'started',
  'rows',
  'created',
  'updated',
  'unchanged',
  'failed',
  'undone',
  'undoable',
  'needsUndo',
] as const satisfies readonly (keyof RunRow)[];

const count = (value: number | null) => (value === null ? '' : String(value));

const VIEW = listView<'runId' | 'command' | 'file' | 'store' | 'rows' | 'created' | 'updated' | 'unchanged' | 'failed' | 'undone', RunRow>(
  {
    runId: { header: 'RUN ID', value: (r) => r.runId },
    command: { header: 'COMMAND', value: (r) => r.command },
    file: { header: 'FILE', value: (r) => r.file, shrinkable: true },
    store: { header: 'STORE', value: (r) => r.store, shrinkable: true },
    rows: { header: 'ROWS', value: (r) => count(r.rows) },
    created: { header: 'CREATED', value: (r) => count(r.created) },
    updated: { header: 'UPDATED', value: (r) => count(r.updated) },
    unchanged: { header: 'UNCHANGED', value: (r) => count(r.unchanged) },
    failed: { header: 'FAILED', value: (r) => count(r.failed) },
    undone: { header: 'UNDONE', value: (r) => r.undone ?? (!r.undoable ? 'not undoable' : r.needsUndo ? 'needs undo' : '') },
  },
  ['runId', 'command', 'file', 'store', 'rows', 'created', 'updated', 'unchanged', 'failed', 'undone'],
  ['store', 'unchanged', 'file'],
);

export function storeName(store: RunMeta['store']): string {
  if (store.sandbox) return `sandbox (profile ${store.profile})`;
  return store.baseUrl ? `${store.baseUrl} (profile ${store.profile})` : `profile ${store.profile}`;
}

export default defineVerb({
  summary: 'List the recent writing imports kept for undo (30 days): run id, command, file, store, counts',
  json: { fields: RUN_FIELDS, list: true, what: `an array of {${RUN_FIELDS.map((f) => `"${f}"`).join(', ')}}, newest first (counts null for a run that did not finish)`, columns: RUN_FIELDS },
  examples: ['store-cli runs', 'store-cli runs --json | jq -r ".[0].runId"'],
  notes: `
Every metafield, giftcard, product and discount import that writes (not --dry-run) keeps
  a journal of what each key held before it was written, under the data directory
  (runs/RUN-ID), and prints its run id; \`store-cli undo RUN-ID\` puts the keys back.
  Journals older than 30 days are removed when a writing import starts. Newest first;
  UNDONE: when an undo of the run finished, "not undoable" for a discount code import kept
  from an earlier version (the API deletes no discount code; undoable: false in --json), or
  "needs undo" for an --all-or-nothing run whose own rollback could not finish (needsUndo:
  true in --json).
`,
  async run(_options, ctx) {
    const out = await ctx.output();
    const { readMeta, runDir, runIds } = await import('../../bulk/runs/run-journal.js');
    const dataDir = await ctx.dataDir();
    const rows: RunRow[] = [];
    for (const runId of await runIds(dataDir)) {
      const meta = await readMeta(runDir(dataDir, runId));
      if (meta === undefined) continue;
      const c = meta.counts;
      rows.push({
        runId,
        command: meta.command,
        file: meta.file,
        store: storeName(meta.store),
        started: meta.started,
        rows: c?.rows ?? null,
        created: c?.created ?? null,
        updated: c?.updated ?? null,
        unchanged: c?.unchanged ?? null,
        failed: c?.failed ?? null,
        undone: meta.undone ?? null,
        undoable: meta.notUndoable === undefined,
        needsUndo: meta.needsUndo !== undefined && meta.undone === undefined,
      });
    }
    await out.list([rows], VIEW, 'No runs are kept: a writing import (metafield, giftcard, product, discount) keeps one.');
  },
});
