// All or nothing's rollback: the writes of a run that did not apply every row, taken back from
// its before-image journal at once and without asking, planned as `store-cli undo` plans them
// (undo-plan.ts, by the undo of the run's kind: each key read, then restored, deleted, or
// disabled for a card the run created, as the API deletes no card; cancelled for a fulfillment). A key someone changed since the run wrote it is left alone, as
// undo leaves it without --force; a key whose write the store refuses or never answers stays
// as the run wrote it. Every key left is named, for `store-cli undo` to finish the job.
import { CancelledError } from '../../core/errors.js';
import { stripPeriod } from '../../core/words.js';
import type { BulkEnv } from '../engine/env.js';
import { openPacedApi } from '../engine/paced-api.js';
import { eachAtMost } from '../engine/store-copy.js';
import type { KindUndo } from './kind-undo.js';
import { readEntries, type RunMeta } from './run-journal.js';
import { entryChecks, keysOf, planSteps, type UndoPlan } from './undo-plan.js';

export interface Rollback {
  /** Writes that took a key back. */
  undone: number;
  /** Of those, cards the run created that were disabled (the API deletes no card). */
  disabled: number;
  /** Of those, fulfillments the run created that were cancelled (the API deletes none). */
  cancelled: number;
  /** The keys left as the run wrote them, each with why. */
  left: Array<{ key: string; why: string }>;
}

/** Takes back the writes journaled in `dir` by the undo of the run's kind (`undo`), `concurrency` at a time. */
export async function rollBack(
  dir: string,
  meta: RunMeta,
  env: Pick<BulkEnv, 'signal' | 'api' | 'clock'>,
  concurrency: number,
  undo: readonly KindUndo[],
): Promise<Rollback> {
  const entries = await readEntries(dir, entryChecks(undo));
  const everyKey = (why: string): Rollback => ({ undone: 0, disabled: 0, cancelled: 0, left: keysOf(entries, undo).map((key) => ({ key, why })) });
  if (meta.notUndoable !== undefined) return everyKey(meta.notUndoable);
  const paced = await openPacedApi(env, concurrency);
  let plan: UndoPlan;
  try {
    plan = await planSteps(dir, meta, entries, undo, { api: paced.api, force: false });
  } catch (error) {
    return everyKey(
      error instanceof CancelledError || env.signal.aborted
        ? 'interrupted before it was read again'
        : `it could not be read again (${stripPeriod(messageOf(error))})`,
    );
  }
  const outcome: Rollback = { undone: 0, disabled: 0, cancelled: 0, left: [] };
  for (const step of plan.steps) if (step.action === 'changed' || step.action === 'cannot') outcome.left.push({ key: step.key, why: step.note ?? step.action });
  const writes = plan.steps.filter((step) => step.run !== undefined);
  await eachAtMost(writes, concurrency, async (step) => {
    try {
      await step.run!();
    } catch (error) {
      outcome.left.push({ key: step.key, why: env.signal.aborted ? 'interrupted' : `the store did not take it back (${stripPeriod(messageOf(error))})` });
      return;
    }
    outcome.undone += 1;
    if (step.action === 'disable') outcome.disabled += 1;
    if (step.action === 'cancel') outcome.cancelled += 1;
  });
  return outcome;
}

/** Whether the journal in `dir` holds no write that may have reached the store (its entries read by `undo`). */
export async function wroteNothing(dir: string, undo: readonly KindUndo[]): Promise<boolean> {
  return keysOf(await readEntries(dir, entryChecks(undo)), undo).length === 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
