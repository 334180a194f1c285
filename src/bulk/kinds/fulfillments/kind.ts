// Fulfillments as a row kind of the import engine: idempotent by order and tracking number.
//
// The rows of one order that follow each other are one group; within it, the rows sharing a
// tracking number are one parcel, made as one fulfillment (their lines together). A parcel whose
// number the order already ships under is left alone (a re-run writes nothing); one the order
// has no room for (fulfilled already, its lines shipped) is a reject naming the fulfillment and
// number that shipped them; otherwise it is created (POST fulfillments, one request).
//
// What the order holds is read once: its state and lines from the listing read before the run
// (orders.ts), its fulfillments only when the listing says some may exist (an unfulfilled order
// has none that ship: its row costs its create alone). A create is never sent twice blindly: a
// fulfillment has no key the store could refuse a second one by, so after a lost answer the
// order's fulfillments are read, and the create is sent again only when none has the number.
import type { Fulfillment, ShippedLine, Tracking } from '../../../api/fulfillments/declaration.js';
import { orderLines, orderName, orderStatus } from '../../../api/orders/reading.js';
import { idKey } from '../../../api/orders/refs.js';
import type { Order } from '../../../api/orders/schema.js';
import { ApiError, CancelledError, NetworkError, UnconfirmedCreateError } from '../../../core/errors.js';
import { scalarText } from '../../../core/json.js';
import { plural, stripPeriod } from '../../../core/words.js';
import { namedRejectColumns, type RejectColumns } from '../../engine/rejects.js';
import type { Outcome, RowKind, Settle } from '../../engine/row-kind.js';
import type { OrderIndex } from './orders.js';
import {
  checkFulfillmentRow,
  FULFILLMENT_COLUMNS,
  fulfillmentShardKey,
  fulfillmentText,
  problemReason,
  readFulfillmentHeader,
  trackingKey,
  type FulfillmentLayout,
  type FulfillmentRow,
  type FulfillmentText,
} from './rows.js';
import { fulfillmentJsonlRecords } from './jsonl.js';

/** What the import needs of the store: FulfillmentsApi, or a fake in unit tests. */
export interface FulfillmentStore {
  fulfillmentsOf(orderId: string): Promise<Fulfillment[]>;
  /** Never resent by the HTTP client once it may have reached the store: a lost answer is an UnconfirmedCreateError. */
  create(orderId: string, lines: readonly ShippedLine[], tracking: Tracking): Promise<Fulfillment>;
}

/** The run's journal, as the fulfillment kind tells it: each create before it is sent, and what it made. */
export interface FulfillmentWatch {
  beforeCreate(orderId: string, trackingNumber: string): Promise<void>;
  /** `made` false: the store refused it (nothing made). A lost answer not found again is told nothing: the create stays unsure. */
  created(orderId: string, trackingNumber: string, made: boolean, id: string | undefined): Promise<void>;
}

/** A rejects file's columns: the row's own. */
export const FULFILLMENT_REJECTS: RejectColumns<FulfillmentText> = namedRejectColumns(FULFILLMENT_COLUMNS);

/** Creates of one parcel after lost answers, each sent only once the order showed none: as many as the bulk policy's tries. */
export const MAX_CREATES = 6;

const reject = (reason: string): Outcome => ({ kind: 'rejected', reason });

/** One fulfillment to make: the rows of one order sharing a tracking number. */
interface Parcel {
  trackingNumber: string;
  rows: FulfillmentRow[];
  lines: ShippedLine[];
  tracking: Omit<Tracking, 'trackingNumber'>;
}

/** A line a fulfillment ships, as the store wrote it. */
interface ShippedAs {
  id: string;
  quantity: number;
}

const idOfFulfillment = (fulfillment: Fulfillment) => scalarText(fulfillment.id);
const numberOf = (fulfillment: Fulfillment) => scalarText(fulfillment.trackingNumber);
const isCancelled = (fulfillment: Fulfillment) => scalarText(fulfillment.status).toLowerCase() === 'cancelled';
const sameNumber = (fulfillment: Fulfillment, number: string) => trackingKey(numberOf(fulfillment)) === trackingKey(number);

/** The lines a fulfillment ships, read tolerantly (`id` or `lineItemId`); a line of no known form is left out. */
function shippedBy(fulfillment: Fulfillment): ShippedAs[] {
  const items = Array.isArray(fulfillment.lineItems) ? (fulfillment.lineItems as unknown[]) : [];
  return items.flatMap((item) => {
    if (item === null || typeof item !== 'object') return [];
    const record = item as Record<string, unknown>;
    const id = scalarText(record.id ?? record.lineItemId);
    const quantity = Number(scalarText(record.quantity));
    return /^\d+$/.test(id) && Number.isSafeInteger(quantity) ? [{ id: idKey(id), quantity }] : [];
  });
}

/** `tracking number 1Z999 (fulfillment 62…01)`, for each of `fulfillments`. */
function numbers(fulfillments: readonly Fulfillment[]): string {
  const named = fulfillments.map((f) => `${numberOf(f) || '(none)'} (fulfillment ${idOfFulfillment(f)})`);
  return `${named.length === 1 ? 'tracking number' : 'tracking numbers'} ${named.join(', ')}`;
}

export function fulfillmentKind(
  store: FulfillmentStore,
  index: OrderIndex | undefined,
  watch?: FulfillmentWatch,
  offline?: unknown,
): RowKind<FulfillmentText, FulfillmentRow, FulfillmentLayout> {
  /** Each order's fulfillments as read, with what the run made since: a later group of the order reads them here. */
  const known = new Map<string, Fulfillment[]>();
  /** Orders the run made (or, in a dry run, would make) a fulfillment for: their state as listed is no longer theirs. */
  const shippedNow = new Set<string>();

  async function fulfillmentsOf(id: string, order: Order): Promise<Fulfillment[]> {
    const held = known.get(id);
    if (held !== undefined) return held;
    // The listing says none ships: no read (the one request of a fresh row is its create).
    const read = scalarText(order.fulfillmentStatus).toLowerCase() === 'unfulfilled' ? [] : await store.fulfillmentsOf(id);
    known.set(id, read);
    return read;
  }

  /** Each line of the order, what is left of it to ship once `shipped` shipped theirs; undefined when the order shows no lines to count. */
  function leftToShip(order: Order, shipped: readonly Fulfillment[]): Map<string, number> | undefined {
    const lines = orderLines(order);
    if (lines.length === 0 || lines.some((line) => !/^\d+$/.test(line.id) || !/^\d+$/.test(line.quantity))) return undefined;
    const left = new Map(lines.map((line) => [idKey(line.id), Number(line.quantity)]));
    for (const fulfillment of shipped) for (const line of shippedBy(fulfillment)) left.set(line.id, (left.get(line.id) ?? 0) - line.quantity);
    return left;
  }

  async function applyGroup(rows: readonly FulfillmentRow[], dryRun: boolean, settle: Settle<FulfillmentRow>): Promise<void> {
    if (index === undefined) throw offline;
    const first = rows[0]!;
    const found = index.match(first.order, first.text.order);
    const every = (outcome: Outcome) => rows.forEach((row) => settle(row, outcome));
    if (found.kind === 'missing') return every(reject(found.reason));
    const { id, order } = found;
    const label = `order ${orderName(order) || id}`;
    if (orderStatus(order) === 'cancelled') return every(reject(`${label} is cancelled, and a cancelled order cannot be fulfilled`));
    if (Array.isArray(order.lineItems) && order.lineItems.length === 0) return every(reject(`${label} has no line items to ship`));
    const existing = await fulfillmentsOf(id, order);
    for (const parcel of parcelsOf(rows)) {
      let outcome: Outcome;
      try {
        outcome = await applyParcel(id, order, label, parcel, existing, dryRun);
      } catch (error) {
        if (!isRowLevel(error)) throw error;
        outcome = reject(stripPeriod(error.message));
      }
      for (const row of parcel.rows) settle(row, outcome);
    }
  }

  async function applyParcel(id: string, order: Order, label: string, parcel: Parcel, existing: Fulfillment[], dryRun: boolean): Promise<Outcome> {
    const { trackingNumber, tracking } = parcel;
    const shipping = existing.filter((fulfillment) => !isCancelled(fulfillment));
    const same = shipping.find((fulfillment) => sameNumber(fulfillment, trackingNumber));
    if (same !== undefined) return asHeld(label, parcel, same);
    const left = leftToShip(order, shipping);
    const listedFulfilled = scalarText(order.fulfillmentStatus).toLowerCase() === 'fulfilled' && !shippedNow.has(id);
    // The listing's word stands where the order's fulfillments would leave room (an order marked fulfilled by other means).
    const nothingLeft = listedFulfilled || (left !== undefined && [...left.values()].every((quantity) => quantity <= 0));
    if (nothingLeft) return reject(`${label} is fulfilled already${shipping.length > 0 ? `, with ${numbers(shipping)}` : ''}`);
    const lines: ShippedLine[] = [];
    for (const line of parcel.lines) {
      const key = idKey(line.id);
      if (left === undefined) {
        lines.push(line);
        continue;
      }
      const room = left.get(key);
      if (room === undefined) return reject(`line item ${line.id} is not one of ${label}'s (its line items: ${[...left.keys()].join(', ')})`);
      if (room <= 0) {
        const by = shipping.filter((fulfillment) => shippedBy(fulfillment).some((shipped) => shipped.id === key));
        return reject(`line item ${line.id} of ${label} is shipped already${by.length > 0 ? `, with ${numbers(by)}` : ''}`);
      }
      if (line.quantity !== undefined && line.quantity > room) return reject(`line item ${line.id} of ${label} has ${room} left to ship, not ${line.quantity}`);
      lines.push({ id: line.id, quantity: line.quantity ?? room });
    }
    if (dryRun) {
      // What it would ship counts for the order's next parcels.
      const ships =
        lines.length > 0
          ? lines
          : [...(left ?? new Map<string, number>())].filter(([, room]) => room > 0).map(([lineId, quantity]) => ({ id: lineId, quantity }));
      existing.push({ id: '', trackingNumber, status: 'success', lineItems: ships } as Fulfillment);
      shippedNow.add(id);
      return { kind: 'created' };
    }
    const made = await create(id, lines, { ...tracking, trackingNumber }, existing);
    existing.push(made);
    shippedNow.add(id);
    return { kind: 'created', id: idOfFulfillment(made) };
  }

  /** A parcel whose number the order ships under already: unchanged, unless the row says another carrier, address or lines. */
  function asHeld(label: string, parcel: Parcel, held: Fulfillment): Outcome {
    const id = idOfFulfillment(held);
    const change = `fulfillment update-tracking ${id} changes it`;
    const carrier = scalarText(held.trackingCompany);
    const { trackingCompany, trackingUrl } = parcel.tracking;
    if (trackingCompany !== undefined && carrier.toLowerCase() !== trackingCompany.toLowerCase())
      return reject(
        `${label} ships tracking number ${parcel.trackingNumber} already with the carrier ${carrier || '(none)'} (fulfillment ${id}), not ${trackingCompany}: ${change}`,
      );
    const url = scalarText(held.trackingUrl);
    if (trackingUrl !== undefined && url !== trackingUrl)
      return reject(
        `${label} ships tracking number ${parcel.trackingNumber} already with the tracking URL ${url || '(none)'} (fulfillment ${id}), not the row's: ${change}`,
      );
    const ships = new Set(shippedBy(held).map((line) => line.id));
    const others = parcel.lines.filter((line) => !ships.has(idKey(line.id)));
    if (others.length > 0)
      return reject(
        `${label}'s fulfillment ${id} with tracking number ${parcel.trackingNumber} ships ${plural(ships.size, 'other line item')}, not ${others.map((line) => line.id).join(', ')}: a fulfillment's lines cannot change, so give ${others.length === 1 ? 'it' : 'them'} a tracking number of ${others.length === 1 ? 'its' : 'their'} own`,
      );
    return { kind: 'unchanged', id };
  }

  /**
   * A POST of the parcel, journaled first. After a lost answer (or the store's failure) the
   * order's fulfillments are read: one with the number that was not there before is the one
   * made; none, and it is sent again (MAX_CREATES at most), the lost create left unsure in the
   * journal (undo looks for every fulfillment of the order with the number made since the run began).
   */
  async function create(orderId: string, lines: readonly ShippedLine[], tracking: Tracking, before: readonly Fulfillment[]): Promise<Fulfillment> {
    const number = tracking.trackingNumber!;
    const earlier = new Set(before.map(idOfFulfillment));
    for (let attempt = 1; ; attempt++) {
      await watch?.beforeCreate(orderId, number);
      try {
        const made = await store.create(orderId, lines, tracking);
        await watch?.created(orderId, number, true, idOfFulfillment(made));
        return made;
      } catch (error) {
        // A refusal made nothing; a lost answer leaves the journal unsure until the order shows it.
        if (isRowLevel(error)) await watch?.created(orderId, number, false, undefined);
        if (!(error instanceof UnconfirmedCreateError) || error.failure instanceof CancelledError) throw error;
        const shown = (await store.fulfillmentsOf(orderId)).find((f) => !isCancelled(f) && sameNumber(f, number) && !earlier.has(idOfFulfillment(f)));
        if (shown !== undefined) {
          await watch?.created(orderId, number, true, idOfFulfillment(shown));
          return shown;
        }
        if (attempt >= MAX_CREATES) throw notMade(error, attempt);
      }
    }
  }

  return {
    headerExample: FULFILLMENT_COLUMNS.join(','),
    unit: 'order',
    offlineUnchecked: 'orders not looked up (the store could not be read)',
    jsonlRecords: fulfillmentJsonlRecords,
    readHeader: readFulfillmentHeader,
    rowText: fulfillmentText,
    resultKey: (text) => `${text.order}/${text.trackingNumber}`,
    shardKey: fulfillmentShardKey,
    check(text, fieldCount, layout) {
      const checked = checkFulfillmentRow(text, fieldCount, layout.width);
      return checked.ok ? checked : { ok: false, text, reason: problemReason(checked) };
    },
    grouper: () => {
      let current: { key: string; rows: FulfillmentRow[] } | undefined;
      // The order's id where the index knows it: rows naming one order by id and by name are applied one after the other.
      const keyOf = (row: FulfillmentRow) => {
        const found = index?.match(row.order, row.text.order);
        return found?.kind === 'order' ? `order:${idKey(found.id)}` : row.orderKey;
      };
      return {
        push(row) {
          const key = keyOf(row);
          if (current !== undefined && current.key === key) {
            current.rows.push(row);
            return {};
          }
          const done = current;
          current = { key, rows: [row] };
          return done === undefined ? {} : { group: done };
        },
        flush() {
          const done = current;
          current = undefined;
          return done;
        },
      };
    },
    apply: (group, dryRun, settle) => applyGroup(group.rows, dryRun, settle),
  };
}

/** The group's rows by tracking number, in the file's order: each one fulfillment, its rows' lines together. */
function parcelsOf(rows: readonly FulfillmentRow[]): Parcel[] {
  const parcels = new Map<string, Parcel>();
  for (const row of rows) {
    const key = trackingKey(row.trackingNumber);
    const parcel = parcels.get(key);
    if (parcel === undefined) parcels.set(key, { trackingNumber: row.trackingNumber, rows: [row], lines: [...row.lines], tracking: { ...row.tracking } });
    else {
      parcel.rows.push(row);
      parcel.lines.push(...row.lines);
      // The pre-flight held the rows of a parcel to agree: a cell one leaves empty, another may give.
      parcel.tracking = { ...row.tracking, ...parcel.tracking };
    }
  }
  return [...parcels.values()];
}

/** A create not made after MAX_CREATES lost answers: the row fails with the request's own failure (the engine goes on, or stops when the store stays down). */
function notMade(error: UnconfirmedCreateError, attempts: number): unknown {
  const message = `${stripPeriod(error.message)}; after ${plural(attempts, 'try', 'tries')} the order shows no fulfillment with the number: a re-run looks for it again before making it`;
  const { failure } = error;
  if (failure instanceof NetworkError) return new NetworkError(message, failure.causeCode);
  if (failure instanceof ApiError) return new ApiError(message, { status: failure.status });
  return error;
}

/** An answer about this order (4xx but a refused token or a rate limit); anything else is the engine's. */
function isRowLevel(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 429;
}
