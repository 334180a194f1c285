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
