// The columns of product listings, variant rows and an edit's changes, by name, in the order scripts `cut` them.
// The verbs declare them at start-up (--help lists them, --columns checks against them), so
// this module imports nothing; view.ts renders them when a command prints. Not in view.ts:
// the verbs load their view lazily too, so there each view would be one more chunk that
// every command loads at start-up (docs/development.md).

/** `product list`: `variants` is their number, `price` the lowest and highest of their prices. */
export const PRODUCT_LIST_COLUMNS = ['productId', 'title', 'status', 'vendor', 'productType', 'categoryId', 'variants', 'price'] as const;
export type ProductListColumn = (typeof PRODUCT_LIST_COLUMNS)[number];

/**
 * The columns of the variant rows, in the order scripts `cut` them. Piped, each row starts
 * with its product's id, so the first field of `product create` or `edit` is the product id
 * (`id=$(store-cli product create --title X | head -n1 | cut -f1)`); a table, under the
 * product's summary, leaves that column out.
 */
export const VARIANT_COLUMNS = [
  'productId',
  'variantId',
  'options',
  'sku',
  'price',
  'compareOfPrice',
  'costPrice',
  'weight',
  'weightUnit',
  'stock',
  'barcode',
] as const;
export type VariantColumn = (typeof VARIANT_COLUMNS)[number];

/** The fields of each change `product edit --dry-run --json` prints. */
export const CHANGE_FIELDS = ['field', 'before', 'after'] as const;
