// A discount as the sandbox stores it (`/discounts`, partners.genstore.ai "About Discount" and
// "Manage discounts"): what it takes off (type, value type, value), how it applies (a code or
// automatically), to whom (all customers or segments), its status and dates, and, for a code
// discount, its codes. The codes live inside their discount: a discount's delete takes them
// with it, and the data file and a seed read as the store's admin shows them.
import * as z from 'zod';
import { isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN } from '../money.js';
import { ID_PATTERN } from '../../state/ids.js';

/** The resource's key: its section in the data file, the journal and a seed. */
export const KEY = 'discounts';

export const DISCOUNT_TYPES = ['PRODUCT_DISCOUNT', 'ORDER_DISCOUNT', 'SHIPPING_DISCOUNT'] as const;
export const VALUE_TYPES = ['FIXED_AMOUNT_OFF', 'PERCENTAGE'] as const;
export const DISCOUNT_METHODS = ['CODE_DISCOUNT', 'AUTOMATIC_DISCOUNT'] as const;
export const ELIGIBILITIES = ['ALL', 'SEGMENT'] as const;
export const STATUSES = ['ENABLED', 'DISABLED'] as const;

/** Codes customers type at checkout: letters, digits, - and _, 3 to 50 (docs/decisions.md "Discounts"). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,50}$/;
export const TITLE_MAX_LENGTH = 255;

/** A percentage above 0 and at most 100, with at most 2 decimals; a fixed amount is money. */
export function isDiscountValue(valueType: (typeof VALUE_TYPES)[number], value: string): boolean {
  if (!AMOUNT_PATTERN.test(value) || Number(value) <= 0) return false;
  return valueType === 'FIXED_AMOUNT_OFF' || Number(value) <= 100;
}

const id = z.string().regex(ID_PATTERN);
const timestamp = z.string().refine(isTimestamp);

export const codeRecordSchema = z.strictObject({
  id,
  code: z.string().regex(CODE_PATTERN),
  usageCount: z.number().int().nonnegative(),
  createTime: timestamp,
});

export type DiscountCodeRecord = z.infer<typeof codeRecordSchema>;

export const discountRecordSchema = z.strictObject({
  id,
  title: z.string().min(1).max(TITLE_MAX_LENGTH),
  discountType: z.enum(DISCOUNT_TYPES),
  valueType: z.enum(VALUE_TYPES),
  value: z.string().regex(AMOUNT_PATTERN),
  discountMethod: z.enum(DISCOUNT_METHODS),
  eligibility: z.enum(ELIGIBILITIES),
  segmentIds: z.array(id),
  status: z.enum(STATUSES),
  startTime: timestamp,
  endTime: timestamp.nullable(),
  usageLimit: z.number().int().positive().nullable(),
  oncePerCustomer: z.boolean(),
  createTime: timestamp,
  updateTime: timestamp,
  /** Ascending by id; empty for an automatic discount. */
  codes: z.array(codeRecordSchema),
});

export type DiscountRecord = z.infer<typeof discountRecordSchema>;

/**
 * A journaled change: the discount as it now is without its codes (they are kept), one code
 * added to a discount, or the id of a discount deleted. A code is journaled alone, so that
 * adding the 2,000th code writes one code, not the 2,000.
 */
export const changeSchema = z.union([
  z.strictObject({ put: discountRecordSchema.omit({ codes: true }) }),
  z.strictObject({ code: codeRecordSchema, discountId: id }),
  z.strictObject({ remove: id }),
]);
