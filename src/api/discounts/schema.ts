// Discounts (partners.genstore.ai "About Discount", "Manage discounts"): the schemas of a
// discount and of a discount code as stores send them, and the checks of every input before
// it is sent. The requests themselves are in requests.ts. The store's enums are read as any
// string (a store may add a type): only what we send is held to the documented values.
import * as z from 'zod/mini';
import type { DiscountCodeField, DiscountField } from './fields.js';
import { DISCOUNT_METHODS, DISCOUNT_STATUSES, DISCOUNT_TYPES, documentedValue, ELIGIBILITIES, VALUE_TYPES, valuesText } from './fields.js';
import { decimalAmount, numericId, parseInput, wireAmount, wireId, type Assert, type ExactFields, checkedAsSent, checkedListAsSent } from '../schema.js';

const nullableText = z.optional(z.nullable(z.string()));
const anything = z.optional(z.unknown());

/** A discount as the store sends it. Unknown fields are kept, so --json stays exact. */
export const discountSchema = z.looseObject({
  id: wireId,
  title: nullableText,
  discountType: nullableText,
  valueType: nullableText,
  value: z.optional(z.nullable(wireAmount)),
  discountMethod: nullableText,
  eligibility: nullableText,
  segmentIds: anything,
  status: nullableText,
  startTime: nullableText,
  endTime: nullableText,
  usageLimit: anything,
  oncePerCustomer: anything,
  codesCount: anything,
  createTime: nullableText,
  updateTime: nullableText,
});
export type Discount = z.infer<typeof discountSchema>;
export type DiscountFieldsCheck = Assert<ExactFields<typeof discountSchema.shape, DiscountField>>;

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
const timestamp = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/, 'must be a timestamp such as 2026-12-01T00:00:00Z'));
const usageLimit = z.int('must be a whole number from 1 to 999999999').check(z.minimum(1, 'must be at least 1'), z.maximum(999_999_999, 'must be at most 999999999'));

const discountFields = {
  title: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters')),
  discountType: documented(DISCOUNT_TYPES),
  valueType: documented(VALUE_TYPES),
  value: decimalAmount(),
  discountMethod: documented(DISCOUNT_METHODS),
  eligibility: documented(ELIGIBILITIES),
  segmentIds: z.array(numericId()),
  startTime: timestamp,
  endTime: z.nullable(timestamp),
  usageLimit: z.nullable(usageLimit),
  oncePerCustomer: z.boolean(),
};

/** What a create sends: the five the store requires, and the rest as given. */
export const discountCreateInput = z
  .object({
    title: discountFields.title,
    discountType: discountFields.discountType,
    valueType: discountFields.valueType,
    value: discountFields.value,
    discountMethod: discountFields.discountMethod,
    eligibility: z.optional(discountFields.eligibility),
    segmentIds: z.optional(discountFields.segmentIds),
    startTime: z.optional(discountFields.startTime),
    endTime: z.optional(discountFields.endTime),
    usageLimit: z.optional(discountFields.usageLimit),
    oncePerCustomer: z.optional(discountFields.oncePerCustomer),
  })
  .check(z.refine((input) => valueFits(input.valueType, input.value), { message: 'must be above 0, and at most 100 for a percentage', path: ['value'] }));
export type DiscountCreate = z.output<typeof discountCreateInput>;

/** An update sends only what changes (the method cannot change: its codes would mean nothing). */
export const discountChangeInput = z.object({
  title: z.optional(discountFields.title),
  discountType: z.optional(discountFields.discountType),
  valueType: z.optional(discountFields.valueType),
  value: z.optional(discountFields.value),
  eligibility: z.optional(discountFields.eligibility),
  segmentIds: z.optional(discountFields.segmentIds),
  startTime: z.optional(discountFields.startTime),
  endTime: z.optional(discountFields.endTime),
  usageLimit: z.optional(discountFields.usageLimit),
  oncePerCustomer: z.optional(discountFields.oncePerCustomer),
});
export type DiscountChange = z.output<typeof discountChangeInput>;

export const discountListInput = z.object({
  limit: z.optional(z.int('must be a whole number between 1 and 250').check(z.minimum(1, 'must be between 1 and 250'), z.maximum(250, 'must be between 1 and 250'))),
  sinceId: z.optional(numericId()),
  pageToken: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  status: z.optional(documented(DISCOUNT_STATUSES)),
  discountMethod: z.optional(documented(DISCOUNT_METHODS)),
  discountType: z.optional(documented(DISCOUNT_TYPES)),
});
export type DiscountList = z.output<typeof discountListInput>;

/** A value of its type: a percentage above 0 and at most 100, an amount above 0. */
export function valueFits(valueType: string, value: string): boolean {
  if (Number(value) <= 0) return false;
  return valueType !== 'PERCENTAGE' || PERCENTAGE.test(value);
}

const idInput = z.object({ discountId: numericId() });
const idNames = { discountId: '<discountId>' };

export const checkDiscountCreate = (value: unknown): DiscountCreate => parseInput(discountCreateInput, value);
export const checkDiscountChange = (value: unknown): DiscountChange => parseInput(discountChangeInput, value);
export const checkDiscountList = (value: unknown): DiscountList => parseInput(discountListInput, value);
export const checkDiscountId = (discountId: unknown, names: Record<string, string> = idNames) => parseInput(idInput, { discountId }, names).discountId;

export const checkDiscount = (value: unknown): Discount => checkedAsSent(discountSchema, value, 'a discount');

export const checkDiscountListAnswer = (list: unknown): Discount[] => checkedListAsSent(discountSchema, list, 'a discount list');

export const checkDiscountCode = (value: unknown): DiscountCode => checkedAsSent(discountCodeSchema, value, 'a discount code');

export const checkDiscountCodeList = (list: unknown): DiscountCode[] => checkedListAsSent(discountCodeSchema, list, 'a discount code list');
