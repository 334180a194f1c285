// Undo of a customer import's writes: a customer the run created is deleted, one it changed
// gets back the fields it held before. A customer that holds neither what the run wrote nor
// what it replaced was changed by someone else since, and is left alone unless forced. A
// create whose answer never came is looked for by its email (or phone), among the customers
// made since the run started. A field the store withholds from the token reading it now
// cannot be compared: it is taken as the run left it. Planned from the store as it is now,
// as runs/undo.ts plans every kind.
import type { Customer } from '../../../api/customers/declaration.js';
import {
  CUSTOMER_FIELDS,
  heldCustomer,
  sameField,
  writeOf,
  type CustomerField,
  type CustomerFields,
  type CustomerWrite,
  type HeldCustomer,
} from '../../../api/customers/writable.js';
import { unlessGone } from '../../../core/errors.js';
import type { KindUndo, UndoContext } from '../../runs/kind-undo.js';
import { keyedTargets, keyedWriteChecks, type KeyedCreate, type KeyedUpdate, type KeyedWriteEntry } from '../../runs/journaled-creates.js';
import type { JournalEntry } from '../../runs/run-journal.js';
import type { UndoStep } from '../../runs/undo-step.js';

/** The entries a customer write leaves in the journal (watch.ts writes them). */
export type CustomerEntry = KeyedWriteEntry<'customer', CustomerWrite, CustomerWrite>;

type CreatedCustomer = KeyedCreate<CustomerWrite>;
type UpdatedCustomer = KeyedUpdate<CustomerWrite, CustomerWrite>;

/**
 * The journal's customer entries folded: every customer created, and one target a customer
 * changed (each field as its first before-image has it, every write after).
 */
function customerTargets(entries: readonly JournalEntry[]): { created: CreatedCustomer[]; updated: UpdatedCustomer[] } {
  // A before-image holds the fields its write changed: a later one adds the fields an earlier write left alone.
  return keyedTargets(entries as readonly CustomerEntry[], (earlier, later) => ({ ...later, ...earlier }));
}

export const customerUndo: KindUndo = {
  entries: {
    ...keyedWriteChecks('customer'),
  },
  keys(entries) {
    const { created, updated } = customerTargets(entries);
    return [...created.map(createdKey), ...updated.map((change) => `customer ${change.id}`)];
  },
  plan: (entries, on) => customerSteps(customerTargets(entries), on),
};

/** How a step names a customer the run created: by the email (or phone) it was made with. */
function createdKey(made: CreatedCustomer): string {
  return `customer ${made.sent.email ?? made.sent.phone ?? made.key}`;
}

/** A write's fields, as undo compares them with a customer read now. */
function written(write: CustomerWrite): { names: CustomerField[]; fields: CustomerFields } {
  const names = CUSTOMER_FIELDS.filter((name) => write[name] !== undefined);
  return { names, fields: { tags: [], addresses: [], ...write } as CustomerFields };
}

/** The fields of `write` that `now` holds otherwise; a field withheld from the token reading it now is taken as written. */
function changedFrom(now: HeldCustomer, write: CustomerWrite): CustomerField[] {
  const { names, fields } = written(write);
  return names.filter((name) => !(now.withheld as readonly string[]).includes(name) && !sameField(name, fields, now.fields));
}

type Customers = UndoContext['api']['customers'];

async function customerSteps(targets: { created: CreatedCustomer[]; updated: UpdatedCustomer[] }, on: UndoContext): Promise<UndoStep[]> {
  const store = on.api.customers;
  const steps: UndoStep[] = [];
  const deleted = new Set<string>();
  for (const made of targets.created) {
    const key = createdKey(made);
    const found = made.id !== undefined ? await current(store, made.id) : await findCreated(store, made, on.started);
    if (found === undefined) {
      steps.push({ key, action: 'as-before', note: made.unsure ? 'the run was stopped while creating it, and no such customer exists' : 'already deleted' });
      continue;
    }
    if (found === 'ambiguous') {
      steps.push({
        key,
        action: 'cannot',
        note: 'several customers made since the run started have its email or phone: delete the right one with customer delete',
      });
      continue;
    }
    deleted.add(found.id);
    // Made by the run, it holds what the run sent and nothing else: a field filled in since is a change deleting it would lose.
    const changed = changedFrom(found, { ...writeOf({ tags: [], addresses: [] }, CUSTOMER_FIELDS), ...made.sent });
    if (!on.force && changed.length > 0) {
      steps.push({
        key,
        action: 'changed',
        note: `created by the run (customer ${found.id}), and its ${changed.join(' and ')} changed since: deleting it would lose that`,
      });
      continue;
    }
    steps.push({ key, action: 'delete', note: `created by the run (customer ${found.id})`, run: () => store.delete(found.id) });
  }

  for (const change of targets.updated) {
    if (deleted.has(change.id)) continue;
    const key = `customer ${change.id}`;
    const now = await current(store, change.id);
    if (now === undefined) {
      steps.push({ key, action: 'cannot', note: 'the customer is no longer on the store' });
      continue;
    }
    if (changedFrom(now, change.before).length === 0) {
      steps.push({ key, action: 'as-before' });
      continue;
    }
    const changed = changedFrom(now, change.sent);
    if (!on.force && changed.length > 0) {
      steps.push({ key, action: 'changed', note: `its ${changed.join(' and ')} changed since the run` });
      continue;
    }
    const { names, fields } = written(change.before);
    steps.push({ key, action: 'restore', run: () => store.updateWith(change.id, writeOf(fields, names)) });
  }
  return steps;
}

async function current(store: Customers, id: string): Promise<HeldCustomer | undefined> {
  const customer = await unlessGone(store.get(id));
  return customer === undefined ? undefined : heldCustomer(customer);
}

/**
 * A created customer the store gave no id for: the one customer with its email (or phone)
 * made since the run started (one made before it was the store's: the run would have
 * updated it rather than made it).
 */
async function findCreated(store: Customers, made: CreatedCustomer, started: string): Promise<HeldCustomer | 'ambiguous' | undefined> {
  const { email, phone } = made.sent;
  if (email === undefined && phone === undefined) return undefined;
  const since = Date.parse(started) - 1000;
  const found = (await store.find(email !== undefined ? { email } : { phone: phone! })).filter((customer) => !madeBefore(customer, since));
  if (found.length > 1) return 'ambiguous';
  return found[0] === undefined ? undefined : heldCustomer(found[0]);
}

/** Whether the store says it made the customer before `since` (a zone-less time, as Genstore writes them, is UTC). */
function madeBefore(customer: Customer, since: number): boolean {
  if (typeof customer.createTime !== 'string') return false;
  const time = /(Z|[+-]\d{2}:?\d{2})$/i.test(customer.createTime) ? customer.createTime : `${customer.createTime}Z`;
  const at = Date.parse(time);
  return !Number.isNaN(at) && at < since;
}
