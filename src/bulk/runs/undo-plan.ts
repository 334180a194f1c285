// The plan of an undo, whatever kinds of import wrote the journal: each entry handed to the
// kind that writes it (its `undo` member, runs/kind-undo.ts), which plans its keys from what
// the store holds now; a key an earlier undo of the run put back (undo.jsonl) is read again
// like any other (afterEarlierUndo); a line of the journal that holds no entry is a key that
// cannot be undone. `store-cli undo` (undo.ts) and all or nothing's rollback (rollback.ts)
// plan alike.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Api } from '../../api/index.js';
import { entriesOf, type KindUndo } from './kind-undo.js';
import type { EntryCheck, JournalEntry, RunMeta } from './run-journal.js';
import { afterEarlierUndo, type UndoStep } from './undo-step.js';

export const PROGRESS_FILE = 'undo.jsonl';

export interface UndoPlan {
  meta: RunMeta;
  steps: UndoStep[];
}

/** How a damaged line of the journal is named among the keys. */
const BEFORE_LINE = 'before.jsonl line';

/**
 * Plans the undo of the run in `dir`, reading what each key holds now, kind by kind in the
 * order of `kinds`. `unreadable`: lines of the journal that hold no entry, each a key that
 * cannot be undone.
 */
export async function planSteps(
  dir: string,
  meta: RunMeta,
  entries: readonly JournalEntry[],
  kinds: readonly KindUndo[],
  options: { api: Api; force: boolean; unreadable?: readonly number[] },
): Promise<UndoPlan> {
  const done = await doneKeys(dir);
  const deleted = new Set(kinds.flatMap((kind) => kind.deletes?.(entriesOf(kind, entries)) ?? []).map((object) => `${object.domain}\u0000${object.bizId}`));
  const on = {
    api: options.api,
    force: options.force,
    started: meta.started,
    deleted: (domain: string, bizId: string) => deleted.has(`${domain}\u0000${bizId}`),
  };
  const steps: UndoStep[] = [];
  for (const kind of kinds) {
    const own = entriesOf(kind, entries);
    if (own.length > 0) steps.push(...(await kind.plan(own, on)).map((step) => afterEarlierUndo(step, done, options.force)));
  }
  for (const line of options.unreadable ?? []) {
    steps.push({
      key: `${BEFORE_LINE} ${line}`,
      action: 'cannot',
      note: 'the line is damaged (no before-image can be read from it), so what it wrote is not known',
    });
  }
  return { meta, steps };
}

/** Every key the journal's writes may have changed, named as `store-cli undo` names them. */
export function keysOf(entries: readonly JournalEntry[], kinds: readonly KindUndo[]): string[] {
  return kinds.flatMap((kind) => kind.keys(entriesOf(kind, entries)));
}

/** The entries `kinds` write, by their kind, each with its check (the journal read as undo trusts it). */
export function entryChecks(kinds: readonly KindUndo[]): Record<string, EntryCheck> {
  return Object.assign({}, ...kinds.map((kind) => kind.entries)) as Record<string, EntryCheck>;
}

/** The keys an earlier undo of this run finished. */
async function doneKeys(dir: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(join(dir, PROGRESS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const done = new Set<string>();
  for (const line of text.split('\n')) {
    try {
      done.add((JSON.parse(line) as { key: string }).key);
    } catch {
      // A line cut by a crash: that key is planned again (and found as before).
    }
  }
  return done;
}
