// The bodies of a gift card create and update read into plain values, every bad field named by
// its JSON path (`giftCard.balance`) in one answer; what the values mean is routes.ts's.
import { isCalendarDate } from '../dates.js';
import { FieldErrors, invalidField } from '../../http/sandbox-errors.js';
import { AMOUNT_PATTERN } from '../money.js';
import { CODE_PATTERN, NOTE_MAX_LENGTH } from './record.js';
import { canonicalId } from '../../state/ids.js';
import { isJsonNumber, isJsonObject, type JsonObject } from '../../http/body-json.js';
import { characterCount } from '../text.js';

export interface CreateGiftCardInput {
  code: string;
  initialValue: string;
  customerId: string | null;
  note: string | null;
  expireTime: string | null;
}

export interface UpdateGiftCardInput {
  balance: string;
  /** undefined: keep; null: clear (sent as an empty string). */
  note: string | null | undefined;
  /** undefined: keep; null: never expires. */
  expireTime: string | null | undefined;
}

function unwrap(body: unknown): JsonObject {
  if (!isJsonObject(body) || !isJsonObject(body.giftCard)) {
    throw invalidField('giftCard', 'is required: the body must be {"giftCard": {...}}');
  }
  return body.giftCard;
}

const field = (name: string) => `giftCard.${name}`;

function readAmount(errors: FieldErrors, card: JsonObject, name: string): string | undefined {
  const value = card[name];
  if (value === undefined || value === null) {
    errors.add(field(name), 'is required');
  } else if (isJsonNumber(value)) {
    errors.add(field(name), `must be a decimal string such as "25.00", not a JSON number`);
  } else if (typeof value !== 'string' || !AMOUNT_PATTERN.test(value)) {
    errors.add(field(name), 'must be a non-negative amount with at most 2 decimal places, such as "25.00"');
  } else {
    return value;
  }
  return undefined;
}

function readNote(errors: FieldErrors, card: JsonObject): string | undefined {
  const value = card.note;
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    errors.add(field('note'), 'must be a string');
  } else if (characterCount(value) > NOTE_MAX_LENGTH) {
    errors.add(field('note'), `must be at most ${NOTE_MAX_LENGTH} characters (it has ${characterCount(value)})`);
  } else {
    return value;
  }
  return undefined;
}

/** A date, or null for "never expires"; undefined when the field is absent. */
function readExpireTime(errors: FieldErrors, card: JsonObject): string | null | undefined {
  const value = card.expireTime;
  if (value === undefined || value === null) return value;
  if (typeof value === 'string' && isCalendarDate(value)) return value;
  errors.add(field('expireTime'), 'must be a calendar date YYYY-MM-DD, or null for a card that never expires');
  return undefined;
}

/** Ids arrive as JSON strings or numbers; both keep every digit thanks to the lossless parse. */
function readCustomerId(errors: FieldErrors, card: JsonObject): string | null {
  const value = card.customerId;
  if (value === undefined) return null;
  const text = isJsonNumber(value) ? value.toString() : typeof value === 'string' ? value : null;
  const id = text === null ? null : canonicalId(text);
  if (id === null || id === '0' || id.length > 20) {
    errors.add(field('customerId'), 'must be a positive numeric id, as a string or a number');
    return null;
  }
  return id;
}

export function parseCreateGiftCard(body: unknown): CreateGiftCardInput {
  const card = unwrap(body);
  const errors = new FieldErrors();
  let code: string | undefined;
  if (card.code === undefined || card.code === null) {
    errors.add(field('code'), 'is required');
  } else if (typeof card.code !== 'string' || !CODE_PATTERN.test(card.code)) {
    errors.add(field('code'), 'must be 8 to 20 letters or digits');
  } else {
    code = card.code;
  }
  const initialValue = readAmount(errors, card, 'initialValue');
  const customerId = readCustomerId(errors, card);
  const note = readNote(errors, card);
  const expireTime = readExpireTime(errors, card);
  errors.throwIfAny();
  return {
    code: code as string,
    initialValue: initialValue as string,
    customerId,
    note: note === undefined || note === '' ? null : note,
    expireTime: expireTime ?? null,
  };
}

export function parseUpdateGiftCard(body: unknown): UpdateGiftCardInput {
  const card = unwrap(body);
  const errors = new FieldErrors();
  const balance = readAmount(errors, card, 'balance');
  const note = readNote(errors, card);
  const expireTime = readExpireTime(errors, card);
  errors.throwIfAny();
  return {
    balance: balance as string,
    note: note === '' ? null : note,
    expireTime,
  };
}
