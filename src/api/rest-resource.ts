// A plain REST resource, declared once: its paths, its wrapper, how it pages and counts, and
// its fields as kinds (plain data, no schema library: a verb declares its --json fields and
// flags from them at start-up). One RestApi then lists, pages, reads, counts, creates,
// changes and deletes any such resource over the kit of wire.ts (pagesOf, createOnce,
// unwrap), and the same kinds give both checks:
// - what we read is checked for what the commands need, the id, and shown as sent otherwise:
//   a field of another type never fails a read, nor a listing (DESIGN "reading");
// - what we send is checked strictly, field by field, before anything goes out: a violation
//   is a FieldError naming the field, which the verb rewords to name its flag (exit 2).
// A resource that needs more (a search, a read-modify-write) extends RestApi by hand.
import type { PageBound } from '../core/paginate.js';
import type { Transport } from '../core/transport.js';
import { definedOnly } from '../core/defined-only.js';
import { FieldError, RuntimeError } from '../core/errors.js';
import { isLosslessNumber, type LosslessNumber } from '../core/json.js';
import { API_PREFIX, createOnce, isCalendarDate, isEmptyAnswer, MONEY_AMOUNT, pagesOf, parseCount, segment, unwrap } from './wire.js';

// ---- field kinds -----------------------------------------------------------------------

/** When a field is sent: `true` on create and update, 'required' on create (optional on update), 'create' on create only. */
export type Write = true | 'required' | 'create';

interface Writable {
  readonly write?: Write;
  /** A read needs it as a JSON string: a field that names the record where no one id does (a definition's namespace and code). */
  readonly needed?: true;
}

/** What one item of a `list` field may be. */
export type ItemKind =
  | { readonly kind: 'text'; readonly max?: number; readonly notBlank?: boolean }
  | { readonly kind: 'pattern'; readonly test: RegExp | ((text: string) => boolean); readonly rule: string; readonly max?: number };

export type Field =
  | { readonly kind: 'id' }
  | { readonly kind: 'asSent' }
  | ({ readonly kind: 'text'; readonly max?: number; readonly notBlank?: boolean } & Writable)
  | ({ readonly kind: 'pattern'; readonly test: RegExp | ((text: string) => boolean); readonly rule: string; readonly max?: number } & Writable)
  | ({ readonly kind: 'enum'; readonly values: readonly string[] } & Writable)
  | ({ readonly kind: 'decimal' } & Writable)
  | ({ readonly kind: 'int'; readonly min: number; readonly max: number } & Writable)
  | ({ readonly kind: 'timestamp' } & Writable)
  | ({ readonly kind: 'bool' } & Writable)
  | ({ readonly kind: 'list'; readonly of: ItemKind } & Writable);

type Options<O> = O & Writable;

/** The kinds a field may be. `rule` completes "must be …" (`a two-letter country code such as US`). */
export const kind = {
  /** An id: a JSON string or number of any length, kept digit-exact; the resource's own is the one field a read requires. */
  id: () => ({ kind: 'id' }) as const,
  /** Shown as the store sent it, whatever its type; never sent. */
  asSent: () => ({ kind: 'asSent' }) as const,
  text: <const O extends Options<{ max?: number; notBlank?: boolean }> = Record<never, never>>(options?: O) => ({ kind: 'text' as const, ...(options as O) }),
  pattern: <const O extends Options<{ max?: number }> = Record<never, never>>(test: RegExp | ((text: string) => boolean), rule: string, options?: O) => ({
    kind: 'pattern' as const,
    test,
    rule,
    ...(options as O),
  }),
  enum: <const V extends string, const O extends Writable = Record<never, never>>(values: readonly V[], options?: O) => ({
    kind: 'enum' as const,
    values,
    ...(options as O),
  }),
  /** A money amount as a decimal string: up to 15 digits before the point and 2 after. */
  decimal: <const O extends Writable = Record<never, never>>(options?: O) => ({ kind: 'decimal' as const, ...(options as O) }),
  int: <const O extends Options<{ min: number; max: number }>>(options: O) => ({ kind: 'int' as const, ...options }),
  /** ISO 8601 with a zone, as the API writes times. */
  timestamp: <const O extends Writable = Record<never, never>>(options?: O) => ({ kind: 'timestamp' as const, ...(options as O) }),
  bool: <const O extends Writable = Record<never, never>>(options?: O) => ({ kind: 'bool' as const, ...(options as O) }),
  list: <const O extends Writable = Record<never, never>>(of: ItemKind, options?: O) => ({ kind: 'list' as const, of, ...(options as O) }),
};

export type Fields = Readonly<Record<string, Field>>;

/** A value as a command gives it: text, but numbers, flags and lists as themselves. */
export type ValueOf<F> = F extends { kind: 'int' }
  ? number
  : F extends { kind: 'bool' }
    ? boolean
    : F extends { kind: 'list' }
      ? string[]
      : F extends { kind: 'enum'; values: readonly (infer V)[] }
        ? V
        : string;

type KeysWritten<Fs, W> = { [K in keyof Fs]: Fs[K] extends { write: W } ? K : never }[keyof Fs];

// ---- the declaration -------------------------------------------------------------------

export interface PagedListing {
  /** The largest page the store gives (and --limit allows). */
  max: number;
  /** The store's page when no limit is sent. */
  defaultLimit: number;
  /** The listing takes `sinceId` (ids greater than it, ascending). */
  sinceId?: boolean;
}

export interface ResourceSpec<Fs extends Fields = Fields, I extends string = string, F extends string = string> {
  /** How messages name one record: `location`, `webhook subscription`. */
  name: string;
  /** Under the API's versioned root, e.g. `/shops/locations`. */
  path: string;
  /** Where a create is sent, when not `path` (locations: the singular `/shops/location`). */
  createPath?: string;
  /** The key an answer wraps one record in, and a list of them. */
  wrap: { item?: string; list?: string };
  /** `unpaged` (the default): every page is read, as for a listing the docs show without paging. */
  paging?: PagedListing | 'unpaged';
  /** `endpoint`: `GET path/count`; `listing`: the listing read to its end and counted. */
  count?: 'endpoint' | 'listing';
  /** The field that names a record in paths; none for a singleton (`/shops/info`). */
  id?: I;
  fields: Fs;
  /** Fields a listing (and a count) may be filtered by, sent as query parameters. */
  filters?: readonly F[];
  /** A create is never resent once it may have reached the store (no unique key could tell a second). */
  createOnce?: boolean;
  /** A change answered without a body is read back (else the change is reported as made, its form unknown). */
  readBack?: boolean;
  /** Applied to every record read, after its check (customers: the fields withheld from this token). */
  read?: (record: Record<string, unknown>) => Record<string, unknown>;
}

/** A declared resource: a ResourceSpec as given, typed by its fields. */
export type RestResource<Fs extends Fields = Fields, I extends string = string, F extends string = string> = ResourceSpec<Fs, I, F>;

/** Declares a resource: plain data, cheap to load (the verbs read its fields at start-up). */
export function restResource<const Fs extends Fields, const I extends keyof Fs & string = never, const F extends keyof Fs & string = never>(
  spec: ResourceSpec<Fs, I, F>,
): RestResource<Fs, I, F> {
  return spec;
}

type FieldsOf<R> = R extends RestResource<infer Fs, string, string> ? Fs : never;
type IdOf<R> = R extends RestResource<Fields, infer I, string> ? I : never;
type FilterKeys<R> = R extends RestResource<Fields, string, infer F> ? F : never;

/** A record as read: the id as sent (text or a digit-exact number), every other field as sent. */
export type RecordOf<R> = { [K in keyof FieldsOf<R>]?: unknown } & { [K in IdOf<R>]: string | LosslessNumber } & Record<string, unknown>;
/** What a create sends: the required fields, and any of the others it may. */
export type CreateOf<R> = { [K in KeysWritten<FieldsOf<R>, 'required'>]: ValueOf<FieldsOf<R>[K]> } & {
  [K in KeysWritten<FieldsOf<R>, true | 'create'>]?: ValueOf<FieldsOf<R>[K]>;
};
/** What a change sends: only the fields given. */
export type ChangeOf<R> = { [K in KeysWritten<FieldsOf<R>, true | 'required'>]?: ValueOf<FieldsOf<R>[K]> };
/** A listing's filters, as sent. */
export type FilterOf<R> = { [K in FilterKeys<R>]?: string };

/** The fields a create or a change sends, in their declared order. */
export function writableFields(resource: RestResource, mode: 'create' | 'update'): string[] {
  return Object.entries(resource.fields)
    .filter(([, field]) => 'write' in field && field.write !== undefined && (mode === 'create' || field.write !== 'create'))
    .map(([name]) => name);
}

// ---- checks of what we send ------------------------------------------------------------

function got(value: unknown): string {
  return typeof value === 'string' ? ` (got '${value.length > 40 ? `${value.slice(0, 40)}…` : value}')` : '';
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Why `value` cannot be sent as `field` ("must …", with what was given where it helps), or undefined. */
function problemOf(field: Field | ItemKind, value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : undefined;
  switch (field.kind) {
    case 'text':
      if (text === undefined) return 'must be text';
      if (field.notBlank && text.trim() === '') return `must not be blank${got(value)}`;
      return field.max !== undefined && text.length > field.max ? `must be at most ${field.max} characters` : undefined;
    case 'pattern': {
      const matches = text !== undefined && (typeof field.test === 'function' ? field.test(text) : field.test.test(text));
      if (!matches) return `must be ${field.rule}${got(value)}`;
      return field.max !== undefined && text.length > field.max ? `must be at most ${field.max} characters` : undefined;
    }
    case 'enum':
      return text !== undefined && field.values.includes(text) ? undefined : `must be one of ${field.values.join(', ')}${got(value)}`;
    case 'decimal':
      return text !== undefined && MONEY_AMOUNT.test(text)
        ? undefined
        : `must be a non-negative decimal amount such as 25 or 19.99, with at most 15 digits before the point and 2 after${got(value)}`;
    case 'int': {
      const number = typeof value === 'number' ? value : text !== undefined && /^-?\d+$/.test(text) ? Number(text) : NaN;
      return Number.isSafeInteger(number) && number >= field.min && number <= field.max
        ? undefined
        : `must be a whole number from ${field.min} to ${field.max}${got(value)}`;
    }
    case 'timestamp':
      return text !== undefined && TIMESTAMP.test(text) && isCalendarDate(text.slice(0, 10))
        ? undefined
        : `must be a date and time such as 2026-01-31T09:30:00Z${got(value)}`;
    case 'bool':
      return value === true || value === false || value === 'true' || value === 'false' ? undefined : `must be true or false${got(value)}`;
    case 'list':
      if (!Array.isArray(value)) return 'must be a list';
      for (const item of value) {
        const problem = problemOf(field.of, item);
        if (problem !== undefined) return problem;
      }
      return undefined;
    case 'id':
      return text !== undefined && /^\d+$/.test(text) ? undefined : `must be a numeric id${got(value)}`;
    case 'asSent':
      return 'is never sent';
  }
}

/**
 * The values a create, a change or a listing's filters send, checked by their fields' kinds:
 * only those given (a store may read a present field as a change), in the declared order, a
 * flag's 'true' as true. The first violation is a FieldError naming its field (the verb names
 * the flag), before anything is sent; a field the mode does not send is a mistake of the caller.
 */
export function checkInput(resource: RestResource, mode: 'create' | 'update' | 'filter', values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const allowed = mode === 'filter' ? (resource.filters ?? []) : writableFields(resource, mode);
  for (const key of Object.keys(values))
    if (values[key] !== undefined && !allowed.includes(key)) throw new Error(`${resource.name}: ${key} is not sent on ${mode}`);
  const fields = Object.fromEntries(allowed.map((name) => [name, resource.fields[name]!]));
  return checkValues(fields, values, mode === 'create');
}

/**
 * Values checked by the kinds of `fields` (a resource's, or a hand-written verb's own, such as
 * a search's): those given, in the fields' order, or a FieldError naming the first at fault.
 * `create`: a field written 'required' must be given.
 */
export function checkValues(fields: Readonly<Record<string, Field>>, values: Readonly<Record<string, unknown>>, create = false): Record<string, unknown> {
  const checked: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = values[name];
    if (value === undefined) {
      if (create && 'write' in field && field.write === 'required') throw new FieldError(name, (flag) => `${flag()} is required.`);
      continue;
    }
    const problem = problemOf(field, value);
    if (problem !== undefined) throw new FieldError(name, (flag) => `${flag()} ${problem}.`);
    checked[name] = field.kind === 'bool' ? value === true || value === 'true' : value;
  }
  return checked;
}

/** A record's id as a user gives it (an argument): digits, or a FieldError naming `argument`. */
export function checkId(value: string, argument: string): string {
  const problem = problemOf({ kind: 'id' }, value);
  if (problem !== undefined) throw new FieldError(argument, (name) => `${name()} ${problem}.`);
  return value;
}

// ---- checks of what we read ------------------------------------------------------------

type Reader = (value: unknown, what: string, at: string) => Record<string, unknown>;
const readers = new WeakMap<RestResource, Reader>();

/**
 * The check of a read record, built from the kinds on the first answer: an object, its id
 * (when the resource names one) a JSON string or number, and a field marked `needed` a JSON
 * string. Nothing else is checked: every other field is the store's to write as it likes, and
 * is shown as it came.
 */
function readerOf(resource: RestResource): Reader {
  let reader = readers.get(resource);
  if (reader) return reader;
  const idField = resource.id;
  const needed = Object.entries(resource.fields)
    .filter(([, field]) => 'needed' in field && field.needed === true)
    .map(([name]) => name);
  reader = (value, what, at) => {
    const where = at === '' ? '' : ` at ${at}`;
    if (value === null || typeof value !== 'object' || Array.isArray(value) || isLosslessNumber(value)) {
      throw new RuntimeError(`The store sent ${what} that does not match the API${where}: not a JSON object.`);
    }
    const record = value as Record<string, unknown>;
    if (idField !== undefined) {
      const id = record[idField];
      if (typeof id !== 'string' && !isLosslessNumber(id)) {
        throw new RuntimeError(
          `The store sent ${what} that does not match the API at ${at === '' ? '' : `${at}.`}${idField}: ` +
            `${id === undefined ? 'no id' : 'an id must be a JSON string or number'}.`,
        );
      }
    }
    for (const name of needed) {
      if (typeof record[name] !== 'string')
        throw new RuntimeError(
          `The store sent ${what} that does not match the API at ${at === '' ? '' : `${at}.`}${name}: ${record[name] === undefined ? 'none' : 'not text'}.`,
        );
    }
    return resource.read ? resource.read(record) : record;
  };
  readers.set(resource, reader);
  return reader;
}

function article(name: string): string {
  return /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`;
}

/** One record of an answer, unwrapped and checked (for a module whose requests are its own). */
export function readRecord<R extends RestResource>(resource: R, body: unknown): RecordOf<R> {
  const key = resource.wrap.item;
  if (key === undefined) throw new Error(`${resource.name}: no wrapper for one record`);
  return readerOf(resource)(unwrap(body, key, 'object'), article(resource.name), '') as RecordOf<R>;
}

/** The records of a listing's answer, unwrapped and checked, each returned as sent. */
export function readRecords<R extends RestResource>(resource: R, body: unknown): RecordOf<R>[] {
  const { name, wrap } = resource;
  const list = unwrap(body, wrap.list ?? `${wrap.item}s`, 'list');
  const what = `${article(name)} list`;
  if (!Array.isArray(list)) throw new RuntimeError(`The store sent ${what} that does not match the API: not a JSON array.`);
  const read = readerOf(resource);
  return list.map((item, index) => read(item, what, String(index)) as RecordOf<R>);
}

// ---- the requests ----------------------------------------------------------------------

/** A page of a listing: its size, where it starts, or the token of a page a listing named. */
export interface PageQuery {
  limit?: number;
  sinceId?: string;
  /** Sent with `limit` alone: the token carries the rest. */
  pageToken?: string;
}

/** List, page, read, count, create, change and delete a declared resource. Commands never see a path. */
export class RestApi<R extends RestResource> {
  constructor(
    protected readonly transport: Transport,
    readonly resource: R,
  ) {}

  /** Page after page as they arrive; without `all`, one page, and the next page's token. */
  async *pages(query: PageQuery & FilterOf<R>, all: boolean, bound?: PageBound): AsyncGenerator<RecordOf<R>[], string | undefined> {
    const { paging = 'unpaged' } = this.resource;
    const limit = query.limit === undefined ? undefined : String(query.limit);
    const first = query.pageToken
      ? { pageToken: query.pageToken, limit }
      : { ...this.filterQuery(query), limit, ...(paging !== 'unpaged' && paging.sinceId ? { sinceId: query.sinceId } : {}) };
    return yield* pagesOf(this.transport, this.at(), first, (body) => this.readList(body), {
      all,
      ...(bound ? { bound } : {}),
      ...(paging === 'unpaged' ? {} : { defaultLimit: paging.defaultLimit }),
    });
  }

  /** Every record (next pages followed to the end), or with `all: false` the first page only. */
  async list(query: PageQuery & FilterOf<R> & { all?: boolean } = {}): Promise<RecordOf<R>[]> {
    const { all = true, ...page } = query;
    const found: RecordOf<R>[] = [];
    for await (const items of this.pages(page as PageQuery & FilterOf<R>, all)) found.push(...items);
    return found;
  }

  /** One record by its id; a singleton (no id declared) by its path alone. */
  async get(id?: string): Promise<RecordOf<R>> {
    const response = await this.transport.request({ method: 'GET', path: id === undefined ? this.at() : this.at(id) });
    return this.readItem(response.body);
  }

  /** How many records there are (of the filter, if given): the digits, as every count. */
  async count(filter: FilterOf<R> = {}): Promise<string> {
    const { paging = 'unpaged' } = this.resource;
    // Counted by reading: in the largest pages, as few requests as can be.
    if (this.resource.count === 'listing')
      return String((await this.list({ ...filter, ...(paging === 'unpaged' ? {} : { limit: paging.max }) } as PageQuery & FilterOf<R>)).length);
    const query = this.filterQuery(filter);
    const response = await this.transport.request({ method: 'GET', path: this.at('count'), ...(Object.keys(query).length > 0 ? { query } : {}) });
    return parseCount(response.body);
  }

  /**
   * Sends the fields given (checked by checkInput), none undefined; undefined when the store
   * answered without a body. `once`: never sent again by the transport once it may have
   * reached the store, even in a bulk run that resends writes (the caller looks first).
   */
  async create(input: CreateOf<R>, sending: { once?: boolean } = {}): Promise<RecordOf<R> | undefined> {
    const { resource } = this;
    const send = async () => {
      const path = resource.createPath === undefined ? this.at() : `${API_PREFIX}${resource.createPath}`;
      const body = { [this.itemKey()]: definedOnly(input) };
      const response = await this.transport.request({ method: 'POST', path, body, ...(sending.once === true ? { once: true } : {}) });
      return isEmptyAnswer(response.body) ? undefined : this.readItem(response.body);
    };
    return resource.createOnce ? createOnce(send, `The ${resource.name} may have been created anyway.`) : send();
  }

  /** Sends only what changes; an answer without a body is read back (readBack) or undefined. */
  async update(id: string, change: ChangeOf<R>): Promise<RecordOf<R> | undefined> {
    const response = await this.transport.request({ method: 'PUT', path: this.at(id), body: { [this.itemKey()]: definedOnly(change) } });
    if (!isEmptyAnswer(response.body)) return this.readItem(response.body);
    return this.resource.readBack ? this.get(id) : undefined;
  }

  async delete(id: string): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: this.at(id) });
  }

  protected readItem(body: unknown): RecordOf<R> {
    return readRecord(this.resource, body);
  }

  protected readList(body: unknown): RecordOf<R>[] {
    return readRecords(this.resource, body);
  }

  /** The path of the resource, or of one of its records (each segment encoded: `../x` stays one). */
  protected at(id?: string): string {
    return `${API_PREFIX}${this.resource.path}${id === undefined ? '' : `/${segment(id)}`}`;
  }

  private itemKey(): string {
    const key = this.resource.wrap.item;
    if (key === undefined) throw new Error(`${this.resource.name}: no wrapper for one record`);
    return key;
  }

  /** The filters given, as query parameters: an empty one is no filter. */
  private filterQuery(values: object): Record<string, string> {
    const query: Record<string, string> = {};
    for (const key of this.resource.filters ?? []) {
      const value = (values as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') query[key] = value;
    }
    return query;
  }
}
