// `runs`: the writing imports whose journals are kept for undo (30 days), newest first, read
// from the data directory, with their counts and how their last undo ended; a run whose
// meta.json is damaged is listed with what it still says.
import type { RunMeta, UndoRecord } from '../../bulk/runs/run-journal.js';
import { dateOf, listView } from '../../core/view.js';
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
  /** How its last undo ended (null: never undone). */
  undone: UndoRecord | null;
  /** False for a run whose writes the API cannot take back (a discount code import of before issue 29). */
  undoable: boolean;
  /** An all-or-nothing run whose own rollback could not finish: its writes wait for `store-cli undo`. */
  needsUndo: boolean;
}

/** The one field list: --json's fields, the table's and TSV's columns, in this order. */
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

function undoneText(undo: UndoRecord | null): string {
  if (undo === null) return '';
  if (undo.complete) return undo.at;
  const left = undo.leftAlone + undo.failed;
  return `partly ${undo.at} (${left} ${left === 1 ? 'key' : 'keys'} not as before)`;
}

const VIEW = listView<(typeof RUN_FIELDS)[number], RunRow>(
  {
    runId: { header: 'RUN ID', value: (r) => r.runId },
    command: { header: 'COMMAND', value: (r) => r.command },
    file: { header: 'FILE', value: (r) => r.file, shrinkable: true, keepEnd: true },
    store: { header: 'STORE', value: (r) => r.store, shrinkable: true },
    started: { header: 'STARTED', value: (r) => r.started, narrow: dateOf },
    rows: { header: 'ROWS', value: (r) => count(r.rows) },
    created: { header: 'CREATED', value: (r) => count(r.created) },
    updated: { header: 'UPDATED', value: (r) => count(r.updated) },
    unchanged: { header: 'UNCHANGED', value: (r) => count(r.unchanged) },
    failed: { header: 'FAILED', value: (r) => count(r.failed) },
    undone: { header: 'UNDONE', value: (r) => (r.undone === null && r.needsUndo ? 'needs undo' : undoneText(r.undone)), shrinkable: true },
    undoable: { header: 'UNDOABLE', value: (r) => (r.undoable ? 'yes' : 'no') },
    needsUndo: { header: 'NEEDS UNDO', value: (r) => (r.needsUndo ? 'yes' : 'no') },
  },
  RUN_FIELDS,
  // At 80 columns: the run id (which holds its start), the command, the file's name, rows, failures and undos.
  ['needsUndo', 'store', 'started', 'undoable', 'unchanged', 'updated', 'created'],
);

export function storeName(store: RunMeta['store']): string {
  if (store.profile === '') return 'not known (its meta.json is incomplete)';
  if (store.sandbox) return `sandbox (profile ${store.profile})`;
  return store.baseUrl ? `${store.baseUrl} (profile ${store.profile})` : `profile ${store.profile}`;
}

export default defineVerb({
  mutates: false,
  summary: 'List the recent writing imports and applied MCP plans kept for undo (30 days): run id, command, file, store, counts',
  json: {
    fields: RUN_FIELDS,
    list: true,
    what:
      `an array of {${RUN_FIELDS.map((f) => `"${f}"`).join(', ')}}, ` +
      `newest first (counts null for a run that did not finish; undone null, or {"at", "complete", "leftAlone", "failed"} of its last undo)`,
    columns: RUN_FIELDS,
  },
  examples: ['store-cli runs', 'store-cli runs --json | jq -r ".[0].runId"'],
  notes: `
Every metafield, giftcard, product and discount import that writes (not --dry-run) keeps
  a journal of what each key held before it was written, under the data directory
  (runs/RUN-ID), and prints its run id; \`store-cli undo RUN-ID\` puts the keys back. So
  does every plan an MCP server applied (FILE: its plan id; docs/agents.md).
  Journals older than 30 days are removed when a writing import starts. Newest first.
UNDONE: when the last undo of the run ended, with every key as before the run; "partly"
  when it left keys alone (changed since, or refused) or was stopped, and how many; "needs
  undo" for an --all-or-nothing run whose own rollback could not finish. In --json, undone
  is null or {"at", "complete", "leftAlone", "failed"}.
UNDOABLE: no for a discount code import kept from an earlier version (the API deletes no
  discount code). NEEDS UNDO: yes for an --all-or-nothing run whose rollback could not finish.
A run whose meta.json is damaged is listed with what it still says.
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
        undone: meta.undo ?? (meta.undone !== undefined ? { at: meta.undone, complete: true, leftAlone: 0, failed: 0 } : null),
        undoable: meta.notUndoable === undefined,
        needsUndo: meta.needsUndo !== undefined && meta.undo?.complete !== true && meta.undone === undefined,
      });
    }
    await out.list([rows], VIEW, 'No runs are kept: a writing import (metafield, giftcard, product, discount) keeps one.');
  },
});
