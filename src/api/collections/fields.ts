// The top-level fields of a collection, as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check.
export const COLLECTION_FIELDS = ['collectionId', 'title', 'collectionType', 'bodyHtml', 'published', 'image', 'collects', 'countGoodsNum'] as const;
export type CollectionField = (typeof COLLECTION_FIELDS)[number];
