// One key of an undo's plan: what undo does with it, and the write that does it (each kind's
// undo plans its own keys, kinds/<kind>/undo.ts; undo.ts runs them).

/** What undo does with one key. */
export type UndoAction =
  /** Put back the value it held (a card's fields, a whole product). */
  | 'restore'
  /** Remove the value or product the run created. */
  | 'delete'
  /** Disable the card the run created (the API deletes no card). */
  | 'disable'
  /** Cancel the fulfillment the run created (the API deletes none): its lines are left to ship again. */
  | 'cancel'
  /** Already as before the run: nothing to do. */
  | 'as-before'
  /** Changed by someone else since the run: left alone (without --force). */
  | 'changed'
  /** Cannot be undone through the API (said why). */
  | 'cannot'
  /** Undone by an earlier undo of this run (undo.jsonl). */
  | 'done';

export interface UndoStep {
  key: string;
  action: UndoAction;
  /** Why, for the actions that leave a key as it is. */
  note?: string;
  /** Runs the write. */
  run?: () => Promise<unknown>;
}

/**
 * A key an earlier undo of the run put back (undo.jsonl) is read again like any other: still
 * as before the run, it is `done`; otherwise someone changed it after that undo, and it is
 * left alone (`changed`) unless forced, never counted as already as before.
 */
export function afterEarlierUndo(step: UndoStep, done: ReadonlySet<string>, force: boolean): UndoStep {
  if (!done.has(step.key)) return step;
  if (step.action === 'as-before') return { key: step.key, action: 'done', ...(step.note !== undefined ? { note: step.note } : {}) };
  if (force || step.action === 'cannot') return step;
  return { key: step.key, action: 'changed', note: 'changed since an earlier undo of the run put it back' };
}
