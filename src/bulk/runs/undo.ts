// Undo of a writing run from its journal: every key it wrote brought back to what it held
// before, each kind of import's keys by that kind's own undo (kinds/<kind>/undo.ts: a
// metafield value restored, or deleted when it was absent; a gift card's fields restored, a
// card it created disabled, as the API deletes no card; a product put back whole, or deleted
// when the run created it; a discount deleted when the run created it, its fields put back
// otherwise; a fulfillment it created cancelled, as the API deletes none). A run whose writes the API cannot take back (a discount code import of before
// issue 29) is refused before anything is read.
//
// Planned first from the store as it is now (undo-plan.ts): a key already as it was before is
// left (a re-run, or a write that never happened), a key that holds neither what the run wrote
// nor what it replaced was changed by someone else since and is left alone unless forced
// (changed-since.ts), a card or product the run created included.
// Each key undone is appended (synced) to undo.jsonl, so a re-run after a crash goes on
// where it stopped, reading every key again (one changed after that undo is left alone);
// undo.lock keeps two undos of one run apart, and a run whose import still holds its
// journal (writing.lock) is refused.
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, UsageError } from '../../core/errors.js';
import { lockHolder, OwnerLock, ownerText } from '../../core/owner-lock.js';
import { stripPeriod } from '../../core/words.js';
import type { PacedApi } from '../engine/paced-api.js';
import { EVERY_UNDO } from '../kinds/index.js';
import { entryChecks, keysOf, planSteps, PROGRESS_FILE, type UndoPlan } from './undo-plan.js';
import type { UndoAction, UndoStep } from './undo-step.js';
import { readJournal, readMeta, runDir, writeMeta, WRITING_LOCK, type JournalEntry, type RunMeta } from './run-journal.js';

export const LOCK_FILE = 'undo.lock';

export type { UndoAction, UndoStep } from './undo-step.js';
export type { UndoPlan } from './undo-plan.js';

/**
 * The run's meta and journal, or a UsageError: no such run, one the API cannot undo, one
 * whose meta.json no longer names its store, or one whose import is still writing (it holds
 * writing.lock: undoing what exists so far would leave what it writes next). The writing
 * process itself may undo its own run (a rollback). `unreadable`: lines of the journal that
 * hold no entry (damaged), whose keys cannot be undone.
 */
export async function loadRun(dataDir: string, runId: string): Promise<{ dir: string; meta: RunMeta; entries: JournalEntry[]; unreadable: number[] }> {
  const dir = runDir(dataDir, runId);
  const meta = await readMeta(dir);
  if (meta === undefined || meta.runId !== runId)
    throw new UsageError(`No run ${runId} is kept in ${join(dataDir, 'runs')}: \`store-cli runs\` lists the runs kept (30 days).`);
  if (meta.notUndoable !== undefined) {
    throw new UsageError(
      `Run ${runId} (${meta.command} ${meta.file}) cannot be undone: ${meta.notUndoable}. ` +
        `What it added is listed in ${join(dir, 'before.jsonl')}; nothing was sent.`,
    );
  }
  if (meta.damaged?.includes('store')) {
    throw new UsageError(
      `Run ${runId}'s ${join(dir, 'meta.json')} is incomplete: it does not say which store the run wrote to, so it cannot be undone; nothing was sent.`,
    );
  }
  const writing = lockHolder(join(dir, WRITING_LOCK));
  if (writing?.verdict === 'live') {
    throw new UsageError(
      `Run ${runId} is still writing: its import (${ownerText(writing.owner)}) holds its journal; undo it once that import has ended. Nothing was sent.`,
    );
  }
  return { dir, meta, ...(await readJournal(dir, entryChecks(EVERY_UNDO))) };
}

/**
 * Plans the undo of the run in `dir`, reading what each key holds now (a key an earlier undo
 * put back too: see afterEarlierUndo). `unreadable`: lines of the journal that hold no entry,
 * each a key that cannot be undone.
 */
export async function planUndo(
  dir: string,
  meta: RunMeta,
  entries: readonly JournalEntry[],
  paced: PacedApi,
  force: boolean,
  unreadable: readonly number[] = [],
): Promise<UndoPlan> {
  return planSteps(dir, meta, entries, EVERY_UNDO, { api: paced.api, force, unreadable });
}

/** Every key the journal's writes may have changed, named as `store-cli undo` names them. */
export function keysWritten(entries: readonly JournalEntry[]): string[] {
  return keysOf(entries, EVERY_UNDO);
}

export interface UndoCounts {
  restored: number;
  deleted: number;
  disabled: number;
  cancelled: number;
  asBefore: number;
  leftAlone: number;
  failed: number;
}

/** How many steps do what: the plan's, before it runs. */
export function countSteps(steps: readonly UndoStep[]): Record<UndoAction, number> {
  const counts: Record<UndoAction, number> = { restore: 0, delete: 0, disable: 0, cancel: 0, 'as-before': 0, changed: 0, cannot: 0, done: 0 };
  for (const step of steps) counts[step.action] += 1;
  return counts;
}

/**
 * Runs the plan's writes, `concurrency` at a time (paced by the api's governor), each key
 * appended to the progress file once its write is answered; a key the store refuses is
 * reported and the rest go on. Marks the run undone when every key is.
 */
export async function runUndo(dir: string, plan: UndoPlan, concurrency: number, signal: AbortSignal, say: (line: string) => void): Promise<UndoCounts> {
  const counts: UndoCounts = { restored: 0, deleted: 0, disabled: 0, cancelled: 0, asBefore: 0, leftAlone: 0, failed: 0 };
  const progress = await open(join(dir, PROGRESS_FILE), 'a', 0o600);
  let queue: Promise<void> = Promise.resolve();
  const markDone = (key: string, action: string) => {
    queue = queue.then(async () => {
      await progress.write(`${JSON.stringify({ key, action })}\n`);
      await progress.datasync();
    });
    return queue;
  };
  try {
    const writes = plan.steps.filter((step) => step.run !== undefined);
    for (const step of plan.steps) {
      if (step.action === 'as-before' || step.action === 'done') counts.asBefore += 1;
      if (step.action === 'changed' || step.action === 'cannot') counts.leftAlone += 1;
    }
    let next = 0;
    const worker = async () => {
      while (next < writes.length && !signal.aborted) {
        const step = writes[next++]!;
        try {
          await step.run!();
        } catch (error) {
          if (!(error instanceof ApiError) || error.status === 401 || error.status === 403 || error.status === 429 || error.status >= 500) throw error;
          counts.failed += 1;
          say(`${step.key}: the store refused the undo: ${stripPeriod(error.message)}.`);
          continue;
        }
        if (step.action === 'restore') counts.restored += 1;
        else if (step.action === 'delete') counts.deleted += 1;
        else if (step.action === 'cancel') counts.cancelled += 1;
        else counts.disabled += 1;
        await markDone(step.key, step.action);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, writes.length)) }, worker));
    await queue;
  } finally {
    await progress.close();
  }
  await recordUndo(dir, plan.meta, counts, signal.aborted);
  return counts;
}

/**
 * Writes how the undo ended into the run's meta.json (for `store-cli runs`): complete when
 * every key is as before the run (then `undone` too); an interrupted undo is not complete.
 */
export async function recordUndo(dir: string, meta: RunMeta, counts: Pick<UndoCounts, 'leftAlone' | 'failed'>, interrupted = false): Promise<RunMeta> {
  const at = new Date().toISOString();
  const complete = !interrupted && counts.leftAlone === 0 && counts.failed === 0;
  const recorded: RunMeta = { ...meta, undo: { at, complete, leftAlone: counts.leftAlone, failed: counts.failed }, ...(complete ? { undone: at } : {}) };
  await writeMeta(dir, recorded);
  return recorded;
}

/**
 * Takes the run's undo lock (undo.lock: this process, its start time and place; see
 * core/owner-lock.ts): a second undo of the run is refused while the first lives, and the
 * lock of one that is gone (killed) is taken over. Returns its release.
 */
export async function lockRun(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const lock = await OwnerLock.take(path, 'an undo of this run', {
    refuse: (owner, verdict) =>
      verdict === 'self'
        ? new UsageError('This process is undoing the run already.')
        : new UsageError(`Another undo of this run is under way (${ownerText(owner)}); wait for it, or remove ${path} if that process is not store-cli.`),
  });
  return async () => lock.release();
}
