// Applies one group of rows to its business object, idempotently and with as few
// requests as the store allows: create in batches, and read and compare only where the
// object already holds values (a 409), or read first when recent objects did.
import { MAX_BATCH } from '../../../api/metafields/requests.js';
import { MetafieldWriteError, type Refusal } from '../../../api/metafields/write-error.js';
import type { Metafield, MetafieldInput } from '../../../api/metafields/schema.js';
import { ApiError } from '../../../core/errors.js';
import type { Outcome } from '../../engine/row-kind.js';
import { stripPeriod } from '../../../core/words.js';
import type { ObjectGroup } from './group.js';
import { chunk, fieldKey, planChanges, toInput } from './plan.js';
import type { Row } from './rows.js';
import type { Approach } from './strategy.js';

/**
 * What the import needs of the store: MetafieldsApi, or a fake in unit tests. createBatch
 * and update refuse with a MetafieldWriteError, naming the values at fault by index.
 */
export interface MetafieldStore {
  list(domain: string, bizId: string): Promise<Metafield[]>;
  createBatch(domain: string, bizId: string, values: MetafieldInput[]): Promise<unknown>;
  update(domain: string, bizId: string, value: MetafieldInput): Promise<unknown>;
}

export type { Outcome };

/** Told once per row, as soon as the row's fate is known (in a dry run: what would happen). */
export type Settle = (row: Row, outcome: Outcome) => void;

/**
 * Told before each write is sent (and awaited: the run's journal makes it last first), with
 * what each value held: its text, or null when absent. `cancelled` after a write the store
 * refused (a 4xx: nothing of it was written), before anything is sent again. `unsure` after a
 * create sent without reading the object first whose answer was lost, and which the store
 * then refused as existing: the lost attempt may have made the values, or they were there
 * before the run.
 */
export interface WriteWatch {
  before(domain: string, bizId: string, values: ReadonlyArray<{ row: Row; held: string | null }>): Promise<void>;
  cancelled(domain: string, bizId: string, rows: readonly Row[]): Promise<void>;
  unsure?(domain: string, bizId: string, rows: readonly Row[]): Promise<void>;
}

/** Body size a create request stays under; a store that takes less answers 413 and gets halves. */
const MAX_BATCH_BYTES = 512 * 1024;
/** Reads of one object before giving up on values that change under the import. */
const MAX_ROUNDS = 3;

const KEPT_CHANGING = 'the value kept changing on the store while it was being written; a re-run applies it';

const CREATED: Outcome = { kind: 'created' };
const UNCHANGED: Outcome = { kind: 'unchanged' };

/**
 * Settles every row of the group, or throws what stopped it (the store unreachable or
 * failing, the token refused, an interruption): rows not settled then are the caller's.
 * Returns whether the object already held any of the group's values.
 */
export async function applyGroup(
  group: ObjectGroup,
  store: MetafieldStore,
  approach: Approach,
  dryRun: boolean,
  settle: Settle,
  watch?: WriteWatch,
): Promise<{ held: boolean }> {
  const { domain, bizId } = group;
  /** What each value held when last read (by fieldKey): an update's before. */
  const held = new Map<string, string>();
  const updated = (row: Row): Outcome => {
    const before = held.get(fieldKey(row.namespace, row.code));
    return { kind: 'updated', ...(before !== undefined ? { before } : {}) };
  };
  const reject = (row: Row, reason: string) => settle(row, { kind: 'rejected', reason });
  let pending: Row[] = group.rows;
  let holds = false;
  // Rows (by line) whose create this run made though its answer was lost (the object read
  // just before held none of them; sent again, the store said they exist): created, once read equal.
  const madeUnanswered = new Set<number>();

  if (approach === 'create-first' && !dryRun) {
    pending = await createAll(pending, false);
    if (pending.length === 0) return { held: false };
    holds = true;
  }

  for (let round = 1; ; round++) {
    const current = await store.list(domain, bizId);
    for (const value of current) held.set(fieldKey(value.namespace, value.code), value.value);
    const plan = planChanges(pending, current);
    holds ||= plan.update.length + plan.unchanged.length > 0;
    for (const row of plan.unchanged) settle(row, madeUnanswered.has(row.line) ? CREATED : UNCHANGED);
    for (const { row, reason } of plan.invalid) reject(row, reason);
    if (dryRun) {
      for (const row of plan.create) settle(row, CREATED);
      for (const row of plan.update) settle(row, updated(row));
      return { held: holds };
    }
    // Values created since the read (by someone else) come back from createAll: read again.
    const [leftover] = await allSettled([createAll(plan.create, true), allSettled(plan.update.map(updateOne))]);
    if (leftover.length === 0) return { held: holds };
    if (round === MAX_ROUNDS) {
      for (const row of leftover) reject(row, KEPT_CHANGING);
      return { held: holds };
    }
    pending = leftover;
  }

  /**
   * Creates the rows in batches; returns the rows that met values already there (409), to read
   * and compare. `read`: the object was read just before, and held none of these values.
   */
  async function createAll(rows: Row[], read: boolean): Promise<Row[]> {
    const chunks = chunk(rows, MAX_BATCH, MAX_BATCH_BYTES);
    for (const [index, part] of chunks.entries()) {
      const conflicted = await createChunk(part, read);
      // The object holds some of these already: the rest are read and compared in one go.
      if (conflicted.length > 0) return [...conflicted, ...chunks.slice(index + 1).flat()];
    }
    return [];
  }

  /** One create request (more if the store refuses single values); returns the rows of a 409. */
  async function createChunk(rows: Row[], read: boolean): Promise<Row[]> {
    let rest = rows;
    while (rest.length > 0) {
      await watch?.before(
        domain,
        bizId,
        rest.map((row) => ({ row, held: null })),
      );
      try {
        await store.createBatch(domain, bizId, rest.map(toInput));
        for (const row of rest) settle(row, CREATED);
        return [];
      } catch (error) {
        if (!isRowLevel(error)) throw error;
        if (error.status === 409 && error.mayHaveApplied) {
          // Sent again after a lost answer, and refused as existing: the lost attempt may have
          // made them. Read just before, they were absent: this run made them, and their
          // before-images stand. Not read: whether they were there before cannot be told.
          if (read) for (const row of rest) madeUnanswered.add(row.line);
          else await (watch?.unsure ?? watch?.cancelled)?.(domain, bizId, rest);
          return rest;
        }
        // A refusal writes nothing (the store creates all or nothing): the before-images of
        // this request are of no write; what is sent again is recorded again.
        await watch?.cancelled(domain, bizId, rest);
        // After a 409 none of these exist yet but some others do.
        if (error.status === 409) return rest;
        if (error.status === 413 && rest.length > 1) {
          const half = Math.ceil(rest.length / 2);
          const first = await createChunk(rest.slice(0, half), read);
          return first.length > 0 ? [...first, ...rest.slice(half)] : createChunk(rest.slice(half), read);
        }
        const problems = itemProblems(refusalOf(error));
        if (problems.kind === 'items') {
          // The store named the values it refused: those are rejected, the others go again.
          for (const [index, reason] of problems.reasons) reject(rest[index]!, reason);
          rest = rest.filter((_, index) => !problems.reasons.has(index));
          continue;
        }
        if (problems.kind === 'unnamed' && rest.length > 1) {
          // It did not say which: each value alone tells.
          const conflicted: Row[] = [];
          for (const row of rest) conflicted.push(...(await createChunk([row], read)));
          return conflicted;
        }
        for (const row of rest) reject(row, stripPeriod(error.message));
        return [];
      }
    }
    return [];
  }

  async function updateOne(row: Row): Promise<void> {
    await watch?.before(domain, bizId, [{ row, held: held.get(fieldKey(row.namespace, row.code)) ?? null }]);
    try {
      await store.update(domain, bizId, toInput(row));
      settle(row, updated(row));
    } catch (error) {
      if (!isRowLevel(error)) throw error;
      await watch?.cancelled(domain, bizId, [row]);
      if (error.status === 404) {
        // Deleted since it was read: it is created instead.
        const conflicted = await createChunk([row], true);
        for (const again of conflicted) reject(again, KEPT_CHANGING);
        return;
      }
      reject(row, updateReason(error));
    }
  }
}

/**
 * Promise.all that waits for every request before failing: a group never ends (and its
 * rows are never counted) while one of its requests is still out.
 */
async function allSettled<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** An answer about these values (4xx but a refused token); anything else stops the group. */
function isRowLevel(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 429;
}

type Problems = { kind: 'items'; reasons: Map<number, string> } | { kind: 'object' } | { kind: 'unnamed' };

const UNNAMED: Refusal = { kind: 'unnamed' };

function refusalOf(error: ApiError): Refusal {
  return error instanceof MetafieldWriteError ? error.refusal : UNNAMED;
}

/** The store's refusal of a create, as reject reasons of the values it named (by index). */
export function itemProblems(refusal: Refusal): Problems {
  if (refusal.kind !== 'values') return refusal;
  const reasons = new Map<number, string>();
  for (const problem of refusal.problems) {
    const earlier = reasons.get(problem.index);
    const reason = refusedReason(problem);
    reasons.set(problem.index, earlier ? `${earlier}; ${reason}` : reason);
  }
  return { kind: 'items', reasons };
}

function refusedReason(problem: { field?: string; message: string }): string {
  return `the store refused the ${problem.field ?? 'value'}: ${stripPeriod(problem.message)}`;
}

/** A refused update as a reject reason: the value's fields the store named, else its whole message. */
function updateReason(error: ApiError): string {
  const refusal = refusalOf(error);
  if (refusal.kind === 'values') return refusal.problems.map(refusedReason).join('; ');
  return stripPeriod(error.message);
}
