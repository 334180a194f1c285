// How collections read in a table or TSV.
import type { Collection } from '../../api/collections/schema.js';
import { collectionTypeName } from '../../api/products/codes.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';
import type { CollectionListColumn } from './columns.js';

const published = (value: string, colors: Palette) => (value === 'true' ? colors.green(value) : value === 'false' ? colors.dim(value) : value);

/**
 * The type by its name (stores send the code, 1 or "1" for custom, 2 or "2" for smart) and
 * published as true/false whether a boolean or text carried it; anything else as sent.
 */
const typeText = (c: Collection) => collectionTypeName(scalarText(c.collectionType));

const listColumns: Record<CollectionListColumn, Column<Collection>> = {
  collectionId: { header: 'ID', value: (c) => scalarText(c.collectionId) },
  title: { header: 'TITLE', value: (c) => scalarText(c.title), shrinkable: true },
  collectionType: { header: 'TYPE', value: typeText },
  countGoodsNum: { header: 'PRODUCTS', value: (c) => scalarText(c.countGoodsNum) },
  published: { header: 'PUBLISHED', value: (c) => scalarText(c.published), style: published },
};

/** A listing, in the column order list declares (COLLECTION_LIST_COLUMNS). */
export function collectionListView(order: readonly CollectionListColumn[]): View<Collection> {
  return listView(listColumns, order, ['collectionType']);
}

/** The image's address, from `{src}` (or a bare URL a store may send instead); anything else as sent. */
const imageText = (c: Collection) => {
  const image = c.image;
  if (image !== null && typeof image === 'object' && 'src' in image) return scalarText((image as { src: unknown }).src);
  return scalarText(image);
};

/** One collection, field by field (`collection get`, and what create, update, add and remove print). */
export function collectionDetailView(): View<Collection> {
  return {
    columns: [
      listColumns.collectionId,
      { header: 'TITLE', value: (c) => scalarText(c.title), shrinkable: true },
      listColumns.collectionType,
      listColumns.published,
      listColumns.countGoodsNum,
      { header: 'IMAGE', value: imageText },
      { header: 'DESCRIPTION', value: (c) => scalarText(c.bodyHtml), shrinkable: true },
    ],
  };
}
