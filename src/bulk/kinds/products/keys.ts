// What matches a row of `product import` to a product of the store (--key), free of any
// other module: the verb's flag declaration reads it without loading the import.
export const PRODUCT_KEYS = ['handle', 'sku', 'id'] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];
