// The closed sets of product values (the wire contract's choices). Free of the schema
// library, so --help can list them without loading zod.

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export const WEIGHT_UNITS = ['g', 'kg', 'lb', 'oz'] as const;
export const COLLECTION_TYPES = ['manual', 'smart'] as const;

/** The store's limits on a product's options and variants. */
export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
