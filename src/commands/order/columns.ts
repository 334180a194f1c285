// The columns of order listings, by name, in the order scripts `cut` them. The verbs declare
// them at start-up (--help lists them, --columns checks against them), so this module imports
// nothing; view.ts renders them when a command prints.
export const ORDER_LIST_COLUMNS = [
  'orderId',
  'name',
  'createTime',
  'status',
  'financialStatus',
  'fulfillmentStatus',
  'totalPrice',
  'currency',
  'email',
] as const;
export type OrderListColumn = (typeof ORDER_LIST_COLUMNS)[number];
