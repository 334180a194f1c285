// How metafield values read in a table or TSV. Values are wire text: a structured value
// shows as its JSON, a multi-line text on one line (--json keeps it exact).
import { metafieldFields, metafieldInputFields, type Metafield, type MetafieldInput } from '../../api/metafields.js';
import { scalarText } from '../../core/json.js';
import type { View } from '../../core/output.js';

const text = <T extends object>(field: keyof T) => (item: T) => scalarText(item[field]);

/** A listing, in a stable column order scripts can `cut`; only the value is narrowed to fit. */
export const metafieldListView: View<Metafield> = {
  fields: metafieldFields,
  columns: [
    { header: 'NAMESPACE', value: text('namespace') },
    { header: 'CODE', value: text('code') },
    { header: 'TYPE', value: text('fieldType') },
    { header: 'VALUE', value: text('value'), shrinkable: true },
  ],
};

/** One value as read, with its definition's fields. */
export const metafieldDetailView: View<Metafield> = {
  fields: metafieldFields,
  columns: [
    { header: 'NAMESPACE', value: text('namespace') },
    { header: 'CODE', value: text('code') },
    { header: 'TYPE', value: text('fieldType') },
    { header: 'VALUE', value: text('value') },
    { header: 'NAME', value: text('definitionName') },
    { header: 'DESCRIPTION', value: text('description') },
    { header: 'RESOURCE', value: text('bizResource') },
    { header: 'BIZ_ID', value: text('bizId') },
  ],
};

/** A value just written or removed: what the store answers with. */
export const metafieldWrittenView: View<MetafieldInput> = {
  fields: metafieldInputFields,
  columns: [
    { header: 'NAMESPACE', value: text('namespace') },
    { header: 'CODE', value: text('code') },
    { header: 'VALUE', value: text('value') },
  ],
};
