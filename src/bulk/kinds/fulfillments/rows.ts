// Fulfillment rows: the file `fulfillment import` reads, a warehouse's tracking numbers,
// `order,trackingNumber,carrier,trackingUrl,lineItems,notify`: one row an order (its every line
// left to ship) or a line item (its `lineItems` naming it), and the checks of one row. Every
// check here runs in the pre-flight pass, before anything is sent. The tracking values are
// checked by the fulfillment declaration's own kinds, as `fulfillment create` checks its flags.
// Pure: no I/O.
import { fulfillments, type ShippedLine, type Tracking } from '../../../api/fulfillments/declaration.js';
import { idKey, nameKey, orderRef, type OrderRef } from '../../../api/orders/refs.js';
import { checkValues } from '../../../api/rest-resource.js';
import { FieldError, UsageError } from '../../../core/errors.js';
import { plural, pluralWord } from '../../../core/words.js';
import { cellsByName, columnLayout, findColumns, type ColumnLayout } from '../../engine/header.js';

export const FULFILLMENT_COLUMNS = ['order', 'trackingNumber', 'carrier', 'trackingUrl', 'lineItems', 'notify'] as const;
export type FulfillmentColumn = (typeof FULFILLMENT_COLUMNS)[number];

const REQUIRED = ['order', 'trackingNumber'] as const;
const OPTIONAL = FULFILLMENT_COLUMNS.filter((name) => !(REQUIRED as readonly string[]).includes(name));
/** A rejects file adds these: such a file imports as it is. */
const IGNORED = ['line', 'reason'] as const;

export type FulfillmentLayout = ColumnLayout<FulfillmentColumn>;

/** The cells of a row as the file has them ('' where absent). */
export interface FulfillmentText extends Record<FulfillmentColumn, string> {
  line: number;
}

export interface FulfillmentRow {
  line: number;
  text: FulfillmentText;
  order: OrderRef;
  /** How the file names the order, compared: `id:6000…161` or `name:#1001`. */
  orderKey: string;
  trackingNumber: string;
  /** The carrier, the tracking address and whether the customer is told, where the row gives them. */
  tracking: Omit<Tracking, 'trackingNumber'>;
  /** The lines it ships (none: every line left to ship); a line without a quantity, all that is left of it. */
  lines: ShippedLine[];
}

export function readFulfillmentHeader(cells: readonly string[], source: string): FulfillmentLayout {
  const found = findColumns(cells, source, { required: REQUIRED, optional: OPTIONAL, ignored: IGNORED });
  const missing = REQUIRED.filter((name) => !found.has(name));
  if (missing.length > 0) {
    throw new UsageError(
      `${source}: the header lacks the ${pluralWord(missing.length, 'column')} ${missing.join(' and ')}; it may name ${FULFILLMENT_COLUMNS.join(',')} (order and trackingNumber are required).`,
      false,
    );
  }
  return columnLayout<FulfillmentColumn>(found, cells.length);
}

/** Surrounding spaces are dropped from every cell. */
export function fulfillmentText(cells: readonly string[], line: number, layout: FulfillmentLayout): FulfillmentText {
  return { line, ...cellsByName(FULFILLMENT_COLUMNS, cells, layout) };
}

/** How the file names an order, compared: an id without leading zeros, a name ignoring case. */
export function orderKeyOf(ref: OrderRef): string {
  return ref.kind === 'id' ? `id:${idKey(ref.id)}` : `name:${ref.key}`;
}

/** Where --shard places a row: by its order as the file names it (a row without one, by its line). */
export function fulfillmentShardKey(text: FulfillmentText): string {
  const ref = orderRef(text.order);
  return ref === undefined ? `line:${text.line}` : orderKeyOf(ref);
}

/** Tracking numbers compare without surrounding spaces, ignoring case (carriers print them in capitals). */
export const trackingKey = (number: string) => nameKey(number);

/** A problem of a row: the column at fault and what is wrong. */
export interface RowProblem {
  column: FulfillmentColumn | 'row';
  problem: string;
}

export type CheckedFulfillment = { ok: true; row: FulfillmentRow } | ({ ok: false } & RowProblem);

const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?E[+-]?\d+$/i;
const SPREADSHEET =
  'is a number in scientific notation (like 6.00E+18): a spreadsheet rewrote it; format the column as text and take it from the original file';
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);
const COLUMN_OF: Readonly<Record<string, FulfillmentColumn>> = { trackingCompany: 'carrier', trackingNumber: 'trackingNumber', trackingUrl: 'trackingUrl' };

export function checkFulfillmentRow(text: FulfillmentText, fieldCount: number, width: number): CheckedFulfillment {
  const fail = (column: RowProblem['column'], problem: string): CheckedFulfillment => ({ ok: false, column, problem });
  if (fieldCount !== width) return fail('row', `the row has ${plural(fieldCount, 'field')} where the header has ${width}`);

  const order = orderRef(text.order);
  if (order === undefined) return fail('order', 'is empty; each row names its order by id or by name (#1001)');
  if (SCIENTIFIC.test(text.order)) return fail('order', SPREADSHEET);
  if (text.trackingNumber === '') return fail('trackingNumber', 'is empty; the import makes a fulfillment an order and tracking number');
  if (SCIENTIFIC.test(text.trackingNumber)) return fail('trackingNumber', SPREADSHEET);

  let tracking: Tracking;
  try {
    tracking = checkValues(
      {
        trackingCompany: fulfillments.fields.trackingCompany,
        trackingNumber: fulfillments.fields.trackingNumber,
        trackingUrl: fulfillments.fields.trackingUrl,
      },
      { trackingNumber: text.trackingNumber, trackingCompany: text.carrier || undefined, trackingUrl: text.trackingUrl || undefined },
    ) as Tracking;
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    const column = COLUMN_OF[error.field] ?? 'row';
    return fail(
      column,
      error
        .sentence(() => '')
        .trim()
        .replace(/\.$/, ''),
    );
  }

  const lines = lineItems(text.lineItems);
  if (typeof lines === 'string') return fail('lineItems', lines);

  const notify = text.notify.toLowerCase();
  if (notify !== '' && !TRUE.has(notify) && !FALSE.has(notify)) return fail('notify', `"${clip(text.notify)}" is not true or false (yes, no, 1, 0 too)`);

  const { trackingNumber, ...rest } = tracking;
  return {
    ok: true,
    row: {
      line: text.line,
      text,
      order,
      orderKey: orderKeyOf(order),
      trackingNumber: trackingNumber!,
      tracking: { ...rest, ...(notify === '' ? {} : { notifyCustomer: TRUE.has(notify) }) },
      lines,
    },
  };
}

/**
 * `6100000000000000009:2;6100000000000000010`: line item ids, each with an optional
 * `:quantity`, between them `;` or `,` (or spaces); '' is none. A problem as text.
 */
export function lineItems(cell: string): ShippedLine[] | string {
  if (cell === '') return [];
  const lines: ShippedLine[] = [];
  for (const item of cell.split(/[;,\s]+/).filter((part) => part !== '')) {
    if (SCIENTIFIC.test(item)) return SPREADSHEET;
    const match = /^(\d+)(?::(\d+))?$/.exec(item);
    const quantity = match?.[2] === undefined ? undefined : Number(match[2]);
    if (!match || (quantity !== undefined && (!Number.isSafeInteger(quantity) || quantity < 1)))
      return `"${clip(item)}" is not a line item id with an optional :quantity of at least 1, such as 6100000000000000009:2 (several between ; or ,)`;
    if (lines.some((line) => idKey(line.id) === idKey(match[1]!))) return `names the line item ${match[1]} twice`;
    lines.push(quantity === undefined ? { id: match[1]! } : { id: match[1]!, quantity });
  }
  return lines;
}

/** The reason a reject gives: "the trackingUrl must be …". */
export function problemReason({ column, problem }: RowProblem): string {
  return column === 'row' ? problem : `the ${column} ${problem}`;
}

function clip(text: string): string {
  return text.length > 30 ? `${text.slice(0, 27)}...` : text;
}
