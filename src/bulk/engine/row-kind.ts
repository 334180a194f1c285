// What the import engine (run-import.ts) needs to know of one kind of row: how the header
// names the columns, how a record becomes a checked row, how rows group into business
// objects, which shard an object belongs to, and how a group is applied to the store.
// Metafield values, gift cards, products and discounts are such kinds (kinds/<kind>/kind.ts);
// streaming, pacing, concurrency, shards, rejects, dry runs, Ctrl-C and the summary are
// the engine's, shared.
import type { Readable } from 'node:stream';
import type { CsvRecord } from './csv-rows.js';

/** A row's cells as the file has them, for the rejects file; `line` is where it starts. */
export interface TextOf {
  line: number;
}

/** A checked row, with the cells it came from. */
export interface RowOf<T extends TextOf> {
  line: number;
  text: T;
}

/**
 * What became of a row. `key` names what it wrote (the results file falls back on the
 * kind's resultKey); `id` is the id the store gave; `before` the value an update replaced.
 * `partial`: part of the row landed and part was refused (`reason`), as a product whose
 * variant was written and one of whose metafield values the store refused.
 */
export type Outcome = ({ kind: 'created' | 'updated' | 'unchanged' } | { kind: 'rejected' | 'partial'; reason: string }) & {
  key?: string;
  id?: string;
  before?: string;
};

/** Told once per row, as soon as the row's fate is known (in a dry run: what would happen). */
export type Settle<R> = (row: R, outcome: Outcome) => void;

export type Checked<T, R> = { ok: true; row: R } | { ok: false; text: T; reason: string };

/** Rows applied together: one business object's. */
export interface Group<R> {
  key: string;
  rows: R[];
}

export interface GroupMaker<R> {
  /** Adds a row: the group it completed, if any, or why the row is refused (it repeats an earlier one). */
  push(row: R): { group?: Group<R>; duplicate?: string };
  /** The last group, at the end of the file. */
  flush(): Group<R> | undefined;
}

/** The header's reading: how many fields a row must have, and what each column is called. */
export interface Layout {
  width: number;
  /** How a reject names a column: "value", or "field 7" for one the import ignores. */
  columnName(index: number): string;
}

export interface RowKind<T extends TextOf, R extends RowOf<T>, L extends Layout> {
  /** How a message about an empty file names the header it needs. */
  readonly headerExample: string;
  /** How the summary counts the business objects: "object", "card". */
  readonly unit: string;
  /**
   * What a dry run that cannot read the store leaves unchecked, as its summary says it
   * (metafield values: "types not checked (no definitions read)"); absent: nothing of the
   * store's was checked.
   */
  readonly offlineUnchecked?: string;
  /**
   * JSON lines read as records shaped as CSV ones (a header first), for a kind that reads
   * them (metafield values); without it, the kind reads CSV only.
   */
  readonly jsonlRecords?: (stream: Readable) => AsyncIterable<CsvRecord>;
  /** Throws UsageError (nothing sent) for a header that cannot be read. */
  readHeader(cells: readonly string[], source: string): L;
  rowText(cells: readonly string[], line: number, layout: L): T;
  /** How the results file names a row's object (never a secret: a gift card's code masked). */
  resultKey(text: T): string;
  /** Where --shard places the row: the same key always lands in the same shard. */
  shardKey(text: T): string;
  check(text: T, fieldCount: number, layout: L): Checked<T, R>;
  grouper(): GroupMaker<R>;
  /**
   * Settles every row of the group, or throws what stopped it (the store unreachable or
   * failing, the token refused, an interruption): rows not settled then are the engine's.
   */
  apply(group: Group<R>, dryRun: boolean, settle: Settle<R>): Promise<void>;
}
