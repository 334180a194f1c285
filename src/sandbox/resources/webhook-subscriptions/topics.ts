// The webhook topics the sandbox emits, and the limits of a subscription to one: shared by the
// resources that emit them, the subscriptions resource and the seed schema.

export const PRODUCT_TOPICS = { create: 'products/create', update: 'products/update', delete: 'products/delete' } as const;
export const COLLECTION_TOPICS = { create: 'collections/create', update: 'collections/update', delete: 'collections/delete' } as const;
export const CUSTOMER_TOPICS = { create: 'customers/create', update: 'customers/update', delete: 'customers/delete' } as const;

/**
 * Every topic the service documents (real-store-notes "Webhooks"; the order verbs are an
 * assumption, docs/decisions.md), in both dialects. The sandbox emits the product, collection
 * and customer ones, and orders/update and orders/cancelled; a subscription to another
 * documented topic is kept and never fires. Any other topic is refused: a store would never send it.
 */
export const SUBSCRIPTION_TOPICS: readonly string[] = [
  ...Object.values(PRODUCT_TOPICS),
  ...['create', 'update', 'delete', 'paid', 'cancelled', 'fulfilled', 'partiallyFulfilled'].map((verb) => `orders/${verb}`),
  ...['create', 'update', 'delete', 'merge'].map((verb) => `customers/${verb}`),
  ...Object.values(COLLECTION_TOPICS),
  ...['create', 'update', 'delete'].map((verb) => `discounts/${verb}`),
  'app/scopesUpdate',
  'app/uninstalled',
  'app/authorizationCodeGranted',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
];

export const MAX_ADDRESS_LENGTH = 2048;
