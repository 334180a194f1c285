// The columns of a collection listing, by name, in the order scripts `cut` them: declared
// here, light, so that list's --help names them and the view builds them from one list.
export const COLLECTION_LIST_COLUMNS = ['collectionId', 'title', 'collectionType', 'countGoodsNum', 'published'] as const;

export type CollectionListColumn = (typeof COLLECTION_LIST_COLUMNS)[number];
