// How metafield values read in a table or TSV. Values are wire text: a structured value
// shows as its JSON, a multi-line text on one line (--json keeps it exact).
import type { Metafield, MetafieldInput } from '../../api/metafields/schema.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';
import type { MetafieldListColumn } from './columns.js';

const text =
  <T extends object>(field: keyof T) =>
  (item: T) =>
    scalarText(item[field]);

/** A listing, in the column order list declares (METAFIELD_LIST_COLUMNS); only the value is narrowed to fit. */
const listColumns: Record<MetafieldListColumn, Column<Metafield>> = {
  namespace: { header: 'NAMESPACE', value: text('namespace') },
  code: { header: 'CODE', value: text('code') },
  fieldType: { header: 'TYPE', value: text('fieldType') },
  value: { header: 'VALUE', value: text('value'), shrinkable: true },
};
export function metafieldListView(order: readonly MetafieldListColumn[]): View<Metafield> {
  return listView(listColumns, order, ['fieldType']);
}

/** One value as read, with its definition's fields. */
export const metafieldDetailView: View<Metafield> = {
  columns: [
    { header: 'NAMESPACE', value: text('namespace') },
    { header: 'CODE', value: text('code') },
    { header: 'TYPE', value: text('fieldType') },
    { header: 'VALUE', value: text('value'), shrinkable: true },
    { header: 'NAME', value: text('definitionName'), shrinkable: true },
    { header: 'DESCRIPTION', value: text('description'), shrinkable: true },
    { header: 'RESOURCE', value: text('bizResource') },
    { header: 'BIZ ID', value: text('bizId') },
  ],
};

/** A value just written or removed: what the store answers with. */
export const metafieldWrittenView: View<MetafieldInput> = {
  columns: [
    { header: 'NAMESPACE', value: text('namespace') },
    { header: 'CODE', value: text('code') },
    { header: 'VALUE', value: text('value'), shrinkable: true },
  ],
};
