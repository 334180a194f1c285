// The columns of collection listings, by name, in the order scripts `cut` them.
// The verbs declare them at start-up (--help lists them, --columns checks against them), so
// this module imports nothing; view.ts renders them when a command prints. Not in view.ts:
// the verbs load their view lazily too, so there each view would be one more chunk that
// every command loads at start-up (docs/development.md).

/** The columns of `collection list`, in their order. */
export const COLLECTION_LIST_COLUMNS = ['collectionId', 'title', 'collectionType', 'countGoodsNum', 'published'] as const;
export type CollectionListColumn = (typeof COLLECTION_LIST_COLUMNS)[number];
