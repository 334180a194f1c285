// All or nothing's rollback: the writes of a run that did not apply every row, taken back from
// its before-image journal at once and without asking, planned as `store-cli undo` plans them
// (undo.ts: each key read, then restored, deleted, or disabled for a card the run created, as
// the API deletes no card). A key someone changed since the run wrote it is left alone, as
// undo leaves it without --force; a key whose write the store refuses or never answers stays
// as the run wrote it. Every key left is named, for `store-cli undo` to finish the job.
import { CancelledError } from '../../core/errors.js';
import { stripPeriod } from '../../core/words.js';
import { maskedCode } from '../kinds/gift-cards/kind.js';
import { valueKey } from '../kinds/metafields/kind.js';
import type { BulkEnv } from '../engine/env.js';
import { openPacedApi } from '../engine/paced-api.js';
import { eachAtMost } from '../engine/store-copy.js';
import { productKey } from '../kinds/products/undo.js';
import { readEntries, type JournalEntry, type RunMeta } from './run-journal.js';
import { discountKeys } from '../kinds/discounts/undo.js';
import { planUndo, targetsOf, type UndoPlan } from './undo.js';

export interface Rollback {
  /** Writes that took a key back. */
  undone: number;
  /** Of those, cards the run created that were disabled (the API deletes no card). */
  disabled: number;
  /** The keys left as the run wrote them, each with why. */
  left: Array<{ key: string; why: string }>;
}

/** Takes back the writes journaled in `dir`, `concurrency` at a time. */
export async function rollBack(dir: string, meta: RunMeta, env: Pick<BulkEnv, 'signal' | 'api' | 'clock'>, concurrency: number): Promise<Rollback> {
  const entries = await readEntries(dir);
  const everyKey = (why: string): Rollback => ({ undone: 0, disabled: 0, left: keysWritten(entries).map((key) => ({ key, why })) });
  if (meta.notUndoable !== undefined) return everyKey(meta.notUndoable);
  const paced = await openPacedApi(env, concurrency);
  let plan: UndoPlan;
  try {
    plan = await planUndo(dir, meta, entries, paced, false);
  } catch (error) {
    return everyKey(error instanceof CancelledError || env.signal.aborted ? 'interrupted before it was read again' : `it could not be read again (${stripPeriod(messageOf(error))})`);
  }
  const outcome: Rollback = { undone: 0, disabled: 0, left: [] };
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
  });
  return outcome;
}

/** Whether the journal in `dir` holds no write that may have reached the store. */
export async function wroteNothing(dir: string): Promise<boolean> {
  return keysWritten(await readEntries(dir)).length === 0;
}

/** Every key the journal's writes may have changed, named as `store-cli undo` names them. */
export function keysWritten(entries: readonly JournalEntry[]): string[] {
  const { values, created, updated, products, discounts } = targetsOf(entries);
  const card = (last4: string, id: string | undefined) => (id !== undefined ? `${maskedCode(`____${last4}`)} ${id}` : maskedCode(`____${last4}`));
  return [
    ...values.map((value) => valueKey(value.domain, value.bizId, value.namespace, value.code)),
    ...[...products.updated, ...products.created].map(productKey),
    ...created.map((made) => card(made.last4, made.id)),
    ...updated.map((changed) => card(changed.last4, changed.id)),
    ...discountKeys(discounts),
  ];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
