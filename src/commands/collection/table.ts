// How collections read in a table or TSV: the listing's columns (declared at start-up, so this
// module loads nothing heavy) and one collection's rows, which every verb printing one shows.
// The type reads by its name and `published` as true/false, whichever JSON type carried them.
import { collections, type Collection } from '../../api/collections/declaration.js';
import { collectionTypeName } from '../../api/products/codes.js';
import type { Palette } from '../../core/colors.js';
import { tableViews, type TableText } from '../crud.js';

const published = (value: string, colors: Palette) => (value === 'true' ? colors.green(value) : value === 'false' ? colors.dim(value) : value);

/** The image's address, from `{src}` (or a bare URL a store may send instead); anything else as sent. */
function imageText(collection: Collection, text: (value: unknown) => string): string {
  const image = collection.image;
  if (image !== null && typeof image === 'object' && 'src' in image) return text((image as { src: unknown }).src);
  return text(image);
}

export const COLLECTION_TABLE: TableText<Collection> = {
  list: ['collectionId', 'title', 'collectionType', 'countGoodsNum', 'published'],
  drop: ['collectionType'],
  detail: ['collectionId', 'title', 'collectionType', 'published', 'countGoodsNum', 'image', 'bodyHtml'],
  columns: {
    collectionId: 'ID',
    title: { shrinkable: true },
    collectionType: { header: 'TYPE', value: (collection, text) => collectionTypeName(text(collection.collectionType)) },
    countGoodsNum: 'PRODUCTS',
    published: { style: published },
    image: { value: imageText },
    bodyHtml: { header: 'DESCRIPTION', shrinkable: true },
  },
};

/** The views of a collection (create, update, add and remove print one as `collection get` does). */
export const collectionViews = () => tableViews(COLLECTION_TABLE, Object.keys(collections.fields));
