// The flags that describe a discount, shared by create and update, and their reading into
// the fields sent; and the filters list and count share. Each flag is the kebab-case of its API field. Imports nothing heavy: the
// verbs declare these at start-up.
import { DISCOUNT_METHODS, DISCOUNT_STATUSES, DISCOUNT_TYPES, ELIGIBILITIES, VALUE_TYPES, valuesText } from '../../api/discounts/fields.js';
import { UsageError } from '../../core/errors.js';
import { oneOf, text } from '../verb.js';

export const discountFlags = () => ({
  title: text('<text>', 'the title customers see in their cart (1..255 characters)'),
  discountType: text('<type>', `what it takes off: ${valuesText(DISCOUNT_TYPES)}`),
  valueType: text('<type>', `how the value reads: ${valuesText(VALUE_TYPES)}`),
  value: text('<decimal>', 'the amount off (such as 5.00) or the percentage (above 0, at most 100)'),
  eligibility: text('<who>', `who may use it: ${valuesText(ELIGIBILITIES)} (default: segment when --segment-ids is given, else all)`),
  segmentIds: text('<ids>', 'the customer segments that may use it (comma-separated ids), with --eligibility segment'),
  startTime: text('<time>', 'when it starts, such as 2026-12-01T00:00:00Z, or a date (its first second, UTC) (default: now)'),
  endTime: text('<time>', 'when it ends, such as 2026-12-31T23:59:59Z, or a date (its last second, UTC); none: it never ends (the default)'),
  usageLimit: text('<n>', 'how many times it may be used in all, 1..999999999; none: no limit (the default)'),
  oncePerCustomer: oneOf('<bool>', 'whether each customer may use it once only', ['true', 'false']),
});

/** What list and count filter by. */
export const filterFlags = () => ({
  status: text('<status>', `only discounts in this status: ${valuesText(DISCOUNT_STATUSES)}`),
  discountMethod: text('<method>', `only discounts that apply so: ${valuesText(DISCOUNT_METHODS)}`),
  discountType: text('<type>', `only discounts of this type: ${valuesText(DISCOUNT_TYPES)}`),
});

export const DISCOUNT_METHOD_FLAG = () => text('<method>', `how it applies: ${valuesText(DISCOUNT_METHODS)} (default: code)`);

export const CODE_FLAG = () =>
  text(
    '<code>',
    'the code customers type: on Genstore 8 letters and digits, on the service 3 to 50 letters, ' +
      'digits, - or _ (without it, Genstore generates one; a service discount is made without)',
  );

interface Given {
  title?: string | undefined;
  discountType?: string | undefined;
  valueType?: string | undefined;
  value?: string | undefined;
  discountMethod?: string | undefined;
  code?: string | undefined;
  eligibility?: string | undefined;
  segmentIds?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  usageLimit?: string | undefined;
  oncePerCustomer?: 'true' | 'false' | undefined;
}

/** The fields the flags give, unchecked (the schema checks them, naming each flag); only those given. */
export function fieldsOf(options: Given): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const copy = ['title', 'discountType', 'valueType', 'value', 'discountMethod', 'code', 'eligibility', 'startTime'] as const;
  for (const name of copy) if (options[name] !== undefined) fields[name] = options[name];
  if (options.segmentIds !== undefined) {
    const ids = options.segmentIds.split(',').map((id) => id.trim());
    if (ids.some((id) => id === '')) throw new UsageError(`--segment-ids must be segment ids separated by commas (got '${options.segmentIds}').`);
    fields.segmentIds = ids;
    fields.eligibility ??= 'SEGMENT';
  }
  if (options.endTime !== undefined) fields.endTime = options.endTime === 'none' ? null : options.endTime;
  if (options.usageLimit !== undefined) {
    if (options.usageLimit === 'none') fields.usageLimit = null;
    else if (/^\d{1,9}$/.test(options.usageLimit) && Number(options.usageLimit) >= 1) fields.usageLimit = Number(options.usageLimit);
    else throw new UsageError(`--usage-limit must be a whole number from 1 to 999999999, or none (got '${options.usageLimit}').`);
  }
  if (options.oncePerCustomer !== undefined) fields.oncePerCustomer = options.oncePerCustomer === 'true';
  return fields;
}
