// The columns of discount listings, by name, in the order scripts `cut` them. The verbs
// declare them at start-up, so this module imports nothing; view.ts renders them.

/** The columns of `discount list`, in their order (code last: it came after the others, and scripts cut by position). */
export const DISCOUNT_LIST_COLUMNS = ['id', 'title', 'discountType', 'valueType', 'value', 'discountMethod', 'status', 'startTime', 'endTime', 'code'] as const;
export type DiscountListColumn = (typeof DISCOUNT_LIST_COLUMNS)[number];
