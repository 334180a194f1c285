// Discounts (partners.genstore.ai "About Discount", "Manage discounts"): the schema of a
// discount code as stores send it (a discount is read through declaration.ts), and the
// checks of every input before it is sent. The requests themselves are in requests.ts, the
// two wire shapes in wire-shape.ts. Only what we send is held to the documented values.
import * as z from 'zod/mini';
import type { Brand } from '../../core/brand.js';
import { UsageError } from '../../core/errors.js';
import type { DiscountCodeField } from './fields.js';
import { CODE_RULES, DISCOUNT_METHODS, DISCOUNT_STATUSES, DISCOUNT_TYPES, documentedValue, ELIGIBILITIES, VALUE_TYPES, valuesText } from './fields.js';
import { instantOf, timeToSend } from './times.js';
import { decimalAmount, numericId, parseInput, wireId, type Assert, type ExactFields, checkedAsSent, checkedListAsSent } from '../schema.js';

const nullableText = z.optional(z.nullable(z.string()));
const anything = z.optional(z.unknown());

export type { Discount } from './declaration.js';

export const discountCodeSchema = z.looseObject({
  id: z.optional(wireId),
  discountId: z.optional(z.nullable(wireId)),
  code: z.string(),
  usageCount: anything,
  createTime: nullableText,
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;
export type DiscountCodeFieldsCheck = Assert<ExactFields<typeof discountCodeSchema.shape, DiscountCodeField>>;

// ---- inputs, checked before anything is sent -------------------------------------------

/** One of the documented values, given as such or as its short word (any case). */
function documented<W extends Record<string, string>>(words: W) {
  return z.pipe(
    z.string().check(z.refine((given) => documentedValue(words, given) !== undefined, `must be ${valuesText(words)}`)),
    z.transform((given) => documentedValue(words, given)!),
  );
}

const PERCENTAGE = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;
const TIME_RULE = 'must be a time such as 2026-12-01T00:00:00Z or a date such as 2026-12-01';

/** A time as given, or a date (a start its first second, an end its last: wire-shape.ts timeToSend). */
function timeInput(edge: 'start' | 'end') {
  return z.pipe(
    z.string().check(z.refine((given) => timeToSend(given, edge) !== undefined, TIME_RULE)),
    z.transform((given) => timeToSend(given, edge)!),
  );
}

const usageLimit = z
  .int('must be a whole number from 1 to 999999999')
  .check(z.minimum(1, 'must be at least 1'), z.maximum(999_999_999, 'must be at most 999999999'));

const discountFields = {
  title: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters')),
  discountType: documented(DISCOUNT_TYPES),
  valueType: documented(VALUE_TYPES),
  value: decimalAmount(),
  discountMethod: documented(DISCOUNT_METHODS),
  eligibility: documented(ELIGIBILITIES),
  segmentIds: z.array(numericId()),
  startTime: timeInput('start'),
  endTime: z.nullable(timeInput('end')),
  usageLimit: z.nullable(usageLimit),
  oncePerCustomer: z.boolean(),
};

/** The settings a create and an update send as given, each left out when not: who may use it, when, how often. */
const settingsAsGiven = {
  eligibility: z.optional(discountFields.eligibility),
  segmentIds: z.optional(discountFields.segmentIds),
  startTime: z.optional(discountFields.startTime),
  endTime: z.optional(discountFields.endTime),
  usageLimit: z.optional(discountFields.usageLimit),
  oncePerCustomer: z.optional(discountFields.oncePerCustomer),
};

/** What a create sends: the four the store requires, the method (a code discount unless said), its code if given, and the rest as given. */
export const discountCreateInput = z
  .object({
    title: discountFields.title,
    discountType: discountFields.discountType,
    valueType: discountFields.valueType,
    value: discountFields.value,
    discountMethod: z._default(discountFields.discountMethod, 'CODE_DISCOUNT'),
    code: z.optional(z.string()),
    ...settingsAsGiven,
  })
  .check(z.refine((input) => valueFits(input.valueType, input.value), { message: 'must be above 0, and at most 100 for a percentage', path: ['value'] }));
export type DiscountCreate = z.output<typeof discountCreateInput>;

/** An update sends only what changes (the method and the code cannot change: a code may be in customers' hands). */
export const discountChangeInput = z.object({
  title: z.optional(discountFields.title),
  discountType: z.optional(discountFields.discountType),
  valueType: z.optional(discountFields.valueType),
  value: z.optional(discountFields.value),
  ...settingsAsGiven,
});
export type DiscountChange = z.output<typeof discountChangeInput> & { code?: undefined; discountMethod?: undefined };

export const discountListInput = z.object({
  limit: z.optional(
    z.int('must be a whole number between 1 and 250').check(z.minimum(1, 'must be between 1 and 250'), z.maximum(250, 'must be between 1 and 250')),
  ),
  sinceId: z.optional(numericId()),
  pageToken: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  status: z.optional(documented(DISCOUNT_STATUSES)),
  discountMethod: z.optional(documented(DISCOUNT_METHODS)),
  discountType: z.optional(documented(DISCOUNT_TYPES)),
});
export type DiscountList = z.output<typeof discountListInput>;
export type DiscountFilter = Pick<DiscountList, 'status' | 'discountMethod' | 'discountType'>;

/** A value of its type: a percentage above 0 and at most 100, an amount above 0. */
export function valueFits(valueType: string, value: string): boolean {
  if (Number(value) <= 0) return false;
  return valueType !== 'PERCENTAGE' || PERCENTAGE.test(value);
}

/** Why `code` cannot be a code of a store of `brand` (the rule in words); undefined when it can. */
export function codeProblem(code: string, brand: Brand): string | undefined {
  const { pattern, rule } = CODE_RULES[brand];
  return pattern.test(code) ? undefined : `must be ${rule}`;
}

/** A start after its end, in words naming both; undefined when they fit (or one is not given). */
export function timesProblem(
  startTime: string | undefined,
  endTime: string | null | undefined,
  names = { start: '--start-time', end: '--end-time' },
): string | undefined {
  if (startTime === undefined || endTime === undefined || endTime === null) return undefined;
  const [start, end] = [instantOf(startTime), instantOf(endTime)];
  if (start === undefined || end === undefined || start < end) return undefined;
  return `${names.start} (${startTime}) is not before ${names.end} (${endTime}): a discount must start before it ends`;
}

const idInput = z.object({ discountId: numericId() });
const idNames = { discountId: '<discountId>' };

/** A create's fields, checked whole: the code against the store's rule (`brand`), the start before the end. */
export function checkDiscountCreate(value: unknown, brand: Brand = 'service'): DiscountCreate {
  const input = parseInput(discountCreateInput, value);
  if (input.code !== undefined) {
    if (input.discountMethod !== 'CODE_DISCOUNT') throw new UsageError(`--code is for a code discount: an AUTOMATIC_DISCOUNT applies without one.`);
    const problem = codeProblem(input.code, brand);
    if (problem !== undefined) throw new UsageError(`--code ${problem} (got '${input.code.slice(0, 40)}').`);
  }
  const times = timesProblem(input.startTime, input.endTime);
  if (times !== undefined) throw new UsageError(`${times}.`);
  return input;
}

export function checkDiscountChange(value: unknown): DiscountChange {
  const change = parseInput(discountChangeInput, value);
  const times = timesProblem(change.startTime, change.endTime);
  if (times !== undefined) throw new UsageError(`${times}.`);
  return change;
}

export const checkDiscountList = (value: unknown): DiscountList => parseInput(discountListInput, value);
export const checkDiscountId = (discountId: unknown, names: Record<string, string> = idNames) => parseInput(idInput, { discountId }, names).discountId;

export const checkDiscountCode = (value: unknown): DiscountCode => checkedAsSent(discountCodeSchema, value, 'a discount code');

export const checkDiscountCodeList = (list: unknown): DiscountCode[] => checkedListAsSent(discountCodeSchema, list, 'a discount code list');
