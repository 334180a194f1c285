// The top-level fields of a discount and of a discount code, as --json selects them, and the
// documented values. Imports nothing: a verb declares its fields at start-up, on the --help
// path. schema.ts holds these lists to the schemas: a field added to one and not the other
// fails the type check. A discount comes in two shapes (wire-shape.ts): Genstore's nested one
// (discountId, promotionType holding the type, the method and the code) and the service's
// flat one (id, discountType, discountMethod, codesCount): the list names the fields of both.
import type { Brand } from '../../core/brand.js';

export const DISCOUNT_FIELDS = [
  'discountId',
  'id',
  'title',
  'promotionType',
  'discountType',
  'valueType',
  'value',
  'discountMethod',
  'eligibility',
  'segmentIds',
  'status',
  'startTime',
  'endTime',
  'usageLimit',
  'oncePerCustomer',
  'codesCount',
  'createTime',
  'updateTime',
] as const;
export type DiscountField = (typeof DISCOUNT_FIELDS)[number];

/** A discount's id by the name each shape gives it: `id` (the flat one), `discountId` (Genstore's nested one). */
export const DISCOUNT_ID_FIELDS = ['id', 'discountId'] as const satisfies readonly DiscountField[];

export const DISCOUNT_CODE_FIELDS = ['id', 'discountId', 'code', 'usageCount', 'createTime'] as const;
export type DiscountCodeField = (typeof DISCOUNT_CODE_FIELDS)[number];

/** The documented values ("Manage discounts"), and the short words a person may type for them. */
export const DISCOUNT_TYPES = { product: 'PRODUCT_DISCOUNT', order: 'ORDER_DISCOUNT', shipping: 'SHIPPING_DISCOUNT' } as const;
export const VALUE_TYPES = { fixed: 'FIXED_AMOUNT_OFF', percentage: 'PERCENTAGE' } as const;
export const DISCOUNT_METHODS = { code: 'CODE_DISCOUNT', automatic: 'AUTOMATIC_DISCOUNT' } as const;
export const ELIGIBILITIES = { all: 'ALL', segment: 'SEGMENT' } as const;
export const DISCOUNT_STATUSES = { enabled: 'ENABLED', disabled: 'DISABLED' } as const;

/** A word of `words` or its documented value (any case) -> the documented value; undefined for neither. */
export function documentedValue<W extends Record<string, string>>(words: W, given: string): W[keyof W] | undefined {
  const lower = given.toLowerCase();
  for (const [word, value] of Object.entries(words)) if (lower === word || lower === value.toLowerCase()) return value as W[keyof W];
  return undefined;
}

/** The short word of a documented value (`ORDER_DISCOUNT` -> `order`); undefined for a value the docs do not list. */
export function shortWord(words: Record<string, string>, value: string): string | undefined {
  return Object.entries(words).find(([, documented]) => documented === value)?.[0];
}

/** How a flag's help lists them: `one of product, order, shipping (or PRODUCT_DISCOUNT...)`. */
export function valuesText(words: Record<string, string>): string {
  return `one of ${Object.keys(words).join(', ')} (or ${Object.values(words).join(', ')})`;
}

/** What a discount code may be on a store of each family, and the rule in words (docs/decisions.md "Discounts"). */
export interface CodeRule {
  pattern: RegExp;
  rule: string;
}

/**
 * Genstore: the help centre's "a custom 8-digit code" of "alphanumeric combinations" (no
 * special characters), as the codes it generates are. The service: 3 to 50 letters, digits,
 * - or _ (our decision, what customers type at checkout).
 */
export const CODE_RULES: Readonly<Record<Brand, CodeRule>> = {
  genstore: { pattern: /^[A-Za-z0-9]{8}$/, rule: '8 letters and digits (Genstore takes "a custom 8-digit code" of letters and digits, no other characters)' },
  service: { pattern: /^[A-Za-z0-9_-]{3,50}$/, rule: '3 to 50 letters, digits, - or _' },
};

/** How long a code generated on the client is (an import row without one): Genstore's length, valid on both. */
export const GENERATED_DISCOUNT_CODE_LENGTH = 8;
