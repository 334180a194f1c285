// Request bodies of the order routes, each error at its JSON path.
import { isJsonObject } from '../../http/body-json.js';
import { FieldErrors, invalidField, malformedBody } from '../../http/sandbox-errors.js';
import { ID_PATTERN } from '../../state/ids.js';
import { AMOUNT_PATTERN } from '../money.js';
import { characterCount } from '../text.js';
import { CANCEL_REASONS, CREATED_FINANCIAL_STATUSES, NOTE_MAX_LENGTH, TAGS_MAX_LENGTH } from './record.js';

export interface OrderUpdateInput {
  note?: string;
  tags?: string;
}

/** `{"order": {"note"?, "tags"?}}`: the fields a placed order lets a merchant change. */
export function parseUpdateOrder(body: unknown): OrderUpdateInput {
  if (!isJsonObject(body) || !isJsonObject(body.order)) throw malformedBody('The body must be a JSON object {"order": {...}}.');
  const order = body.order;
  const input: OrderUpdateInput = {};
  for (const key of Object.keys(order)) {
    if (key !== 'note' && key !== 'tags') throw invalidField(`order.${key}`, 'cannot be changed on a placed order (note and tags can)');
  }
  if (order.note !== undefined) {
    if (typeof order.note !== 'string') throw invalidField('order.note', 'must be a string');
    if (characterCount(order.note) > NOTE_MAX_LENGTH) throw invalidField('order.note', `must be at most ${NOTE_MAX_LENGTH} characters`);
    input.note = order.note;
  }
  if (order.tags !== undefined) {
    if (typeof order.tags !== 'string') throw invalidField('order.tags', 'must be a string of comma-separated tags');
    if (characterCount(order.tags) > TAGS_MAX_LENGTH) throw invalidField('order.tags', `must be at most ${TAGS_MAX_LENGTH} characters`);
    input.tags = order.tags;
  }
  if (input.note === undefined && input.tags === undefined) throw invalidField('order', 'must change note or tags');
  return input;
}

/** `{"reason"?}`, or no body at all. */
export function parseCancelOrder(body: unknown): { reason?: (typeof CANCEL_REASONS)[number] } {
  if (body === undefined) return {};
  if (!isJsonObject(body)) throw malformedBody('The body of a cancel request must be a JSON object, such as {"reason": "customer"}.');
  if (body.reason === undefined) return {};
  const reason = CANCEL_REASONS.find((name) => name === body.reason);
  if (reason === undefined) throw invalidField('reason', `must be one of ${CANCEL_REASONS.join(', ')}`);
  return { reason };
}

/** One line of an order made through the API: a variant of the catalog, or a line of its own (a title and a price). */
export interface OrderLineInput {
  variantId?: string;
  title?: string;
  sku?: string;
  quantity: number;
  /** What the line was sold at; a variant's line defaults to the variant's price. */
  price?: string;
}

export interface OrderCreateInput {
  lineItems: OrderLineInput[];
  email?: string;
  customerId?: string;
  note?: string;
  tags?: string;
  sourceIdentifier?: string;
  financialStatus?: (typeof CREATED_FINANCIAL_STATUSES)[number];
  totalShippingPrice?: string;
  totalTax?: string;
  totalDiscounts?: string;
}

/** The most lines an order made through the API may have. */
export const MAX_CREATED_LINES = 250;

const CREATE_FIELDS = [
  'lineItems',
  'email',
  'customerId',
  'note',
  'tags',
  'sourceIdentifier',
  'financialStatus',
  'totalShippingPrice',
  'totalTax',
  'totalDiscounts',
];
const LINE_FIELDS = ['variantId', 'title', 'sku', 'quantity', 'price'];

/** An id or a whole number as text, whether it came as a JSON string or a number. */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || (typeof value === 'object' && value !== null && !Array.isArray(value) && !isJsonObject(value))
    ? String(value)
    : undefined;

/**
 * `{"order": {"lineItems": [...], "email"?, "customerId"?, "note"?, "tags"?, "sourceIdentifier"?,
 * "financialStatus"?, "totalShippingPrice"?, "totalTax"?, "totalDiscounts"?}}`: every error at its
 * JSON path, all of them at once; a field the create does not take is refused.
 */
export function parseCreateOrder(body: unknown): OrderCreateInput {
  if (!isJsonObject(body) || !isJsonObject(body.order)) throw malformedBody('The body must be a JSON object {"order": {...}}.');
  const order = body.order;
  const errors = new FieldErrors();
  for (const key of Object.keys(order)) if (!CREATE_FIELDS.includes(key)) errors.add(`order.${key}`, 'is not a field an order is made with');
  const input: OrderCreateInput = { lineItems: [] };
  const text = (name: 'email' | 'note' | 'tags' | 'sourceIdentifier', max: number, rule?: { test: RegExp; message: string }) => {
    const value = order[name];
    if (value === undefined || value === null) return;
    if (typeof value !== 'string') errors.add(`order.${name}`, 'must be a string');
    else if (characterCount(value) > max) errors.add(`order.${name}`, `must be at most ${max} characters`);
    else if (rule !== undefined && !rule.test.test(value)) errors.add(`order.${name}`, rule.message);
    else input[name] = value;
  };
  text('email', 255, { test: /^[^\s@]+@[^\s@]+$/, message: 'must be an email address' });
  text('note', NOTE_MAX_LENGTH);
  text('tags', TAGS_MAX_LENGTH);
  text('sourceIdentifier', 255);
  const amount = (name: 'totalShippingPrice' | 'totalTax' | 'totalDiscounts' | 'price', value: unknown, at: string): string | undefined => {
    const written = textOf(value);
    if (written !== undefined && AMOUNT_PATTERN.test(written)) return written;
    errors.add(at, 'must be a decimal amount such as 5.00, with at most 2 decimals');
    return undefined;
  };
  for (const name of ['totalShippingPrice', 'totalTax', 'totalDiscounts'] as const) {
    if (order[name] !== undefined && order[name] !== null) {
      const value = amount(name, order[name], `order.${name}`);
      if (value !== undefined) input[name] = value;
    }
  }
  if (order.customerId !== undefined && order.customerId !== null) {
    const id = textOf(order.customerId);
    if (id === undefined || !ID_PATTERN.test(id)) errors.add('order.customerId', 'must be the id of a customer');
    else input.customerId = id;
  }
  if (order.financialStatus !== undefined) {
    const status = CREATED_FINANCIAL_STATUSES.find((name) => name === order.financialStatus);
    if (status === undefined) errors.add('order.financialStatus', `must be one of ${CREATED_FINANCIAL_STATUSES.join(', ')} (an order is refunded by refunds)`);
    else input.financialStatus = status;
  }
  const lines = order.lineItems;
  if (!Array.isArray(lines) || lines.length === 0) errors.add('order.lineItems', 'must be an array of at least one line ({"variantId", "quantity"})');
  else if (lines.length > MAX_CREATED_LINES) errors.add('order.lineItems', `must have at most ${MAX_CREATED_LINES} lines`);
  else
    lines.forEach((raw: unknown, index) => {
      const at = `order.lineItems[${index}]`;
      if (!isJsonObject(raw)) return errors.add(at, 'must be an object {"variantId", "quantity"}');
      for (const key of Object.keys(raw)) if (!LINE_FIELDS.includes(key)) errors.add(`${at}.${key}`, 'is not a field of an order line');
      const quantity = Number(textOf(raw.quantity) ?? NaN);
      if (!Number.isSafeInteger(quantity) || quantity < 1) errors.add(`${at}.quantity`, 'must be a whole number of at least 1');
      const line: OrderLineInput = { quantity };
      if (raw.price !== undefined) {
        const price = amount('price', raw.price, `${at}.price`);
        if (price !== undefined) line.price = price;
      }
      if (raw.variantId !== undefined) {
        const id = textOf(raw.variantId);
        if (id === undefined || !ID_PATTERN.test(id)) errors.add(`${at}.variantId`, 'must be the id of a variant');
        else line.variantId = id;
      } else {
        // A line of its own: what the catalog would have given.
        if (typeof raw.title !== 'string' || raw.title.trim() === '') errors.add(`${at}.title`, 'is required of a line without a variantId');
        else line.title = raw.title;
        if (raw.price === undefined) errors.add(`${at}.price`, 'is required of a line without a variantId');
      }
      if (raw.sku !== undefined) {
        if (typeof raw.sku !== 'string') errors.add(`${at}.sku`, 'must be a string');
        else line.sku = raw.sku;
      }
      input.lineItems.push(line);
    });
  errors.throwIfAny();
  return input;
}
