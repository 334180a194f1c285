// What product get and edit print, by name, declared here (light) so that --help names
// them and product-view.ts builds its views from the same lists.

/** The columns of the variant rows, in the order scripts `cut` them. */
export const VARIANT_COLUMNS = ['variantId', 'options', 'sku', 'price', 'compareOfPrice', 'costPrice', 'weight', 'weightUnit', 'stock', 'barcode'] as const;

export type VariantColumn = (typeof VARIANT_COLUMNS)[number];

/** The fields of each change `product edit --dry-run --json` prints. */
export const CHANGE_FIELDS = ['field', 'before', 'after'] as const;
