// Customers as a row kind of the import engine: one customer a row, known by its id when the
// row gives one, else by its email (ignoring case), else by its phone (both unique in a
// store). The store's customers are read first (CustomerIndex: the listing, 250 a page), so a
// row costs no read: a customer as the row says costs nothing (a re-run writes nothing), one
// that differs is updated (the fields that differ, one PUT), one the store lacks is created.
// A token not approved for protected fields is shown no email or phone: a row is then found
// by a search (one read), and its protected cells are not compared or sent to a customer
// the store holds (a withheld field is never overwritten, let alone blanked; a new customer
// gets them all). A create is never resent by the transport: after a lost answer the
// customer is looked for by its email (or phone) first, and sent again only when it is not
// there; a create the store refuses as taken after that is the lost attempt's own.
import type { CustomersApi } from '../../../api/customers/requests.js';
import type { Customer } from '../../../api/customers/declaration.js';
import {
  heldCustomer,
  isProtected,
  sameField,
  writeOf,
  type CustomerField,
  type CustomerFields,
  type CustomerWrite,
  type HeldCustomer,
} from '../../../api/customers/writable.js';
import { ApiError, CancelledError, NetworkError, UnconfirmedCreateError } from '../../../core/errors.js';
import { plural, stripPeriod } from '../../../core/words.js';
import { namedRejectColumns, type RejectColumns } from '../../engine/rejects.js';
import type { Outcome, RowKind } from '../../engine/row-kind.js';
import {
  checkCustomerRow,
  CUSTOMER_COLUMNS,
  CUSTOMER_HEADER_EXAMPLE,
  customerKey,
  customerText,
  readCustomerHeader,
  type CustomerLayout,
  type CustomerRow,
  type CustomerText,
} from './rows.js';

/** What the import needs of the store. */
export type CustomerStore = Pick<CustomersApi, 'everyCustomer' | 'find' | 'createWith' | 'updateWith'>;

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The store's customers as read before the import (and as the run leaves them): by id, email (lower case) and phone (digits). */
export class CustomerIndex {
  readonly byId = new Map<string, HeldCustomer>();
  readonly byEmail = new Map<string, HeldCustomer>();
  readonly byPhone = new Map<string, HeldCustomer>();
  /** Some customer came with its protected fields withheld: this token is shown no email or phone, so rows are found by search. */
  withheld = false;
  pages = 0;

  get size(): number {
    return this.byId.size;
  }

  put(entry: HeldCustomer): void {
    const replaced = this.byId.get(entry.id);
    if (replaced?.fields.email !== undefined && this.byEmail.get(replaced.fields.email.toLowerCase()) === replaced)
      this.byEmail.delete(replaced.fields.email.toLowerCase());
    if (replaced?.fields.phone !== undefined && this.byPhone.get(digitsOf(replaced.fields.phone)) === replaced)
      this.byPhone.delete(digitsOf(replaced.fields.phone));
    this.byId.set(entry.id, entry);
    if (entry.fields.email !== undefined) this.byEmail.set(entry.fields.email.toLowerCase(), entry);
    if (entry.fields.phone !== undefined) this.byPhone.set(digitsOf(entry.fields.phone), entry);
    if (entry.withheld.length > 0) this.withheld = true;
  }
}

/** Every customer of the store, read page by page (250 a page). */
export async function readCustomerIndex(store: Pick<CustomerStore, 'everyCustomer'>): Promise<CustomerIndex> {
  const index = new CustomerIndex();
  for await (const page of store.everyCustomer()) {
    index.pages += 1;
    for (const customer of page) index.put(heldCustomer(customer));
  }
  return index;
}

export const CUSTOMER_REJECTS: RejectColumns<CustomerText> = namedRejectColumns(CUSTOMER_COLUMNS);

/** The run's journal, as the customer kind tells it: each write before it is sent (awaited: on disk first), and what a create made. */
export interface CustomerWatch {
  beforeCreate(key: string, sent: CustomerWrite): Promise<void>;
  created(key: string, made: boolean, id: string | undefined): Promise<void>;
  beforeUpdate(id: string, key: string, before: CustomerWrite, sent: CustomerWrite): Promise<void>;
}

/** What the run counts beside its rows: customers whose protected cells were not sent, as this token may not read them. */
export interface CustomerTally {
  withheldRows: number;
}

const CREATED: Outcome = { kind: 'created' };
const UNCHANGED: Outcome = { kind: 'unchanged' };
const reject = (reason: string): Outcome => ({ kind: 'rejected', reason });
/** Creates sent for one row at the most: after a lost answer, once the customer was not found. */
const MAX_CREATES = 3;

type Holder = { kind: 'none' } | { kind: 'one'; entry: HeldCustomer } | { kind: 'several'; ids: string[] };

/** The fields a row sets, over empty lists (only the fields it gives are compared or sent). */
const fieldsOf = (row: CustomerRow): CustomerFields => ({ tags: [], addresses: [], ...row.wanted });

/**
 * `index`: the store's customers, read before the run; `unread`: why they could not be (a dry
 * run without a store to read, which then validates only: each row meets it again, so the
 * engine says so rather than plan against an empty store).
 */
export function customerKind(
  store: CustomerStore,
  index: CustomerIndex,
  tally: CustomerTally,
  watch?: CustomerWatch,
  unread?: unknown,
): RowKind<CustomerText, CustomerRow, CustomerLayout> {
  /** The customers a search by the row's email (or phone) finds now. */
  async function searched(row: CustomerRow): Promise<HeldCustomer[]> {
    const { email, phone } = row.wanted;
    if (email === undefined && phone === undefined) return [];
    const found = await store.find(email !== undefined ? { email } : { phone: phone! });
    return found.map((customer: Customer) => heldCustomer(customer));
  }

  async function holderOf(row: CustomerRow): Promise<Holder> {
    if (row.id !== undefined) {
      const entry = index.byId.get(row.id);
      return entry === undefined ? { kind: 'none' } : { kind: 'one', entry };
    }
    const { email, phone } = row.wanted;
    const known = email !== undefined ? index.byEmail.get(email.toLowerCase()) : phone !== undefined ? index.byPhone.get(digitsOf(phone)) : undefined;
    if (known !== undefined) return { kind: 'one', entry: known };
    // Shown no email or phone, the index cannot tell: the store's search can.
    if (!index.withheld) return { kind: 'none' };
    return holderAmong(await searched(row));
  }

  function holderAmong(found: HeldCustomer[]): Holder {
    if (found.length > 1) return { kind: 'several', ids: found.map((entry) => entry.id) };
    if (found.length === 0) return { kind: 'none' };
    const entry = index.byId.get(found[0]!.id) ?? found[0]!;
    return { kind: 'one', entry };
  }

  async function applyRow(row: CustomerRow, dryRun: boolean): Promise<Outcome> {
    const holder = await holderOf(row);
    if (holder.kind === 'several')
      return reject(
        `the store's search for its ${row.wanted.email !== undefined ? 'email' : 'phone'} finds ${holder.ids.length} customers (${holder.ids.join(', ')})`,
      );
    if (holder.kind === 'one') return reconcile(row, holder.entry, dryRun);
    if (row.id !== undefined)
      return reject(`no customer of the store has the id ${row.id} (an id is one store's: leave customerId empty, or export with --no-ids, to match by email)`);
    if (dryRun) return CREATED;
    return create(row);
  }

  /** A customer the store holds: the fields the row gives that differ written, those withheld from the token left alone. */
  async function reconcile(row: CustomerRow, entry: HeldCustomer, dryRun: boolean): Promise<Outcome> {
    const withheld = row.given.filter((name) => isProtected(name) && entry.withheld.includes(name));
    // The email (or phone) the customer was found by is its own: only the other protected cells go unsent.
    const foundBy = row.id !== undefined ? undefined : row.wanted.email !== undefined ? 'email' : 'phone';
    if (withheld.some((name) => name !== foundBy)) tally.withheldRows += 1;
    const wanted = fieldsOf(row);
    const changed = row.given.filter((name) => !withheld.includes(name) && !sameField(name, wanted, entry.fields));
    if (changed.length === 0) return { ...UNCHANGED, id: entry.id };
    const before = writeOf(entry.fields, changed);
    const updated: Outcome = { kind: 'updated', id: entry.id, before: JSON.stringify(before) };
    if (dryRun) return updated;
    const sent = writeOf(wanted, changed);
    await watch?.beforeUpdate(entry.id, row.key, before, sent);
    const answer = await store.updateWith(entry.id, sent);
    index.put(merged(entry.id, wanted, changed, entry, answer));
    return updated;
  }

  /**
   * A customer the store lacks, made with every field the row gives. A lost answer is
   * settled by a search for its email (or phone): found, it is the customer made; not
   * found, it is sent again (a few times at the most). A create refused as taken is looked
   * up the same way: after a lost answer it is the lost attempt's customer, otherwise one
   * another run made meanwhile, which the row is then held to.
   */
  async function create(row: CustomerRow): Promise<Outcome> {
    const wanted = fieldsOf(row);
    const sent = writeOf(wanted, row.given);
    let lost: UnconfirmedCreateError | undefined;
    for (let attempt = 1; attempt <= MAX_CREATES; attempt++) {
      await watch?.beforeCreate(row.key, sent);
      let made: Customer | undefined;
      try {
        made = await store.createWith(sent);
      } catch (error) {
        if (isTaken(error)) {
          const holder = holderAmong(await searched(row));
          if (holder.kind !== 'one') {
            await watch?.created(row.key, false, undefined);
            return holder.kind === 'several'
              ? reject(`the store refused it as taken, and its search finds ${holder.ids.length} customers (${holder.ids.join(', ')})`)
              : reject(stripPeriod(error.message));
          }
          if (lost === undefined) {
            await watch?.created(row.key, false, undefined);
            return reconcile(row, holder.entry, false);
          }
          return madeBy(row, holder.entry, wanted);
        }
        if (isRowLevel(error)) {
          await watch?.created(row.key, false, undefined);
          throw error;
        }
        if (!(error instanceof UnconfirmedCreateError) || error.failure instanceof CancelledError) throw error;
        lost = error;
        const holder = holderAmong(await searched(row));
        if (holder.kind === 'one') return madeBy(row, holder.entry, wanted);
        // Not there: that attempt made nothing (yet); the next one is journaled anew.
        await watch?.created(row.key, false, undefined);
        continue;
      }
      if (made === undefined) {
        // Made, but answered without it (202, 204): found by its email or phone.
        const holder = holderAmong(await searched(row));
        if (holder.kind !== 'one') {
          await watch?.created(row.key, true, undefined);
          return reject('the store made the customer without showing it, and its search does not find it: customer search shows what it made');
        }
        return madeBy(row, holder.entry, wanted);
      }
      const entry = heldCustomer(made);
      await watch?.created(row.key, true, entry.id);
      index.put(merged(entry.id, wanted, row.given, entry));
      return { ...CREATED, id: entry.id };
    }
    throw lostTooOften(lost!);
  }

  /** The customer a create made, found by its email or phone after its answer was lost (or refused as taken after that). */
  async function madeBy(row: CustomerRow, entry: HeldCustomer, wanted: CustomerFields): Promise<Outcome> {
    await watch?.created(row.key, true, entry.id);
    index.put(merged(entry.id, wanted, row.given, entry));
    return { ...CREATED, id: entry.id };
  }

  return {
    headerExample: CUSTOMER_HEADER_EXAMPLE,
    unit: 'customer',
    readHeader: readCustomerHeader,
    rowText: customerText,
    resultKey: (text) => text.customerId || text.email || text.phone || `line ${text.line}`,
    shardKey: customerKey,
    check(text, fieldCount, layout) {
      const checked = checkCustomerRow(text, fieldCount, layout.width);
      return checked.ok ? checked : { ok: false, text, reason: checked.problem };
    },
    grouper: () => ({
      // One customer a row: ids, emails and phones repeated in the file were refused before the run.
      push: (row) => ({ group: { key: row.key, rows: [row] } }),
      flush: () => undefined,
    }),
    async apply(group, dryRun, settle) {
      if (unread !== undefined) throw unread;
      for (const row of group.rows) {
        try {
          settle(row, await applyRow(row, dryRun));
        } catch (error) {
          if (!isRowLevel(error)) throw error;
          settle(row, reject(stripPeriod(error.message)));
        }
      }
    },
  };
}

/** The customer as the run leaves it: what it held, with the fields the run sent (`names` of `wanted`); withheld as the store's answer says. */
function merged(id: string, wanted: CustomerFields, names: readonly CustomerField[], held: HeldCustomer, answer?: Customer): HeldCustomer {
  const fields: CustomerFields = { ...held.fields };
  for (const name of names) Object.assign(fields, { [name]: wanted[name] });
  return { id, fields, withheld: answer === undefined ? held.withheld : heldCustomer(answer).withheld };
}

/** A create refused because the email or phone is another customer's (409). */
function isTaken(error: unknown): error is ApiError | UnconfirmedCreateError {
  const failure = error instanceof UnconfirmedCreateError ? error.failure : error;
  return failure instanceof ApiError && failure.status === 409;
}

/** An answer about this customer (4xx but a refused token or a rate limit); anything else is the engine's. */
function isRowLevel(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 429;
}

/**
 * A create whose answer was lost every time, the customer not found after each: the row fails
 * with the request's own failure (so the engine goes on, and stops as for any unanswered
 * request when the store stays down), saying that a re-run finds the customer rather than
 * making it twice.
 */
function lostTooOften(error: UnconfirmedCreateError): unknown {
  const message = `${stripPeriod(error.message)}; sent ${plural(MAX_CREATES, 'time')}, it was not found by its email or phone after any: a re-run finds it, or makes it`;
  const { failure } = error;
  if (failure instanceof NetworkError) return new NetworkError(message, failure.causeCode);
  if (failure instanceof ApiError) return new ApiError(message, { status: failure.status });
  return error;
}
