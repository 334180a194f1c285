// How collections read in a table or TSV.
import type { Collection } from '../../api/catalog.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';
import type { CollectionListColumn } from '../columns.js';

const published = (value: string, colors: Palette) => (value === 'true' ? colors.green(value) : value === 'false' ? colors.dim(value) : value);

const listColumns: Record<CollectionListColumn, Column<Collection>> = {
  collectionId: { header: 'ID', value: (c) => scalarText(c.collectionId) },
  title: { header: 'TITLE', value: (c) => scalarText(c.title), shrinkable: true },
  collectionType: { header: 'TYPE', value: (c) => scalarText(c.collectionType) },
  countGoodsNum: { header: 'PRODUCTS', value: (c) => scalarText(c.countGoodsNum) },
  published: { header: 'PUBLISHED', value: (c) => scalarText(c.published), style: published },
};

/** A listing, in the column order list declares (commands/columns.ts). */
export function collectionListView(order: readonly CollectionListColumn[]): View<Collection> {
  return listView(listColumns, order, ['collectionType']);
}
