// The webhook topics the sandbox emits, and the limits of a subscription to one: shared by the
// resources that emit them, the subscriptions resource and the seed schema.

export const PRODUCT_TOPICS = { create: 'products/create', update: 'products/update', delete: 'products/delete' } as const;
export const COLLECTION_TOPICS = { create: 'collections/create', update: 'collections/update', delete: 'collections/delete' } as const;
export const CUSTOMER_TOPICS = { create: 'customers/create', update: 'customers/update', delete: 'customers/delete' } as const;

/** Kept from an earlier reading of the order events: subscribed to in our dialect only (see subscriptionTopics). */
export const ORDERS_DELETE = 'orders/delete';

/**
 * Every topic the service documents (real-store-notes "Webhooks"; refunds/create as About
 * Refund's events list it), and orders/delete. The sandbox emits the product, collection and
 * customer ones, the orders' (but orders/delete) and refunds/create; a subscription to another
 * topic of the list is kept and never fires. Any other topic is refused: a store would never
 * send it. A seed or a data file may hold any.
 */
export const SUBSCRIPTION_TOPICS: readonly string[] = [
  ...Object.values(PRODUCT_TOPICS),
  ...['create', 'update', 'delete', 'paid', 'cancelled', 'fulfilled', 'partiallyFulfilled'].map((verb) => `orders/${verb}`),
  ...['create', 'update', 'delete', 'merge'].map((verb) => `customers/${verb}`),
  ...Object.values(COLLECTION_TOPICS),
  ...['create', 'update', 'delete'].map((verb) => `discounts/${verb}`),
  'refunds/create',
  'shop/update',
  'app/scopesUpdate',
  'app/uninstalled',
  'app/authorizationCodeGranted',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
];

/**
 * The topics a dialect takes a subscription to: every one in ours; in the real one those
 * Genstore documents, so orders/delete (which its order events do not list) is refused there.
 */
export function subscriptionTopics(ordersDelete: boolean): readonly string[] {
  return ordersDelete ? SUBSCRIPTION_TOPICS : SUBSCRIPTION_TOPICS.filter((topic) => topic !== ORDERS_DELETE);
}

export const MAX_ADDRESS_LENGTH = 2048;
