// The top-level fields of an order, as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check. The names are the ones the store's
// "About Order" page shows (partners.genstore.ai/docs/api-rest/9); `id` beside `orderId`
// because its fulfilment guide lists orders with `id` (docs/decisions.md, "Orders").
export const ORDER_FIELDS = [
  'orderId',
  'id',
  'name',
  'status',
  'financialStatus',
  'fulfillmentStatus',
  'currency',
  'shopCurrency',
  'subtotalPrice',
  'totalTax',
  'totalShippingPrice',
  'totalDiscounts',
  'totalPrice',
  'totalOutstanding',
  'currentTotalDiscounts',
  'currentTotalTax',
  'customerId',
  'email',
  'note',
  'tags',
  'sourceIdentifier',
  'paymentGatewayNames',
  'lineItems',
  'refunds',
  'cancelReason',
  'cancelTime',
  'closedTime',
  'createTime',
  'updateTime',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** An order's id by the name each dialect gives it: `id` (ours, the fulfilment guide), `orderId` (Genstore's order sample). */
export const ORDER_ID_FIELDS = ['id', 'orderId'] as const satisfies readonly OrderField[];

/** The order statuses a listing filters by (`status`). */
export const ORDER_STATUSES = ['open', 'closed', 'cancelled', 'any'] as const;
/** Payment states (`financialStatus`), as the store's fulfilment guide filters by `paid`. */
export const FINANCIAL_STATUSES = ['pending', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided'] as const;
/** Fulfilment states (`fulfillmentStatus`): the docs' sample shows `partial`, the guide `unfulfilled`. */
export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled'] as const;
/** Why an order is cancelled (`--reason`). */
export const CANCEL_REASONS = ['customer', 'inventory', 'fraud', 'declined', 'other'] as const;
/** The largest page of an order listing (the store's page limit). */
export const MAX_ORDER_PAGE_SIZE = 250;
/** Without `read_all_orders` a token sees the orders of the last 60 days only. */
export const ORDER_WINDOW_DAYS = 60;
export const READ_ALL_ORDERS = 'read_all_orders';
