// How metafield definitions read in a table or TSV: every field is wire text (flags "true"
// or "false", rules and options as JSON), so --json and the columns say the same.
import type { ReadDefinition } from '../../../api/metafield-definitions/schema.js';
import { scalarText } from '../../../core/json.js';
import { listView, type Column, type View } from '../../../core/output.js';

const text = (field: string) => (item: Record<string, unknown>) => scalarText(item[field]);

const listColumns = {
  namespace: { header: 'NAMESPACE', value: text('namespace') },
  code: { header: 'CODE', value: text('code') },
  fieldType: { header: 'TYPE', value: text('fieldType') },
  multi: { header: 'MULTI', value: text('multi') },
  definitionName: { header: 'NAME', value: text('definitionName'), shrinkable: true },
} satisfies Record<string, Column<ReadDefinition>>;

/** A column `metafield definition list` may declare (its DEFINITION_LIST_COLUMNS, in the order scripts cut them). */
export type DefinitionListColumn = keyof typeof listColumns;

export function definitionListView(order: readonly DefinitionListColumn[]): View<ReadDefinition> {
  return listView(listColumns, order, ['multi', 'fieldType']);
}

/** One definition, every field. */
export const definitionDetailView: View<Partial<ReadDefinition>> = {
  columns: [
    { header: 'NAMESPACE', value: text('namespace') },
    { header: 'CODE', value: text('code') },
    { header: 'NAME', value: text('definitionName'), shrinkable: true },
    { header: 'TYPE', value: text('fieldType') },
    { header: 'MULTI', value: text('multi') },
    { header: 'DESCRIPTION', value: text('description'), shrinkable: true },
    { header: 'SCHEMA RULE', value: text('schemaRule'), shrinkable: true },
    { header: 'OPTION MAP', value: text('optionMap'), shrinkable: true },
    { header: 'PINNED', value: text('pinned') },
  ],
};
