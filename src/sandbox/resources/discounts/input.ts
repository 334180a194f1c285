// Request bodies of the discount routes, each error at its JSON path: `{"discount": {...}}` to
// create or update (flat in our dialect; nested in the real one, read by nested-shape.ts into
// the same names, its errors at their nested paths), `{"status": ...}` to enable or disable,
// `{"discountCode": {"code"}}` to add a code (our dialect only).
import { FieldErrors, invalidField } from '../../http/sandbox-errors.js';
import { isJsonNumber, isJsonObject, type JsonObject } from '../../http/body-json.js';
import { formatTimestamp, isTimestamp } from '../dates.js';
import { canonicalId } from '../../state/ids.js';
import { characterCount } from '../text.js';
import { flattenNested, NESTED_CODE_PATTERN } from './nested-shape.js';
import {
  CODE_PATTERN,
  DISCOUNT_METHODS,
  DISCOUNT_TYPES,
  ELIGIBILITIES,
  isDiscountValue,
  STATUSES,
  TITLE_MAX_LENGTH,
  VALUE_TYPES,
  type DiscountRecord,
} from './record.js';

/** The fields a body may set; on create the sandbox fills in the rest. `code`: the one code inside a nested body. */
export type DiscountInput = Partial<Omit<DiscountRecord, 'id' | 'createTime' | 'updateTime' | 'codes'>> & { code?: string };

/** A field's JSON path, by its flat name. */
type PathOf = (name: string) => string;

function oneOf<T extends string>(errors: FieldErrors, fields: JsonObject, name: string, values: readonly T[], field: PathOf): T | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    errors.add(field(name), `must be one of ${values.join(', ')}`);
    return undefined;
  }
  return value as T;
}

function time(errors: FieldErrors, fields: JsonObject, name: string, field: PathOf): string | null | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') {
    errors.add(field(name), 'must be a timestamp such as 2026-12-01T00:00:00Z');
    return undefined;
  }
  // The real store writes times without a zone: read as UTC, as it shows them. An offset is converted.
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  const utc =
    match === null || !isTimestamp(`${match[1]}Z`)
      ? ''
      : match[3] === undefined || match[3] === 'Z'
        ? `${match[1]}Z`
        : formatTimestamp(new Date(`${match[1]}${match[3]}`));
  if (!isTimestamp(utc)) {
    errors.add(field(name), 'must be a timestamp such as 2026-12-01T00:00:00Z');
    return undefined;
  }
  return utc;
}

/**
 * `creating`: title, discountType, valueType, value and discountMethod are required. On
 * update only what is sent changes, and at least one field must be.
 */
export function readDiscountInput(body: unknown, creating: boolean, shape: 'flat' | 'nested'): DiscountInput {
  if (!isJsonObject(body) || !isJsonObject(body.discount)) throw invalidField('discount', 'is required: the body must be {"discount": {...}}');
  const errors = new FieldErrors();
  const { fields, path: field } =
    shape === 'nested' ? flattenNested(body.discount, errors) : { fields: body.discount, path: (name: string) => `discount.${name}` };
  const input: DiscountInput = {};

  const title = fields.title;
  if (title === undefined || title === null) {
    if (creating) errors.add(field('title'), 'is required');
  } else if (typeof title !== 'string' || title.trim() === '') errors.add(field('title'), 'must be a non-empty string');
  else if (characterCount(title) > TITLE_MAX_LENGTH) errors.add(field('title'), `must be at most ${TITLE_MAX_LENGTH} characters`);
  else input.title = title;

  const discountType = oneOf(errors, fields, 'discountType', DISCOUNT_TYPES, field);
  const valueType = oneOf(errors, fields, 'valueType', VALUE_TYPES, field);
  const discountMethod = oneOf(errors, fields, 'discountMethod', DISCOUNT_METHODS, field);
  const eligibility = oneOf(errors, fields, 'eligibility', ELIGIBILITIES, field);
  const status = oneOf(errors, fields, 'status', STATUSES, field);
  if (discountType) input.discountType = discountType;
  if (valueType) input.valueType = valueType;
  if (discountMethod) input.discountMethod = discountMethod;
  if (eligibility) input.eligibility = eligibility;
  if (status) input.status = status;
  if (creating)
    for (const name of ['discountType', 'valueType', 'discountMethod'] as const)
      if (fields[name] === undefined || fields[name] === null) errors.add(field(name), 'is required');

  const value = fields.value;
  if (value === undefined || value === null) {
    if (creating) errors.add(field('value'), 'is required');
  } else if (isJsonNumber(value)) errors.add(field('value'), 'must be a decimal string such as "10" or "5.50", not a JSON number');
  else if (typeof value !== 'string') errors.add(field('value'), 'must be a decimal string such as "10"');
  else input.value = value;

  const segmentIds = fields.segmentIds;
  if (segmentIds !== undefined && segmentIds !== null) {
    const ids = Array.isArray(segmentIds) ? segmentIds.map((one) => (typeof one === 'string' || isJsonNumber(one) ? canonicalId(String(one)) : null)) : [null];
    if (ids.some((one) => one === null)) errors.add(field('segmentIds'), 'must be an array of segment ids');
    else input.segmentIds = ids as string[];
  }

  const startTime = time(errors, fields, 'startTime', field);
  if (startTime === null) errors.add(field('startTime'), 'must be a timestamp (a discount starts some time)');
  else if (startTime !== undefined) input.startTime = startTime;
  const endTime = time(errors, fields, 'endTime', field);
  if (endTime !== undefined) input.endTime = endTime;

  const usageLimit = fields.usageLimit;
  if (usageLimit === null) input.usageLimit = null;
  else if (usageLimit !== undefined) {
    const text = isJsonNumber(usageLimit) ? String(usageLimit) : typeof usageLimit === 'number' ? String(usageLimit) : '';
    if (!/^[1-9][0-9]{0,8}$/.test(text)) errors.add(field('usageLimit'), 'must be a whole number from 1 to 999999999, or null for no limit');
    else input.usageLimit = Number(text);
  }

  const once = fields.oncePerCustomer;
  if (once !== undefined && once !== null) {
    if (typeof once !== 'boolean') errors.add(field('oncePerCustomer'), 'must be true or false');
    else input.oncePerCustomer = once;
  }

  // The one code inside a nested discount: Genstore's rule, and only on a code discount.
  const code = shape === 'nested' ? fields.code : undefined;
  if (code !== undefined && code !== null) {
    if (typeof code !== 'string' || !NESTED_CODE_PATTERN.test(code))
      errors.add(field('code'), 'must be 8 letters and digits (a custom 8-digit code, no special characters)');
    else if (discountMethod === 'AUTOMATIC_DISCOUNT') errors.add(field('code'), 'must not be given: an AUTOMATIC_DISCOUNT applies without a code');
    else input.code = code;
  }

  if (!creating && errors.empty && Object.keys(input).length === 0) errors.add('discount', 'must change at least one field');
  errors.throwIfAny();
  return input;
}

/** The value against its type, and the segments against the eligibility, once the record is whole. */
export function checkWhole(record: Pick<DiscountRecord, 'valueType' | 'value' | 'eligibility' | 'segmentIds' | 'startTime' | 'endTime'>): void {
  const errors = new FieldErrors();
  // These sit at the top of a discount in both shapes.
  const field = (name: string) => `discount.${name}`;
  if (!isDiscountValue(record.valueType, record.value)) {
    errors.add(
      field('value'),
      record.valueType === 'PERCENTAGE'
        ? 'must be a percentage above 0 and at most 100, with at most 2 decimals'
        : 'must be an amount above 0 with at most 2 decimals',
    );
  }
  if (record.eligibility === 'SEGMENT' && record.segmentIds.length === 0)
    errors.add(field('segmentIds'), 'must name at least one segment when eligibility is SEGMENT');
  if (record.eligibility === 'ALL' && record.segmentIds.length > 0) errors.add(field('segmentIds'), 'must be empty when eligibility is ALL');
  if (record.endTime !== null && record.endTime <= record.startTime) errors.add(field('endTime'), 'must be after startTime');
  errors.throwIfAny();
}

/** `{"status": "ENABLED" | "DISABLED"}`. */
export function readStatus(body: unknown): (typeof STATUSES)[number] {
  const status = isJsonObject(body) ? body.status : undefined;
  if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) throw invalidField('status', `must be one of ${STATUSES.join(', ')}`);
  return status as (typeof STATUSES)[number];
}

/** `{"discountCode": {"code": "SUMMER-10"}}`. */
export function readCodeInput(body: unknown): string {
  if (!isJsonObject(body) || !isJsonObject(body.discountCode))
    throw invalidField('discountCode', 'is required: the body must be {"discountCode": {"code": ...}}');
  const code = body.discountCode.code;
  if (typeof code !== 'string' || !CODE_PATTERN.test(code)) throw invalidField('discountCode.code', 'must be 3 to 50 letters, digits, - or _');
  return code;
}
