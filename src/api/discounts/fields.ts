// The top-level fields of a discount and of a discount code, as --json selects them. Imports
// nothing: a verb declares its fields at start-up, on the --help path. schema.ts holds these
// lists to the schemas: a field added to one and not the other fails the type check.
export const DISCOUNT_FIELDS = [
  'id',
  'title',
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

/** How a flag's help lists them: `one of product, order, shipping (or PRODUCT_DISCOUNT...)`. */
export function valuesText(words: Record<string, string>): string {
  return `one of ${Object.keys(words).join(', ')} (or ${Object.values(words).join(', ')})`;
}
