// The records of one resource in memory, ascending by id (the order every listing pages in),
// found by id in a map: what a record table keeps unless its resource shares its state
// (the catalog's categories and collections hand their own RecordStore); and how such records
// stand in the data file, the journal and a seed.
import * as z from 'zod';
import { notFound } from '../http/sandbox-errors.js';
import { canonicalId, compareIds, ID_PATTERN } from '../state/ids.js';
import { READ_ONCE, type Resource } from './resource.js';

/**
 * The record an id of a path names (leading zeros dropped), as `get` finds it, or a 404 saying
 * which `noun` has no such id (the id cut to 40 characters: it comes from the request).
 */
export function findByPathId<R>(rawId: string | undefined, get: (id: string) => R | undefined, noun: string): R {
  const id = rawId === undefined ? null : canonicalId(rawId);
  const found = id === null ? undefined : get(id);
  if (found === undefined) throw notFound(`No ${noun} has the id ${String(rawId).slice(0, 40)}.`);
  return found;
}

/** Where a record table keeps its records. */
export interface RecordStore<R> {
  /** Ascending by id. */
  all(): readonly R[];
  get(id: string): R | undefined;
  /** Adds a record, or replaces the one with its id. */
  put(record: R): void;
  remove(id: string): void;
  /** Every record at once (a load, a seed); throws when they do not fit together (an id twice). */
  replace(records: readonly R[]): void;
}

export class RecordBook<R> implements RecordStore<R> {
  private records: R[] = [];
  private byId = new Map<string, R>();

  /** `name` says what a record is in an error: "location id 4000000000000000001 appears twice". */
  constructor(
    private readonly idOf: (record: R) => string,
    private readonly name: string,
  ) {}

  all(): readonly R[] {
    return this.records;
  }

  get(id: string): R | undefined {
    return this.byId.get(id);
  }

  put(record: R): void {
    const id = this.idOf(record);
    const at = this.indexAfter(id);
    if (this.byId.has(id)) this.records[at - 1] = record;
    // Ids only grow, so a new record is nearly always the last.
    else this.records.splice(at, 0, record);
    this.byId.set(id, record);
  }

  remove(id: string): void {
    if (!this.byId.delete(id)) return;
    this.records.splice(this.indexAfter(id) - 1, 1);
  }

  replace(records: readonly R[]): void {
    const byId = new Map<string, R>();
    for (const record of records) {
      const id = this.idOf(record);
      if (byId.has(id)) throw new Error(`${this.name} id ${id} appears twice`);
      byId.set(id, record);
    }
    this.records = [...records].sort((a, b) => compareIds(this.idOf(a), this.idOf(b)));
    this.byId = byId;
  }

  /** The index of the first record whose id is above `id`. */
  private indexAfter(id: string): number {
    const bound = BigInt(id);
    let low = 0;
    let high = this.records.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (BigInt(this.idOf(this.records[middle] as R)) <= bound) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * A resource's section of the data file when it is its records: `load` puts them all in place
 * at once (none when the file has no section), checked as what is read once (READ_ONCE), `dump`
 * gives them back.
 */
export function recordSection<R>(schema: z.ZodType<R>, replaceAll: (records: R[]) => void, all: () => readonly R[]): Pick<Resource, 'load' | 'dump'> {
  return { load: (section) => replaceAll(z.array(schema).parse(section ?? [], READ_ONCE)), dump: all };
}

/** How a resource keeps records that are all its state (a record table's, the catalog's products and collections). */
export interface KeptRecords<R> {
  /** A record as the data file, the journal and a seed hold it. */
  readonly schema: z.ZodType<R>;
  /** Ascending by id. */
  all(): readonly R[];
  /** Every record at once (a load, a seed), their ids observed. */
  replaceAll(records: R[]): void;
  /** A journaled record put back (its ids observed), or the one with an id removed. */
  put(record: R): void;
  remove(id: string): void;
}

/**
 * The state of such a resource: its section of the data file (recordSection), a journaled
 * change (`{put: record}` or `{remove: id}`) redone, its seed section the records as stored.
 */
export function keptRecords<R>(kept: KeptRecords<R>): Required<Pick<Resource<R[]>, 'load' | 'dump' | 'apply' | 'seed' | 'snapshot' | 'count'>> {
  const changeSchema = z.union([z.strictObject({ put: kept.schema }), z.strictObject({ remove: z.string().regex(ID_PATTERN) })]);
  return {
    ...recordSection(
      kept.schema,
      (records) => kept.replaceAll(records),
      () => kept.all(),
    ),
    apply(change) {
      const parsed = changeSchema.parse(change);
      if ('put' in parsed) kept.put(parsed.put);
      else kept.remove(parsed.remove);
    },
    seed: (section) => kept.replaceAll(structuredClone(section)),
    count: () => kept.all().length,
    snapshot: () => kept.all().map((record) => structuredClone(record)),
  };
}
