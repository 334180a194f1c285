// The top-level fields of each resource, as --json selects them, without loading zod: a
// command declares its fields when it registers, on the --help path. The schemas beside
// this file are the truth; test/api/field-names.test.ts holds these lists equal to them.
export const GIFT_CARD_FIELDS = [
  'id',
  'code',
  'lastCharacters',
  'balance',
  'initialValue',
  'currency',
  'customerId',
  'orderId',
  'lineItemId',
  'note',
  'disableTime',
  'expireTime',
  'createTime',
  'updateTime',
  'userId',
] as const;
export const CATEGORY_FIELDS = ['categoryId', 'categoryName', 'parentCategoryId'] as const;
export const COLLECTION_FIELDS = ['collectionId', 'title', 'collectionType', 'bodyHtml', 'published', 'image', 'collects', 'countGoodsNum'] as const;
export const METAFIELD_FIELDS = ['namespace', 'code', 'fieldType', 'value', 'definitionName', 'description', 'bizResource', 'bizId'] as const;
/** A metafield definition (real-store-notes.md; spec 2.2 plus pinned). */
export const METAFIELD_DEFINITION_FIELDS = ['namespace', 'code', 'definitionName', 'fieldType', 'multi', 'description', 'optionMap', 'schemaRule', 'pinned'] as const;
/** A metafield value as written (set) or removed (delete). */
export const METAFIELD_INPUT_FIELDS = ['namespace', 'code', 'value'] as const;
export const PRODUCT_FIELDS = [
  'productId',
  'title',
  'subTitle',
  'bodyHtml',
  'vendor',
  'productType',
  'status',
  'isMultiVariant',
  'categoryId',
  'productCategory',
  'collections',
  'images',
  'options',
  'variants',
  'marketAssigns',
  'salesChannels',
] as const;
export const WEBHOOK_SUBSCRIPTION_FIELDS = ['id', 'address', 'topic', 'format', 'createTime', 'updateTime'] as const;
/** A count, as `{"count": N}`. */
export const COUNT_FIELDS = ['count'] as const;
/** A running sandbox's targeted fault rule (`sandbox fault add|list|remove`). */
export const SANDBOX_FAULT_FIELDS = ['id', 'rule', 'method', 'path', 'status', 'probability', 'latencyMs'] as const;
