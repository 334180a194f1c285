// The verbs of a plain resource, from its declaration (api/rest-resource.ts) and its texts:
// list, get, count, create, update and delete are ordinary defineVerb objects, whose flags
// are the kebab-case of the writable fields (a list field's flag names one item, `--tag`
// for `tags`, given once per item), whose --json fields are the resource's fields, and whose
// columns come from the `table` entry. The texts a person reads (summaries, examples, notes,
// each flag's placeholder and help) are the only thing a noun writes; a verb that needs an
// option serving its resource alone is written by hand with defineVerb and listed beside
// these (DESIGN: an option that serves one resource is never added to the kit).
//
// Declaring loads nothing heavy: the views, the value checks' wording and the API load when
// a verb runs.
import type { Api } from '../api/index.js';
import { checkId, checkInput, writableFields, type Field, type RecordOf, type RestApi, type RestResource } from '../api/rest-resource.js';
import { COUNT_FIELDS } from '../api/count-fields.js';
import { FieldError, UnconfirmedCreateError, UsageError } from '../core/errors.js';
import type { Palette } from '../core/colors.js';
import type { OutputFlags } from '../core/output-options.js';
import { listView, type Column, type View } from '../core/view.js';
import { kebab } from '../core/words.js';
import type { Context } from '../root/context.js';
import { dryRunFlag, REQUEST_FIELDS } from './dry-run.js';
import { checkPageTokenAlone } from './flag-checks.js';
import { defaultLimit, pagingFlags, printListing } from './paging.js';
import type { Noun, Verb } from './types.js';
import { arg, defineVerb, Flag, list, oneOf, text, whole, yesFlag } from './verb.js';

type Placeholder = `<${string}>`;

/** A field's flag as people read it: the only text a field has. */
export interface FieldText {
  placeholder: Placeholder;
  /** The flag's help, or one for create and one for update where they differ (a field only filtered by has none). */
  help?: string | { create: string; update: string };
  /** Its help as a listing's (and a count's) filter. */
  filter?: string;
}

export interface VerbText {
  /** The verb's word where it is not the kit's (`webhook subscribe` creates). */
  name?: string;
  summary: string;
  examples: readonly string[];
  /** Free text after the examples, as it reads (with DRY_RUN_NOTE where the verb has --dry-run). */
  notes?: string;
}

/** A column: its header (default: the field's name in capitals, `createTime` CREATE TIME) and how a record shows in it. */
export interface ColumnText<T> {
  header?: string;
  shrinkable?: true;
  /** Default: the field as sent, through `text` (a scalar's text, anything else as JSON). */
  value?: (record: T, text: (value: unknown) => string) => string;
  style?: (text: string, colors: Palette, record: T) => string;
}

export interface TableText<T> {
  /** The listing's columns, in the order scripts `cut` them (--columns checks against them); a noun that lists has them. */
  list?: readonly string[];
  /** Columns a table too wide for the terminal leaves out, the least useful first. */
  drop?: readonly string[];
  /** One record's rows, in order (default: every field). */
  detail?: readonly string[];
  /** Where a column is not the field under its name in capitals. */
  columns?: Readonly<Record<string, string | ColumnText<T>>>;
}

export interface CrudTexts<R extends RestResource> {
  /** The noun's word (`location`); its verbs' sentences name other verbs under it. */
  noun: string;
  /** The noun's summary, for crudNoun. */
  summary?: string;
  /** How sentences name several records, where not the resource's name for one with an s (`locations`). */
  many?: string;
  /** The resource's module on the API. */
  api: (api: Api) => RestApi<R>;
  /** The argument that names one record (get, update, delete), by its key; none for a singleton's get. */
  arg?: { name: string; help: string };
  /** What the argument means as an id, where it may be more than digits (a name looked up): a hook. */
  resolve?: (api: Api, value: string, spin: Context['spin']) => Promise<string>;
  /** A check of the values a verb sends (create, update) or filters by, after their kinds' (may warn through ctx). */
  check?: (values: Readonly<Record<string, unknown>>, ctx: Context, mode: 'create' | 'update' | 'filter') => void | Promise<void>;
  /** How a delete's question names the record after its id (`Downtown Store`). */
  label?: (record: RecordOf<R>, text: (value: unknown) => string) => string;
  fields: Readonly<Record<string, FieldText>>;
  table: TableText<RecordOf<R>>;
  list?: VerbText;
  get?: VerbText;
  count?: VerbText;
  /** `lost`: the hint a create whose answer was lost ends with (how to find out whether it was made). */
  create?: VerbText & { lost?: (input: Readonly<Record<string, unknown>>) => string };
  update?: VerbText;
  /** `consequence`: what the question adds after the name (`This cannot be undone.`). */
  delete?: VerbText & { consequence: string };
}

export interface CrudVerbs {
  list?: Verb;
  get?: Verb;
  count?: Verb;
  create?: Verb;
  update?: Verb;
  delete?: Verb;
}

const KIT_VERBS = ['list', 'get', 'count', 'create', 'update', 'delete'] as const;

/** The noun: the kit's verbs its texts give (list, get, count, create, update, delete, in that order), then `extra`. */
export function crudNoun<R extends RestResource>(resource: R, texts: CrudTexts<R> & { summary: string }, extra: readonly Verb[] = []): Noun {
  const verbs = crudVerbs(resource, texts);
  return { name: texts.noun, summary: texts.summary, verbs: [...KIT_VERBS.flatMap((name) => verbs[name] ?? []), ...extra] };
}

/** Each verb the texts give, for a noun that places them itself (among hand-written ones, or under other words). */
export function crudVerbs<R extends RestResource>(resource: R, texts: CrudTexts<R>): CrudVerbs {
  const kit = new Kit(resource, texts);
  return {
    ...(texts.list ? { list: kit.list(texts.list) } : {}),
    ...(texts.get ? { get: kit.get(texts.get) } : {}),
    ...(texts.count ? { count: kit.count(texts.count) } : {}),
    ...(texts.create ? { create: kit.create(texts.create) } : {}),
    ...(texts.update ? { update: kit.update(texts.update) } : {}),
    ...(texts.delete ? { delete: kit.delete(texts.delete) } : {}),
  };
}

type Options = Record<string, unknown> & OutputFlags & { dryRun?: boolean; yes?: boolean };

/** The article before a word: `a delete`, `an unsubscribe`. */
const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** A list field's flag names one item and is given once per item: `tags` is `--tag`. */
const flagKey = (name: string, field: Field) => (field.kind === 'list' ? name.replace(/s$/, '') : name);

class Kit<R extends RestResource> {
  private readonly fieldNames: string[];
  /** Each field's flag as an error names it. */
  private readonly flagOf = new Map<string, string>();
  /** The texts, with how sentences name one record (as the resource's messages do: `location`) and several. */
  private readonly texts: CrudTexts<R> & { one: string; many: string };

  constructor(
    private readonly resource: R,
    texts: CrudTexts<R>,
  ) {
    this.texts = { ...texts, one: resource.name, many: texts.many ?? `${resource.name}s` };
    this.fieldNames = Object.keys(resource.fields);
    for (const [name, field] of Object.entries(resource.fields)) this.flagOf.set(name, `--${kebab(flagKey(name, field))}`);
  }

  list(t: VerbText) {
    const { resource, texts } = this;
    const filters = resource.filters ?? [];
    const paging = resource.paging ?? 'unpaged';
    const paged = paging !== 'unpaged';
    const sinceId = paged && paging.sinceId === true;
    const filtered = filters.length > 0 || sinceId;
    const flags: Record<string, Flag<unknown>> = { ...this.filterFlags() };
    if (paged) {
      const pages = pagingFlags(
        paging.max,
        filtered ? {} : { pageToken: 'continue from this page cursor, the opaque text a listing in a terminal prints' },
        paging.defaultLimit,
      );
      flags.limit = pages.limit;
      if (sinceId) flags.sinceId = text('<id>', `only ${texts.many} with an id greater than this`);
      flags.pageToken = pages.pageToken;
      flags.all = pages.all;
    }
    return defineVerb({
      name: t.name ?? 'list',
      mutates: false,
      summary: t.summary,
      flags,
      json: { fields: this.fieldNames, list: true, columns: this.listColumns() },
      examples: t.examples,
      ...(t.notes !== undefined ? { notes: t.notes } : {}),
      run: async (options: Options, ctx) => {
        const given: Record<`--${string}`, unknown> = {};
        for (const name of filters) given[this.flag(name) as `--${string}`] = options[name];
        if (sinceId) given['--since-id'] = options.sinceId;
        if (paged) checkPageTokenAlone(options.pageToken as string | undefined, given);
        if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
        if (typeof options.sinceId === 'string') checkId(options.sinceId, 'sinceId');
        const filter = await this.checked('filter', options, ctx);
        const views = await this.views();
        const view = views.list(this.listColumns());
        const empty = filters.length > 0 ? `No ${texts.many} match.` : `No ${texts.many}.`;
        if (!paged) {
          const [out, api] = await Promise.all([ctx.output(), ctx.api().then(texts.api)]);
          const found = await ctx.spin(`Listing ${texts.many}…`, () => api.list(filter as never));
          await out.list([found], view, empty);
          return;
        }
        const all = options.all === true;
        const limit = options.limit !== undefined ? (options.limit as number) : defaultLimit(await ctx.setting('page-size'), all, paging.max);
        // The output's modules and the API's load side by side, not one after the other.
        const [out, api] = await Promise.all([ctx.output(), ctx.api().then(texts.api)]);
        const query = {
          ...filter,
          ...(limit !== undefined ? { limit } : {}),
          ...(typeof options.sinceId === 'string' ? { sinceId: options.sinceId } : {}),
          ...(typeof options.pageToken === 'string' ? { pageToken: options.pageToken } : {}),
        };
        await printListing(ctx, out, api.pages(query as never, all), view, { spinning: `Listing ${texts.many}…`, empty, what: texts.many }, given);
      },
    });
  }

  /** One record by the argument; a singleton (a resource without an id, `shop info`) takes none. */
  get(t: VerbText) {
    const { texts } = this;
    return defineVerb({
      name: t.name ?? 'get',
      mutates: false,
      summary: t.summary,
      args: texts.arg ? this.args() : {},
      json: { fields: this.fieldNames },
      examples: t.examples,
      ...(t.notes !== undefined ? { notes: t.notes } : {}),
      run: async (options: Options, ctx) => {
        const idOf = texts.arg ? this.idOf(options, ctx) : async () => undefined;
        const views = await this.views();
        const out = await ctx.output();
        const api = await ctx.api();
        const id = await idOf(api);
        const record = await ctx.spin(`Fetching the ${texts.one}…`, () => texts.api(api).get(id));
        await out.item(record, views.detail);
      },
    });
  }

  count(t: VerbText) {
    const { texts } = this;
    return defineVerb({
      name: t.name ?? 'count',
      mutates: false,
      summary: t.summary,
      flags: this.filterFlags(),
      json: { fields: COUNT_FIELDS },
      examples: t.examples,
      ...(t.notes !== undefined ? { notes: t.notes } : {}),
      run: async (options: Options, ctx) => {
        const filter = await this.checked('filter', options, ctx);
        const [out, api] = await Promise.all([ctx.output(), ctx.api().then(texts.api)]);
        const count = await ctx.spin(`Counting ${texts.many}…`, () => api.count(filter as never));
        await out.count(count);
      },
    });
  }

  create(t: NonNullable<CrudTexts<R>['create']>) {
    const { texts } = this;
    return defineVerb({
      name: t.name ?? 'create',
      mutates: true,
      summary: t.summary,
      flags: { ...this.writeFlags('create'), dryRun: dryRunFlag() },
      json: { fields: this.fieldNames },
      examples: t.examples,
      ...(t.notes !== undefined ? { notes: t.notes } : {}),
      run: async (options: Options, ctx) => {
        const input = await this.checked('create', options, ctx);
        const create = (api: Api) => texts.api(api).create(input as never);
        if (options.dryRun) return this.dry(ctx, options, create);
        const views = await this.views();
        const out = await ctx.output();
        const api = await ctx.api();
        const record = await ctx
          .spin(`Creating the ${texts.one}…`, () => create(api))
          .catch((error: unknown) => {
            throw error instanceof UnconfirmedCreateError && t.lost ? error.withHint(t.lost(input)) : error;
          });
        if (record === undefined) {
          ctx.say(`The store created the ${texts.one} without showing it; ${this.lister()} lists it.`);
          return;
        }
        await out.item(record, views.detail);
      },
    });
  }

  update(t: VerbText) {
    const { resource, texts } = this;
    const flags = writableFields(resource, 'update').map((name) => this.flag(name));
    const which = flags.length === 2 ? `${flags.join(', ')} or both` : `at least one of ${flags.join(', ')}`;
    return defineVerb({
      name: t.name ?? 'update',
      mutates: true,
      destructive: true,
      summary: t.summary,
      args: this.args(),
      flags: { ...this.writeFlags('update'), dryRun: dryRunFlag() },
      json: { fields: this.fieldNames },
      examples: t.examples,
      ...(t.notes !== undefined ? { notes: t.notes } : {}),
      run: async (options: Options, ctx) => {
        const idOf = this.idOf(options, ctx);
        const change = await this.checked('update', options, ctx, () => {
          throw new UsageError(`Give ${which}: what the ${texts.one} changes to. Nothing was sent.`);
        });
        const update = async (api: Api) => texts.api(api).update(await idOf(api), change as never);
        if (options.dryRun) return this.dry(ctx, options, update);
        const views = await this.views();
        const out = await ctx.output();
        const api = await ctx.api();
        const id = await idOf(api);
        const record = await ctx.spin(`Updating the ${texts.one}…`, () => texts.api(api).update(id, change as never));
        if (record === undefined) {
          const shows = texts.get ? `${texts.noun} ${texts.get.name ?? 'get'} ${id} shows it` : `${this.lister()} lists it`;
          ctx.say(`The store changed ${texts.one} ${id} without showing it; ${shows}.`);
          return;
        }
        await out.item(record, views.detail);
      },
    });
  }

  delete(t: NonNullable<CrudTexts<R>['delete']>) {
    const { texts } = this;
    const name = t.name ?? 'delete';
    return defineVerb({
      name,
      mutates: true,
      destructive: true,
      asks: true,
      summary: t.summary,
      args: this.args(),
      flags: { yes: yesFlag(), dryRun: dryRunFlag() },
      // A delete prints nothing; --json is the form of the dry run's request.
      json: { fields: REQUEST_FIELDS, what: `the request as JSON (with --dry-run; ${article(name)} itself prints nothing)` },
      examples: t.examples,
      ...(t.notes !== undefined ? { notes: t.notes } : {}),
      run: async (options: Options, ctx) => {
        const idOf = this.idOf(options, ctx);
        const remove = async (api: Api) => texts.api(api).delete(await idOf(api));
        if (options.dryRun) return this.dry(ctx, options, remove);
        const [{ confirmedDelete }, { scalarText }] = await Promise.all([import('./confirmed-delete.js'), import('../core/json.js')]);
        const id = await idOf(await ctx.api());
        await confirmedDelete(ctx, options, {
          what: `${texts.one} ${id}`,
          consequence: t.consequence,
          read: {
            spinner: `Fetching the ${texts.one}…`,
            get: (api) => texts.api(api).get(id),
            label: (record) => (texts.label ? texts.label(record, scalarText) : ''),
          },
          spinner: `Deleting the ${texts.one}…`,
          remove: (api) => texts.api(api).delete(id),
        });
      },
    });
  }

  // ---- what the verbs share ------------------------------------------------------------

  /** The command that lists the records, as sentences name it (`location list`). */
  private lister(): string {
    return `${this.texts.noun} ${this.texts.list?.name ?? 'list'}`;
  }

  private listColumns(): readonly string[] {
    const columns = this.texts.table.list;
    if (!columns) throw new Error(`${this.texts.noun}: a listing needs the table's list columns`);
    return columns;
  }

  private flag(name: string): string {
    return this.flagOf.get(name) ?? `--${kebab(name)}`;
  }

  private args() {
    const given = this.texts.arg;
    if (!given) throw new Error(`${this.texts.noun}: a verb on one ${this.texts.one} needs the texts' arg`);
    return { [given.name]: arg(given.help) };
  }

  /**
   * How the verb finds the record's id: the argument checked as digits before anything is
   * asked, or (a resolve hook) looked up through the API the verb runs with, so a dry run
   * says the reads it made.
   */
  private idOf(options: Options, ctx: Context): (api: Api) => Promise<string> {
    const { arg: given, resolve } = this.texts;
    const value = options[given!.name] as string;
    if (!resolve) {
      const id = checkId(value, given!.name);
      return async () => id;
    }
    return (api) => resolve(api, value, ctx.spin);
  }

  private writeFlags(mode: 'create' | 'update'): Record<string, Flag<unknown>> {
    const flags: Record<string, Flag<unknown>> = {};
    for (const name of writableFields(this.resource, mode)) {
      const field = this.resource.fields[name]!;
      const fieldText = this.fieldText(name);
      if (fieldText.help === undefined) throw new Error(`${this.texts.noun}: the field ${name} has no help`);
      const help = typeof fieldText.help === 'string' ? fieldText.help : fieldText.help[mode];
      const required = mode === 'create' && 'write' in field && field.write === 'required';
      flags[flagKey(name, field)] = flagOf(field, fieldText.placeholder, help, required);
    }
    return flags;
  }

  private filterFlags(): Record<string, Flag<unknown>> {
    const flags: Record<string, Flag<unknown>> = {};
    for (const name of this.resource.filters ?? []) {
      const fieldText = this.fieldText(name);
      if (fieldText.filter === undefined) throw new Error(`${this.texts.noun}: the filter ${name} has no help`);
      flags[name] = flagOf(this.resource.fields[name]!, fieldText.placeholder, fieldText.filter, false);
    }
    return flags;
  }

  private fieldText(name: string): FieldText {
    const fieldText = this.texts.fields[name];
    if (!fieldText) throw new Error(`${this.texts.noun}: the field ${name} has no flag text`);
    return fieldText;
  }

  /**
   * The values of the fields the verb sends (or filters by), checked by their kinds and then by
   * the texts' hook; a problem names the flag. `none`: what to do when no field was given.
   */
  private async checked(mode: 'create' | 'update' | 'filter', options: Options, ctx: Context, none?: () => never): Promise<Record<string, unknown>> {
    const names = mode === 'filter' ? (this.resource.filters ?? []) : writableFields(this.resource, mode);
    const values: Record<string, unknown> = {};
    for (const name of names) values[name] = options[flagKey(name, this.resource.fields[name]!)];
    if (none && Object.values(values).every((value) => value === undefined)) none();
    let checked: Record<string, unknown>;
    try {
      checked = checkInput(this.resource, mode, values);
    } catch (error) {
      throw error instanceof FieldError ? error.named((root) => this.flagOf.get(root)) : error;
    }
    await this.texts.check?.(checked, ctx, mode);
    return checked;
  }

  private async dry(ctx: Context, options: Options, work: (api: Api) => Promise<unknown>): Promise<void> {
    const { runDry } = await import('./dry-run.js');
    return runDry(ctx, options, work);
  }

  private views() {
    return tableViews(this.texts.table, this.fieldNames);
  }
}

/**
 * The list and detail views of a `table` entry (a hand-written verb of the noun shows its
 * records with them too); loads the text of values, so call it when the verb prints.
 */
export async function tableViews<T extends Record<string, unknown>>(
  table: TableText<T>,
  fields: readonly string[],
): Promise<{ list(order: readonly string[]): View<T>; detail: View<T> }> {
  const { scalarText } = await import('../core/json.js');
  const column = (name: string): Column<T> => {
    const given = table.columns?.[name];
    const spec: ColumnText<T> = typeof given === 'string' ? { header: given } : (given ?? {});
    return {
      header: spec.header ?? name.replace(/[A-Z]/g, (letter) => ` ${letter}`).toUpperCase(),
      value: spec.value ? (record) => spec.value!(record, scalarText) : (record) => scalarText(record[name]),
      ...(spec.shrinkable ? { shrinkable: true } : {}),
      ...(spec.style ? { style: spec.style } : {}),
    };
  };
  const columns = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, column(name)]));
  return { list: (order) => listView(columns(order), order, table.drop ?? []), detail: { columns: (table.detail ?? fields).map(column) } };
}

/** The flag of a field by its kind: a choice for an enum or a flag, a whole number, a list, else text. */
function flagOf(field: Field, placeholder: Placeholder, help: string, required: boolean): Flag<unknown> {
  switch (field.kind) {
    case 'enum':
      return oneOf(placeholder, help, field.values);
    case 'bool':
      return oneOf(placeholder, help, ['true', 'false']);
    case 'int':
      return whole(placeholder, help, { min: field.min, max: field.max });
    case 'list':
      return list(placeholder, help);
    default:
      return required ? text(placeholder, help, { required: true }) : text(placeholder, help);
  }
}
