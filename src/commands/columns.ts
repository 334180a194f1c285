// The column orders of the listings, by name, and what product edit's dry run prints: light,
// for the commands to declare (their --help lists them). Each view takes the order from the
// command's declaration and only imports the column types from here, so these lists stay
// on the help path's side of the bundle.

export const GIFT_CARD_LIST_COLUMNS = ['id', 'lastCharacters', 'balance', 'currency', 'status', 'expireTime', 'customerId', 'note'] as const;
export type GiftCardListColumn = (typeof GIFT_CARD_LIST_COLUMNS)[number];

export const METAFIELD_LIST_COLUMNS = ['namespace', 'code', 'fieldType', 'value'] as const;
export type MetafieldListColumn = (typeof METAFIELD_LIST_COLUMNS)[number];

export const CATEGORY_LIST_COLUMNS = ['categoryId', 'categoryName', 'parentCategoryId', 'path'] as const;
export type CategoryListColumn = (typeof CATEGORY_LIST_COLUMNS)[number];

export const COLLECTION_LIST_COLUMNS = ['collectionId', 'title', 'collectionType', 'countGoodsNum', 'published'] as const;
export type CollectionListColumn = (typeof COLLECTION_LIST_COLUMNS)[number];

/** The columns of the variant rows, in the order scripts `cut` them. */
export const VARIANT_COLUMNS = ['variantId', 'options', 'sku', 'price', 'compareOfPrice', 'costPrice', 'weight', 'weightUnit', 'stock', 'barcode'] as const;

export type VariantColumn = (typeof VARIANT_COLUMNS)[number];

/** The fields of each change `product edit --dry-run --json` prints. */
export const CHANGE_FIELDS = ['field', 'before', 'after'] as const;
