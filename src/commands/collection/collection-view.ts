// How collections read in a table or TSV.
import { collectionFields, type Collection } from '../../api/catalog.js';
import type { Palette } from '../../core/colors.js';
import { scalarText } from '../../core/json.js';
import type { View } from '../../core/output.js';

const published = (value: string, colors: Palette) => (value === 'true' ? colors.green(value) : value === 'false' ? colors.dim(value) : value);

export const collectionListView: View<Collection> = {
  fields: collectionFields,
  columns: [
    { header: 'ID', value: (c) => scalarText(c.collectionId) },
    { header: 'TITLE', value: (c) => scalarText(c.title), shrinkable: true },
    { header: 'TYPE', value: (c) => scalarText(c.collectionType) },
    { header: 'PRODUCTS', value: (c) => scalarText(c.countGoodsNum) },
    { header: 'PUBLISHED', value: (c) => scalarText(c.published), style: published },
  ],
};
