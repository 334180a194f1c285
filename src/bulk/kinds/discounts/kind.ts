// Discounts as a row kind of the import engine: one discount a row, idempotent by code
// (ignoring case; a discount without a code, by its title). The store's discounts are read
// first (DiscountIndex: every page of the listing, 250 a page; on the service also each code
// discount's codes), so a row costs no read: a discount the store holds as the row says
// costs nothing (a re-run writes nothing), one that differs is updated (its fields with one
// PUT, its status through /status; on the service a code it lacks added), one it lacks is
// created (and disabled after, when the row says so). On Genstore a create may be resent
// (codes and names are unique there): a create refused as taken is looked up again, and is
// this run's after a lost answer, a parallel run's otherwise.
import type { DiscountsApi } from '../../../api/discounts/requests.js';
import type { Discount, DiscountCreate } from '../../../api/discounts/schema.js';
import { readDiscount, type DiscountShape } from '../../../api/discounts/wire-shape.js';
import { ApiError } from '../../../core/errors.js';
import { stripPeriod } from '../../../core/words.js';
import { changeTo, differences, settingsOf, type DiscountSettings, type DiscountWrite, type SettingName } from './settings.js';
import {
  checkDiscountRow,
  DISCOUNT_COLUMNS,
  discountShardKey,
  discountText,
  readDiscountHeader,
  type DiscountLayout,
  type DiscountRow,
  type DiscountText,
  type RowRules,
} from './rows.js';
import { namedRejectColumns, type RejectColumns } from '../../engine/rejects.js';
import type { Outcome, RowKind } from '../../engine/row-kind.js';

/** What the import needs of the store. */
export type DiscountStore = Pick<
  DiscountsApi,
  'shape' | 'everyDiscount' | 'everyCode' | 'get' | 'create' | 'createOrTaken' | 'update' | 'setStatus' | 'addCode'
>;

/** A discount of the store, as the import knows it. */
export interface IndexEntry {
  id: string;
  settings: DiscountSettings;
}

/** The store's discounts as read before the import: by code and by title (lower case). */
export class DiscountIndex {
  readonly byCode = new Map<string, IndexEntry>();
  readonly byTitle = new Map<string, IndexEntry[]>();
  size = 0;
  pages = 0;

  put(entry: IndexEntry, replaced?: IndexEntry): void {
    if (replaced !== undefined) this.remove(replaced);
    for (const code of entry.settings.codes) this.byCode.set(code.toLowerCase(), entry);
    const title = entry.settings.title.toLowerCase();
    this.byTitle.set(title, [...(this.byTitle.get(title) ?? []), entry]);
    this.size += 1;
  }

  private remove(entry: IndexEntry): void {
    for (const code of entry.settings.codes) if (this.byCode.get(code.toLowerCase()) === entry) this.byCode.delete(code.toLowerCase());
    const title = entry.settings.title.toLowerCase();
    const left = (this.byTitle.get(title) ?? []).filter((other) => other !== entry);
    if (left.length > 0) this.byTitle.set(title, left);
    else this.byTitle.delete(title);
    this.size -= 1;
  }
}

/** Every discount of the store, read page by page; on the service each code discount's codes too (one listing each). */
export async function readDiscountIndex(store: Pick<DiscountStore, 'shape' | 'everyDiscount' | 'everyCode'>): Promise<DiscountIndex> {
  const shape = await store.shape();
  const index = new DiscountIndex();
  for await (const page of store.everyDiscount()) {
    index.pages += 1;
    for (const discount of page) index.put(await entryOf(store, discount, shape));
  }
  return index;
}

/** A discount with its codes: inside it on Genstore, read apart on the service (none read for a discount that holds none). */
export async function entryOf(store: Pick<DiscountStore, 'everyCode'>, discount: Discount, shape: DiscountShape): Promise<IndexEntry> {
  const reading = readDiscount(discount);
  if (shape === 'nested' || reading.discountMethod !== 'CODE_DISCOUNT' || reading.codesCount === '0') return { id: reading.id, settings: settingsOf(reading) };
  const codes: string[] = [];
  for await (const page of store.everyCode(reading.id)) codes.push(...page.map((code) => code.code));
  return { id: reading.id, settings: settingsOf(reading, codes) };
}

export const DISCOUNT_REJECTS: RejectColumns<DiscountText> = namedRejectColumns(DISCOUNT_COLUMNS);

/** The run's journal, as the discount kind tells it: each write before it is sent (awaited: on disk first), and what a create made. */
export interface DiscountWatch {
  beforeCreate(key: string, sent: DiscountWrite): Promise<void>;
  created(key: string, made: boolean, id: string | undefined): Promise<void>;
  beforeUpdate(id: string, key: string, before: DiscountSettings, sent: DiscountWrite): Promise<void>;
  /** A code added to a service discount the run did not make (the API deletes no code). */
  beforeAddCode(discountId: string, line: number, code: string | undefined): Promise<void>;
}

const CREATED: Outcome = { kind: 'created' };
const UNCHANGED: Outcome = { kind: 'unchanged' };
const reject = (reason: string): Outcome => ({ kind: 'rejected', reason });
/** What a create needs that a row (with --like, its template) may leave out. */
const REQUIRED: readonly SettingName[] = ['title', 'discountType', 'valueType', 'value'];

type Holder = { kind: 'none' } | { kind: 'one'; entry: IndexEntry } | { kind: 'several'; ids: string[]; by: 'codes' | 'title' };

/**
 * `index`: the store's discounts, read before the run; `rules`: the store's family and the
 * --like discount (`templateId`: the discount itself, which no row may be); `generated`: the
 * codes made for rows without one (by line).
 */
export function discountKind(
  store: DiscountStore,
  shape: DiscountShape,
  index: DiscountIndex,
  rules: RowRules & { templateId?: string },
  generated: ReadonlyMap<number, string>,
  watch?: DiscountWatch,
): RowKind<DiscountText, DiscountRow, DiscountLayout> {
  let refreshing: Promise<void> | undefined;
  /** The store read again (after a create refused as taken: another run, or this one's lost answer, made it meanwhile). */
  async function refresh(): Promise<void> {
    refreshing ??= (async () => {
      const fresh = await readDiscountIndex(store);
      index.byCode.clear();
      index.byTitle.clear();
      index.size = 0;
      for (const entries of fresh.byTitle.values()) for (const entry of entries) index.put(entry);
    })().finally(() => {
      refreshing = undefined;
    });
    await refreshing;
  }

  function holderOf(row: DiscountRow): Holder {
    if (row.codes.length > 0) {
      const entries = [...new Map(row.codes.flatMap((code) => index.byCode.get(code.toLowerCase()) ?? []).map((entry) => [entry.id, entry])).values()];
      if (entries.length > 1) return { kind: 'several', ids: entries.map((entry) => entry.id), by: 'codes' };
      return entries.length === 1 ? { kind: 'one', entry: entries[0]! } : { kind: 'none' };
    }
    const titled = index.byTitle.get((row.wanted.title ?? '').toLowerCase()) ?? [];
    if (titled.length > 1) return { kind: 'several', ids: titled.map((entry) => entry.id), by: 'title' };
    return titled.length === 1 ? { kind: 'one', entry: titled[0]! } : { kind: 'none' };
  }

  /** Genstore holds names unique: another discount holding the row's title. */
  function titleTaken(title: string | undefined, self?: string): IndexEntry | undefined {
    if (shape !== 'nested' || title === undefined) return undefined;
    return index.byTitle.get(title.toLowerCase())?.find((entry) => entry.id !== self);
  }

  async function applyRow(row: DiscountRow, dryRun: boolean): Promise<Outcome> {
    // A dry run makes no code: the row would be a new discount.
    if (row.pendingCode) return dryRun ? CREATED : reject('the row has no code, and none was generated for it: the file changed during the import');
    const holder = holderOf(row);
    if (holder.kind === 'several')
      return reject(
        `${holder.by === 'codes' ? 'its codes are held by' : 'the title is held by'} ${holder.ids.length} discounts (${holder.ids.join(', ')}): give the row one discount's`,
      );
    if (holder.kind === 'one') return reconcile(row, holder.entry, dryRun);
    const clash = titleTaken(row.wanted.title);
    if (clash !== undefined)
      return reject(
        `the title is discount ${clash.id}'s${clash.settings.codes[0] ? ` (code ${clash.settings.codes[0]})` : ''}, and discount names are unique on the store: give the row a title of its own`,
      );
    const missing = REQUIRED.filter((name) => row.wanted[name] === undefined);
    if (missing.length > 0)
      return reject(`the discount is not on the store, and the row lacks its ${missing.join(', ')} to make it (or --like DISCOUNT to copy them)`);
    if (dryRun) return CREATED;
    return create(row);
  }

  /** A discount the store holds: the row's settings it lacks written, the codes it lacks added (service). */
  async function reconcile(row: DiscountRow, entry: IndexEntry, dryRun: boolean): Promise<Outcome> {
    if (entry.id === rules.templateId) return reject('the row is the --like discount itself (its code or title): a copy needs a code of its own');
    const held = entry.settings;
    const { discountMethod, ...wanted } = row.wanted;
    if (discountMethod !== undefined && differences({ discountMethod }, held).length > 0) {
      return reject(
        `discount ${entry.id} is ${held.discountMethod}, and a discount's method cannot change: delete that discount, or give the row a code or title of its own`,
      );
    }
    const clash = wanted.title !== undefined && differences({ title: wanted.title }, held).length > 0 ? titleTaken(wanted.title, entry.id) : undefined;
    if (clash !== undefined) return reject(`the title is discount ${clash.id}'s, and discount names are unique on the store`);
    const changed = differences(wanted, held);
    const heldCodes = new Set(held.codes.map((code) => code.toLowerCase()));
    const newCodes = row.codes.filter((code) => !heldCodes.has(code.toLowerCase()));
    if (changed.length === 0 && newCodes.length === 0) return UNCHANGED;
    const updated: Outcome = { kind: 'updated', id: entry.id, before: JSON.stringify(Object.fromEntries(changed.map((name) => [name, held[name]]))) };
    if (dryRun) return updated;
    const sent: DiscountWrite = Object.fromEntries(changed.map((name) => [name, row.wanted[name]]));
    if (changed.length > 0) await watch?.beforeUpdate(entry.id, row.key, held, sent);
    let answer: Discount | undefined;
    const fields = changed.filter((name) => name !== 'status');
    if (fields.length > 0) answer = await store.update(entry.id, changeTo({ ...held, ...wanted }, fields));
    if (changed.includes('status')) answer = await store.setStatus(entry.id, wanted.status as 'ENABLED' | 'DISABLED');
    const codes = [...held.codes];
    for (const code of newCodes) {
      await watch?.beforeAddCode(entry.id, row.line, row.generated ? undefined : code);
      const added = await store.addCode(entry.id, code);
      if (added.kind === 'taken' && !added.afterLostAnswer)
        return reject(`the code ${code} is taken: another discount holds it (codes are unique in the store, ignoring case)`);
      codes.push(code);
    }
    index.put({ id: entry.id, settings: answer === undefined ? { ...held, codes } : settingsOf(readDiscount(answer), codes) }, entry);
    return updated;
  }

  /** A discount the store lacks: made with its code (Genstore), or made and its codes added (service); disabled after when the row says so. */
  async function create(row: DiscountRow): Promise<Outcome> {
    const sent: DiscountWrite = { ...row.wanted, codes: row.codes };
    await watch?.beforeCreate(row.key, sent);
    let made: Discount | undefined;
    try {
      const input = createInput(row, shape);
      if (shape === 'nested') {
        const answer = await store.createOrTaken(input);
        if (answer.kind === 'taken') return taken(row, answer.afterLostAnswer);
        made = answer.discount;
      } else made = await store.create(input);
    } catch (error) {
      // A refusal made nothing; without an answer (a store down) the journal stays unsure.
      if (isRowLevel(error)) await watch?.created(row.key, false, undefined);
      throw error;
    }
    if (made === undefined) {
      // Made, but answered without it (202, 204): found again by its code (or title).
      await refresh();
      const holder = holderOf(row);
      if (holder.kind !== 'one') {
        await watch?.created(row.key, true, undefined);
        return reject('the store made the discount without showing it, and no discount shows its code or title: discount list shows what it made');
      }
      made = await store.get(holder.entry.id);
    }
    const id = readDiscount(made).id;
    await watch?.created(row.key, true, id);
    return finish(row, id, made);
  }

  /** The codes (service) and the status a discount just made still lacks. */
  async function finish(row: DiscountRow, id: string, made: Discount): Promise<Outcome> {
    let answer = made;
    const codes = shape === 'nested' ? settingsOf(readDiscount(made)).codes : [];
    for (const code of shape === 'flat' ? row.codes : []) {
      const added = await store.addCode(id, code);
      if (added.kind === 'taken' && !added.afterLostAnswer)
        return reject(
          `discount ${id} was made, but its code ${code} is taken by another discount (codes are unique in the store, ignoring case): delete it with discount delete ${id}, or undo the run`,
        );
      codes.push(code);
    }
    if (row.wanted.status === 'DISABLED' && readDiscount(answer).status !== 'DISABLED') answer = await store.setStatus(id, 'DISABLED');
    index.put({ id, settings: settingsOf(readDiscount(answer), codes) });
    return { ...CREATED, id };
  }

  /**
   * Genstore refused the create as taken: the store is read again and the discount holding
   * the code (or title) found. After a lost answer it is this run's own (made, then the
   * resend refused); otherwise another run made it meanwhile, and the row is held to it.
   */
  async function taken(row: DiscountRow, afterLostAnswer: boolean): Promise<Outcome> {
    await refresh();
    const holder = holderOf(row);
    if (holder.kind !== 'one') {
      await watch?.created(row.key, false, undefined);
      const clash = titleTaken(row.wanted.title);
      return reject(
        clash !== undefined
          ? `the title is discount ${clash.id}'s, and discount names are unique on the store`
          : 'the store refused the discount as taken, and no discount shows its code or title',
      );
    }
    if (!afterLostAnswer) {
      await watch?.created(row.key, false, undefined);
      return reconcile(row, holder.entry, false);
    }
    await watch?.created(row.key, true, holder.entry.id);
    const outcome = await reconcile(row, holder.entry, false);
    return outcome.kind === 'rejected' ? outcome : { ...CREATED, id: holder.entry.id };
  }

  return {
    headerExample: DISCOUNT_COLUMNS.filter((name) => name !== 'discountId').join(','),
    unit: 'discount',
    readHeader: readDiscountHeader,
    rowText: discountText,
    // A generated code is written to --codes-out, and named here by the row's line.
    resultKey: (text) => text.code || (text.title !== '' ? text.title : `line ${text.line}`),
    shardKey: discountShardKey,
    check(text, fieldCount, layout) {
      const checked = checkDiscountRow(text, fieldCount, layout.width, rules, generated.get(text.line));
      return checked.ok ? checked : { ok: false, text, reason: checked.problem };
    },
    grouper: () => ({
      // One discount a row: codes and titles repeated in the file were refused before the run.
      push: (row) => ({ group: { key: row.key, rows: [row] } }),
      flush: () => undefined,
    }),
    async apply(group, dryRun, settle) {
      for (const row of group.rows) {
        const key = row.codes[0] !== undefined ? { key: row.codes[0] } : {};
        try {
          settle(row, { ...(await applyRow(row, dryRun)), ...key });
        } catch (error) {
          if (!isRowLevel(error)) throw error;
          settle(row, { ...reject(stripPeriod(error.message)), ...key });
        }
      }
    },
  };
}

/** What a create sends: the row's settings (with the template's), its code inside on Genstore (the service's codes are added after). */
function createInput(row: DiscountRow, shape: DiscountShape): DiscountCreate {
  const { wanted } = row;
  const names = (Object.keys(wanted) as SettingName[]).filter(
    (name) => name !== 'status' && name !== 'discountMethod' && wanted[name] !== undefined && !(wanted[name] === '' && name !== 'title'),
  );
  const change = changeTo({ ...EMPTY, ...wanted } as DiscountSettings, names);
  return {
    ...change,
    discountMethod: (wanted.discountMethod ?? 'CODE_DISCOUNT') as DiscountCreate['discountMethod'],
    ...(shape === 'nested' && row.codes[0] !== undefined ? { code: row.codes[0] } : {}),
  } as DiscountCreate;
}

const EMPTY: DiscountSettings = {
  title: '',
  discountType: '',
  valueType: '',
  value: '',
  discountMethod: '',
  eligibility: '',
  segmentIds: [],
  status: '',
  startTime: '',
  endTime: '',
  usageLimit: '',
  oncePerCustomer: '',
  codes: [],
};

/** An answer about this discount (4xx but a refused token or a rate limit); anything else is the engine's. */
function isRowLevel(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 429;
}
