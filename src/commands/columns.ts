// The column orders of the listings, by name, and what product edit's dry run prints: light,
// for the commands to declare (their --help lists them). Each view takes the order from the
// command's declaration and only imports the column types from here, so these lists stay
// on the help path's side of the bundle.

export const GIFT_CARD_LIST_COLUMNS = ['id', 'lastCharacters', 'balance', 'currency', 'status', 'expireTime', 'customerId', 'note'] as const;
export type GiftCardListColumn = (typeof GIFT_CARD_LIST_COLUMNS)[number];

export const METAFIELD_LIST_COLUMNS = ['namespace', 'code', 'fieldType', 'value'] as const;
export type MetafieldListColumn = (typeof METAFIELD_LIST_COLUMNS)[number];

export const DEFINITION_LIST_COLUMNS = ['namespace', 'code', 'fieldType', 'multi', 'definitionName'] as const;
export type DefinitionListColumn = (typeof DEFINITION_LIST_COLUMNS)[number];

export const CATEGORY_LIST_COLUMNS = ['categoryId', 'categoryName', 'parentCategoryId', 'path'] as const;
export type CategoryListColumn = (typeof CATEGORY_LIST_COLUMNS)[number];

export const COLLECTION_LIST_COLUMNS = ['collectionId', 'title', 'collectionType', 'countGoodsNum', 'published'] as const;
export type CollectionListColumn = (typeof COLLECTION_LIST_COLUMNS)[number];

/** `product list`: `variants` is their number, `price` the lowest and highest of their prices. */
export const PRODUCT_LIST_COLUMNS = ['productId', 'title', 'status', 'vendor', 'productType', 'categoryId', 'variants', 'price'] as const;
export type ProductListColumn = (typeof PRODUCT_LIST_COLUMNS)[number];

export const WEBHOOK_SUBSCRIPTION_LIST_COLUMNS = ['id', 'topic', 'address', 'createTime'] as const;
export type WebhookSubscriptionListColumn = (typeof WEBHOOK_SUBSCRIPTION_LIST_COLUMNS)[number];

/**
 * The columns of the variant rows, in the order scripts `cut` them. Piped, each row starts
 * with its product's id, so the first field of `product create` or `edit` is the product id
 * (`id=$(store-cli product create --title X | head -n1 | cut -f1)`); a table, under the
 * product's summary, leaves that column out.
 */
export const VARIANT_COLUMNS = ['productId', 'variantId', 'options', 'sku', 'price', 'compareOfPrice', 'costPrice', 'weight', 'weightUnit', 'stock', 'barcode'] as const;

export type VariantColumn = (typeof VARIANT_COLUMNS)[number];

/** The fields of each change `product edit --dry-run --json` prints. */
export const CHANGE_FIELDS = ['field', 'before', 'after'] as const;

/** The fields of each request a --dry-run prints (the request that would be sent). */
export const REQUEST_FIELDS = ['method', 'path', 'body'] as const;

/** A running sandbox's targeted fault rules (`sandbox fault list`). */
export const SANDBOX_FAULT_COLUMNS = ['id', 'method', 'path', 'status', 'probability', 'latencyMs'] as const;
export type SandboxFaultColumn = (typeof SANDBOX_FAULT_COLUMNS)[number];
