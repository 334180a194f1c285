// A plain resource of the sandbox from one description: its records' fields (record-fields.ts),
// its id, its routes and scopes. From that come the store, the record and change schemas
// (the data file, the journal), load/dump/seed/snapshot, the seed section (ids once, times
// filled in), the body reader (each error at its JSON path), the presenter in the dialect's
// forms, and the listing by sinceId, pageToken and filters. What a resource does beyond that
// is its hooks and its own routes beside the table's. This is the sandbox's own description
// of a resource: it shares nothing with the client's (the two check each other).
import * as z from 'zod';
import { isJsonObject, JsonInteger } from '../http/body-json.js';
import { API_ROOT } from '../http/router.js';
import { FieldErrors, invalidField } from '../http/sandbox-errors.js';
import type { ScopeRequirement } from '../http/scopes.js';
import { ID_PATTERN } from '../state/ids.js';
import { formatTimestamp } from './dates.js';
import { byId, countOf, listPage, type ListFilter, type Listing } from './pagination.js';
import { findByPathId, keptRecords, RecordBook, type RecordStore } from './record-book.js';
import { CLEAR, type FieldKind } from './record-fields.js';
import { seedSection, type Resource, type ResourceEnv, type Route, type RouteReply, type RouteRequest, type SeedSection } from './resource.js';

export type Fields = Readonly<Record<string, FieldKind<unknown, boolean>>>;

type Flat<T> = { [K in keyof T]: T[K] } & {};
type ValueOf<Kind> = Kind extends FieldKind<infer T, boolean> ? T : never;
type OptionalNames<F extends Fields> = { [K in keyof F]: F[K] extends FieldKind<unknown, false> ? never : K }[keyof F];

/** A record of a table: its id (decimal text), the fields every record holds, and the optional ones. */
export type RecordOf<Id extends string, F extends Fields> = Flat<
  { [K in Id]: string } & { [K in Exclude<keyof F, OptionalNames<F>>]: ValueOf<F[K]> } & { [K in OptionalNames<F>]?: ValueOf<F[K]> }
>;

/** A record as a seed's author writes it: the id, and what the seed leaves out filled in. */
export type SeedRecordOf<Id extends string, F extends Fields> = Flat<{ [K in Id]: string } & Partial<Omit<RecordOf<Id, F>, Id>>>;

/** The plain routes a table serves, below the version root; a record's own are `path/:id`. */
export interface TableRoutes {
  readonly path: string;
  /** `true` at the path, or at a path of its own (`/shops/location`, as the store has it). */
  readonly create?: true | string;
  readonly list?: true;
  /** `path/count`, taking the listing's filters. */
  readonly count?: true;
  readonly get?: true;
  readonly update?: true;
  readonly delete?: true;
}

export interface TableDescription<Key extends string, Id extends string, F extends Fields> {
  /** Its section in the data file, the journal and a seed. */
  readonly key: Key;
  /** The record's name in bodies (`{"location": {...}}`) and the listing's (`{"locations": [...]}`). */
  readonly wrap: { readonly one: string; readonly many: string };
  /** What a record is called in messages ("No webhook subscription has the id ..."); absent: `wrap.one`. */
  readonly noun?: string;
  /**
   * The field that holds a record's id; absent: `id`, as most of the store's resources name it.
   * Only this decides `Id` (NoInfer below): a filter typed by a field alone would infer none.
   */
  readonly id?: Id;
  /** In the order the store writes them. */
  readonly fields: F;
  readonly routes: TableRoutes;
  /** Reads take `read`, writes `write`. */
  readonly scopes: { readonly read: ScopeRequirement; readonly write: ScopeRequirement };
  /** The listing's filters besides sinceId (a count takes them too). */
  readonly filters?: readonly ListFilter<RecordOf<NoInfer<Id>, F>>[];
  /** Records every store has (a seed or a data file without one gets it, made when loaded); their ids are not the store's sequence. */
  readonly always?: readonly SeedRecordOf<NoInfer<Id>, F>[];
  /** A seed's checks across records, besides ids given once: `report(index, field, message)` (no field: the record's fault). */
  readonly check?: (records: readonly SeedRecordOf<NoInfer<Id>, F>[], report: (index: number, field: string | undefined, message: string) => void) => void;
  /** Its part of the demo set (demo.json beside it); absent: none. */
  readonly demo?: unknown;
}

/** What a resource adds to its table: where the records are kept, and what happens around a change. */
export interface TableHooks<R> {
  /** Records shared with other resources (the catalog's); absent: the table's own book. */
  readonly store?: RecordStore<R>;
  /** The wire form for this request (protected fields withheld from a token without the approval). */
  present?(shown: Record<string, unknown>, record: R, request: Pick<RouteRequest, 'scopes'>): Record<string, unknown>;
  /** Before a create (its id not yet given) or an update is stored: refuses it (throws), or completes it. */
  beforeSave?(record: R, existing: R | undefined, request: RouteRequest): R;
  /** After a record is stored and journaled. */
  saved?(record: R, existing: R | undefined, request: RouteRequest): void;
  /** Refuses a delete (throws) that would leave the store wrong. */
  beforeRemove?(record: R, request: RouteRequest): void;
  removed?(record: R, request: RouteRequest): void;
  /** After a start, a reset or an imported snapshot put the seed's records in place. */
  seeded?(records: readonly R[]): void;
}

/** The resource a table serves, and what its resource's own routes and other resources read of it. */
export interface TableResource<R> extends Resource {
  readonly routes: readonly Route[];
  all(): readonly R[];
  get(id: string): R | undefined;
  /** The record an id of a path names (leading zeros dropped), or 404. */
  find(rawId: string | undefined): R;
  present(record: R, request?: Pick<RouteRequest, 'scopes'>): Record<string, unknown>;
}

export interface RecordTable<Key extends string, R, Written = Record<string, unknown>> {
  readonly key: Key;
  readonly scopes: { readonly read: ScopeRequirement; readonly write: ScopeRequirement };
  readonly recordSchema: z.ZodType<R>;
  readonly seed: SeedSection<Key, SeedSchema<R, Written>, R[]>;
  resource(env: ResourceEnv, hooks?: TableHooks<R>): TableResource<R>;
}

/** A seed section's schema: an array of records as authors write them, [] when left out. */
type SeedSchema<R, Written> = z.ZodDefault<z.ZodType<R[], Written[]>>;

/** The record type of a table: `TableRecord<typeof locationTable>`. */
export type TableRecord<T> = T extends { readonly recordSchema: z.ZodType<infer R> } ? R : never;

const idSchema = z.string({ error: 'must be a decimal id as a JSON string' }).regex(ID_PATTERN, 'must be a decimal id without leading zeros');

/** A field as a seed may write it: left out when optional or stamped, its initial value when it has one. */
function seedSchemaOf(kind: FieldKind): z.ZodType {
  if (kind.seed !== undefined) return kind.seed;
  if (kind.optional || kind.stamp !== undefined) return kind.stored.optional();
  return kind.initial === undefined ? kind.stored : kind.stored.default(kind.initial);
}

export function recordTable<const Key extends string, F extends Fields, const Id extends string = 'id'>(
  description: TableDescription<Key, Id, F>,
): RecordTable<Key, RecordOf<Id, F>, SeedRecordOf<Id, F>> {
  type R = RecordOf<Id, F>;
  type Row = Record<string, unknown>;
  const { key, wrap, noun = wrap.one, id = 'id', routes: paths } = description;
  const fields = Object.entries(description.fields) as Array<[string, FieldKind]>;
  const idOf = (record: R | Row) => (record as Row)[id] as string;
  const stampOf = (stamp: 'created' | 'updated') => fields.find(([, kind]) => kind.stamp === stamp)?.[0];
  const [created, updated] = [stampOf('created'), stampOf('updated')];
  const writable = fields.filter(([, kind]) => kind.read !== undefined).map(([name]) => name);

  const shape = (of: (kind: FieldKind) => z.ZodType) => ({ [id]: idSchema, ...Object.fromEntries(fields.map(([name, kind]) => [name, of(kind)])) });
  const recordSchema = z.strictObject(shape((kind) => (kind.optional ? kind.stored.optional() : kind.stored))) as unknown as z.ZodType<R>;

  /** A record with its fields in the table's order (the data file's), those without a value left out. */
  const inOrder = (values: Row): R => {
    const record: Row = { [id]: values[id] };
    for (const [name] of fields) if (values[name] !== undefined) record[name] = values[name];
    return record as R;
  };

  /** A seed's record, or one every store has, with its times: `stamp` where it gives none. */
  const stamped = (row: Row, stamp: string): R => {
    const made = created === undefined ? undefined : (row[created] ?? stamp);
    return inOrder({
      ...row,
      ...(created === undefined ? {} : { [created]: made }),
      ...(updated === undefined ? {} : { [updated]: row[updated] ?? made ?? stamp }),
    });
  };

  /** A new record's values of the fields a create or a record every store has leaves out. */
  const initials = (): Row => Object.fromEntries(fields.flatMap(([name, kind]) => (kind.initial === undefined ? [] : [[name, structuredClone(kind.initial)]])));

  const alwaysIds = new Set((description.always ?? []).map(idOf));
  /** The records every store has, where `records` lacks them, first. */
  const withAlways = (records: readonly R[], stamp: string): R[] => {
    const have = new Set(records.map(idOf));
    return [
      ...(description.always ?? []).filter((record) => !have.has(idOf(record))).map((record) => stamped({ ...initials(), ...record }, stamp)),
      ...records,
    ];
  };

  const seed = seedSection({
    key,
    schema: z.array(z.strictObject(shape(seedSchemaOf))).default([]) as unknown as SeedSchema<R, SeedRecordOf<Id, F>>,
    check(document: Record<Key, readonly Row[]>, report) {
      const rows = document[key];
      const seen = new Map<string, number>();
      rows.forEach((row, index) => {
        const same = seen.get(idOf(row));
        if (same !== undefined) report([key, index, id], `is the id of ${key}[${same}] too`);
        seen.set(idOf(row), index);
      });
      description.check?.(rows as SeedRecordOf<Id, F>[], (index, field, message) => report(field === undefined ? [key, index] : [key, index, field], message));
    },
    fill: (rows, { stamp }): R[] =>
      withAlways(
        rows.map((row) => stamped(row as Row, stamp)),
        stamp,
      ),
    ...(description.demo === undefined ? {} : { demo: description.demo }),
  });

  function resource(env: ResourceEnv, hooks: TableHooks<R> = {}): TableResource<R> {
    const store = hooks.store ?? new RecordBook<R>(idOf, noun);
    const listing: Listing<R> = { path: `${API_ROOT}${paths.path}`, order: byId(idOf), sinceId: true, filters: description.filters ?? [] };

    function present(record: R, request: Pick<RouteRequest, 'scopes'> = {}): Record<string, unknown> {
      const shown: Row = { [id]: new JsonInteger(idOf(record)) };
      for (const [name, kind] of fields) {
        const value = (record as Row)[name];
        if (value !== undefined) shown[name] = kind.present === undefined ? value : kind.present(value, env);
      }
      return hooks.present === undefined ? shown : hooks.present(shown, record, request);
    }

    const find = (rawId: string | undefined): R => findByPathId(rawId, (recordId) => store.get(recordId), noun);

    function observe(record: R): void {
      if (!alwaysIds.has(idOf(record))) env.ids.observe(idOf(record));
    }

    function replaceAll(records: readonly R[]): void {
      store.replace(withAlways(records, formatTimestamp(env.now?.() ?? new Date())));
      for (const record of records) observe(record);
    }

    /** The fields a body sets (CLEAR: removed), each error at its JSON path; `existing`: an update's record. */
    function read(body: unknown, existing: R | undefined): Row {
      const sent = isJsonObject(body) ? body[wrap.one] : undefined;
      if (!isJsonObject(sent)) throw invalidField(wrap.one, `is required: the body must be {"${wrap.one}": {...}}`);
      const errors = new FieldErrors();
      const values: Row = {};
      for (const [name, kind] of fields) {
        if (kind.read === undefined) continue;
        const raw = sent[name];
        const at = `${wrap.one}.${name}`;
        if (raw === null && kind.clearable === true) values[name] = CLEAR;
        else if (raw === undefined || raw === null) {
          if (existing === undefined && kind.required === true) errors.add(at, 'is required');
        } else {
          const value = kind.read(raw, at, errors, env);
          if (value !== undefined) values[name] = value;
        }
      }
      if (existing !== undefined && errors.empty && Object.keys(values).length === 0)
        errors.add(wrap.one, `must change at least one of ${writable.join(', ')}`);
      errors.throwIfAny();
      return values;
    }

    /** Checked by the resource, given its id when new, kept, journaled. */
    function save(record: R, existing: R | undefined, request: RouteRequest): R {
      const checked = hooks.beforeSave === undefined ? record : hooks.beforeSave(record, existing, request);
      // The id is given last, so that a refused create uses up none.
      const saved = existing === undefined ? ({ ...checked, [id]: env.ids.next() } as R) : checked;
      store.put(saved);
      observe(saved);
      env.changed(key, { put: saved });
      hooks.saved?.(saved, existing, request);
      return saved;
    }

    const withoutCleared = (values: Row): Row => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === CLEAR ? undefined : value]));

    function create(request: RouteRequest): RouteReply {
      const values = withoutCleared(read(request.body, undefined));
      const stamp = formatTimestamp(request.now);
      const record = stamped({ [id]: '', ...initials(), ...values }, stamp);
      return { body: { [wrap.one]: present(save(record, undefined, request), request) }, created: true };
    }

    function update(request: RouteRequest): RouteReply {
      const existing = find(request.params.id);
      const values = withoutCleared(read(request.body, existing));
      const record = inOrder({ ...existing, ...values, ...(updated === undefined ? {} : { [updated]: formatTimestamp(request.now) }) });
      return { body: { [wrap.one]: present(save(record, existing, request), request) } };
    }

    function remove(request: RouteRequest): RouteReply {
      const record = find(request.params.id);
      hooks.beforeRemove?.(record, request);
      store.remove(idOf(record));
      env.changed(key, { remove: idOf(record) });
      hooks.removed?.(record, request);
      return { body: {} };
    }

    const {
      apply,
      seed: seedAll,
      ...kept
    } = keptRecords<R>({
      schema: recordSchema,
      all: () => store.all(),
      replaceAll,
      put(record) {
        store.put(record);
        observe(record);
      },
      remove: (recordId) => store.remove(recordId),
    });

    // A new store (before any seed or data file) has the records every store has.
    if (hooks.store === undefined) replaceAll([]);

    const { read: reading, write } = description.scopes;
    const one = `${paths.path}/:id`;
    const served: Array<Route | false> = [
      paths.create !== undefined && { method: 'POST', path: paths.create === true ? paths.path : paths.create, scope: write, handle: create },
      paths.list === true && {
        method: 'GET',
        path: paths.path,
        scope: reading,
        handle(request) {
          const { page, links } = listPage(store.all(), request.query, listing, env.dialect.pageTokenAlone);
          return { body: { [wrap.many]: page.map((record) => present(record, request)) }, links };
        },
      },
      paths.count === true && {
        method: 'GET',
        path: `${paths.path}/count`,
        scope: reading,
        handle: (request) => ({ body: { count: new JsonInteger(String(countOf(store.all(), request.query, listing))) } }),
      },
      paths.get === true && {
        method: 'GET',
        path: one,
        scope: reading,
        handle: (request) => ({ body: { [wrap.one]: present(find(request.params.id), request) } }),
      },
      paths.update === true && { method: 'PUT', path: one, scope: write, handle: update },
      paths.delete === true && { method: 'DELETE', path: one, scope: write, handle: remove },
    ];
    const writes = paths.create !== undefined || paths.update === true || paths.delete === true;

    return {
      key,
      routes: served.filter((route): route is Route => route !== false),
      all: () => store.all(),
      get: (recordId) => store.get(recordId),
      find,
      present,
      ...kept,
      // A table that takes no write has nothing in the journal to redo.
      ...(writes ? { apply } : {}),
      seed(section: R[]) {
        seedAll(section);
        hooks.seeded?.(store.all());
      },
    };
  }

  return { key, scopes: description.scopes, recordSchema, seed, resource };
}
