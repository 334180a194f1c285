// How collections read in a table or TSV.
import type { Collection } from '../../api/catalog.js';
import { idText } from '../../api/product-draft.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import type { Column, View } from '../../core/output.js';
import { COLLECTION_LIST_COLUMNS, type CollectionListColumn } from './collection-columns.js';

const published = (value: string, colors: Palette) => (value === 'true' ? colors.green(value) : value === 'false' ? colors.dim(value) : value);

const listColumns: Record<CollectionListColumn, Column<Collection>> = {
  collectionId: { header: 'ID', value: (c) => idText(c.collectionId) },
  title: { header: 'TITLE', value: (c) => scalarText(c.title), shrinkable: true },
  collectionType: { header: 'TYPE', value: (c) => scalarText(c.collectionType) },
  countGoodsNum: { header: 'PRODUCTS', value: (c) => scalarText(c.countGoodsNum) },
  published: { header: 'PUBLISHED', value: (c) => scalarText(c.published), style: published },
};

/** A listing, in the column order collection-columns.ts declares. */
export const collectionListView: View<Collection> = { columns: COLLECTION_LIST_COLUMNS.map((name) => listColumns[name]) };
