// Request bodies of the order routes, each error at its JSON path.
import { isJsonObject } from '../../http/body-json.js';
import { invalidField, malformedBody } from '../../http/sandbox-errors.js';
import { characterCount } from '../text.js';
import { CANCEL_REASONS, NOTE_MAX_LENGTH, TAGS_MAX_LENGTH } from './record.js';

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
