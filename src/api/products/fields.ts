// The top-level fields of a product (and of a listed one: the listing schema is built from this list), as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check.
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
export type ProductField = (typeof PRODUCT_FIELDS)[number];
