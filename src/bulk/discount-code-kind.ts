// Discount codes as a row kind of the import engine: one code a row, added to one discount,
// idempotent by code (ignoring case): a re-run sends no write. The discount's codes are read
// first (pages of 250; the store shows codes whole, they are shared with customers) when that
// costs at most INDEX_SHARE requests a row, so a code it has already costs no request; a
// discount with far more codes than the file has rows is asked about each code instead (one
// GET with ?code=). A code the store refuses as taken is looked up on the discount: there, it
// was added by a lost answer's attempt or by a parallel run (the row is done); elsewhere,
// another discount holds it (the row fails).
import type { DiscountCode } from '../api/discounts/schema.js';
import { ApiError } from '../core/errors.js';
import { scalarText } from '../core/json.js';
import { stripPeriod } from '../core/words.js';
import {
  discountCodeProblem,
  discountCodeRow,
  discountCodeShardKey,
  discountCodeText,
  DISCOUNT_CODE_COLUMNS,
  readDiscountCodeHeader,
  type DiscountCodeLayout,
  type DiscountCodeRow,
  type DiscountCodeText,
} from './discount-code-rows.js';
import type { RejectColumns } from './rejects.js';
import type { Outcome, RowKind } from './row-kind.js';

/** What the import needs of the store: DiscountsApi, or a fake in unit tests. */
export interface DiscountCodeStore {
  everyCode(discountId: string): AsyncGenerator<DiscountCode[]>;
  findCode(discountId: string, code: string): Promise<DiscountCode | undefined>;
  addCode(discountId: string, code: string): Promise<{ kind: 'created'; code: DiscountCode | undefined } | { kind: 'taken'; afterLostAnswer: boolean }>;
}

/** The discount's codes as read before the import, lower case. */
export interface CodeIndex {
  codes: Set<string>;
  pages: number;
}

/** Index pages are read when they cost at most this many requests per row imported (as gift card import's). */
export const INDEX_SHARE = 0.05;
const PAGE = 250;

/** Whether reading the index of a discount holding `codes` codes is worth it for `rows` rows (unknown: it is). */
export function indexWorthIt(codes: number | undefined, rows: number): boolean {
  return codes === undefined || !Number.isFinite(codes) || Math.ceil(codes / PAGE) <= Math.max(1, rows * INDEX_SHARE);
}

export async function readCodeIndex(store: DiscountCodeStore, discountId: string): Promise<CodeIndex> {
  const index: CodeIndex = { codes: new Set(), pages: 0 };
  for await (const page of store.everyCode(discountId)) {
    index.pages += 1;
    for (const code of page) index.codes.add(code.code.toLowerCase());
  }
  return index;
}

export const DISCOUNT_CODE_REJECTS: RejectColumns<DiscountCodeText> = {
  names: DISCOUNT_CODE_COLUMNS,
  cells: (text) => [text.code],
};

/**
 * The run's journal, as the discount code kind tells it: each code before it is added (awaited:
 * on disk first). `code` is undefined for a code the run generated (it is in --codes-out only).
 */
export interface CodeWatch {
  beforeAdd(discountId: string, line: number, code: string | undefined): Promise<void>;
}

const CREATED: Outcome = { kind: 'created' };
const UNCHANGED: Outcome = { kind: 'unchanged' };
const reject = (reason: string): Outcome => ({ kind: 'rejected', reason });

/** `generated`: codes made for rows without one (by line); `index`: the discount's codes, read before the run. */
export function discountCodeKind(
  store: DiscountCodeStore,
  discountId: string,
  index: CodeIndex | undefined,
  generated: ReadonlyMap<number, string>,
  watch?: CodeWatch,
): RowKind<DiscountCodeText, DiscountCodeRow, DiscountCodeLayout> {
  async function applyCode(row: DiscountCodeRow, dryRun: boolean): Promise<Outcome> {
    const code = row.code;
    // A dry run makes no code: the row would be a new one.
    if (code === undefined) return dryRun ? CREATED : reject('the row has no code, and none was generated for it: the file changed during the import');
    if (index?.codes.has(code.toLowerCase())) return UNCHANGED;
    if (index === undefined && (await store.findCode(discountId, code)) !== undefined) return UNCHANGED;
    if (dryRun) return CREATED;
    await watch?.beforeAdd(discountId, row.line, row.generated ? undefined : code);
    const added = await store.addCode(discountId, code);
    if (added.kind === 'created') return added.code?.id !== undefined ? { ...CREATED, id: scalarText(added.code.id) } : CREATED;
    // A code generated for this run taken at the first try is another's (random codes collided).
    if (row.generated && !added.afterLostAnswer) return reject(`the code generated for this row is taken; give the row a code of its own in the --codes-out file and import that file`);
    const found = await store.findCode(discountId, code);
    if (found === undefined) return reject('the store refused the code as taken, and this discount does not have it: another discount holds it (codes are unique in the store, ignoring case)');
    // After a lost answer the code is most likely this run's own; otherwise another run added it meanwhile.
    return added.afterLostAnswer ? CREATED : UNCHANGED;
  }

  return {
    headerExample: DISCOUNT_CODE_COLUMNS.join(','),
    unit: 'code',
    readHeader: readDiscountCodeHeader,
    rowText: discountCodeText,
    // A generated code is written to --codes-out only.
    resultKey: (text) => text.code || '(generated)',
    shardKey: discountCodeShardKey,
    check(text, fieldCount, layout) {
      const problem = discountCodeProblem(text, fieldCount, layout.width);
      return problem === undefined ? { ok: true, row: discountCodeRow(text, generated.get(text.line)) } : { ok: false, text, reason: problem };
    },
    grouper: () => ({
      // One code a row: codes repeated in the file were refused before the run.
      push: (row) => ({ group: { key: row.code?.toLowerCase() ?? `line:${row.line}`, rows: [row] } }),
      flush: () => undefined,
    }),
    async apply(group, dryRun, settle) {
      for (const row of group.rows) {
        try {
          settle(row, await applyCode(row, dryRun));
        } catch (error) {
          if (!isRowLevel(error)) throw error;
          settle(row, reject(stripPeriod(error.message)));
        }
      }
    },
  };
}

/** An answer about this code (4xx but a refused token or a rate limit); anything else is the engine's. */
function isRowLevel(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 429;
}
