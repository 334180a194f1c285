// The webhook topics the sandbox emits, and the limits of a subscription to one: shared by the
// resources that emit them, the subscriptions resource and the seed schema.

export const PRODUCT_TOPICS = { create: 'products/create', update: 'products/update', delete: 'products/delete' } as const;

/** The topics the sandbox emits; subscribing to anything else is refused, as it would never fire. */
export const SUBSCRIPTION_TOPICS: readonly string[] = Object.values(PRODUCT_TOPICS);

export const MAX_ADDRESS_LENGTH = 2048;
