// What `metafield export` writes, and in which order: exactly the rows `metafield import`
// reads (domain,bizId,namespace,code,value,type), as CSV or as JSON lines, sorted so that
// the same values on two stores give the same bytes (domain, bizId in numeric order,
// namespace, code). Pure: no I/O.
import { parseFieldType } from '../../../api/metafields/types.js';
import type { Metafield } from '../../../api/metafields/schema.js';
import { compareIds, compareText, csvLine, type ExportFormat } from '../../engine/export-text.js';
import { JSONL_KEYS } from './jsonl.js';

/** The header and the keys of a line: the import's columns, type last. */
export const EXPORT_COLUMNS = JSONL_KEYS;

export interface ExportObject {
  domain: string;
  bizId: string;
}

export interface ExportRow extends ExportObject {
  namespace: string;
  code: string;
  /** Wire text, as the store holds it. */
  value: string;
  /** The store's field type when this client knows it; '' otherwise (the import then sends the value as written). */
  type: string;
}

export function compareObjects(a: ExportObject, b: ExportObject): number {
  return compareText(a.domain, b.domain) || compareIds(a.bizId, b.bizId);
}

/** One object's values as rows, sorted by namespace and code, only `namespace`'s when given. */
export function objectRows(object: ExportObject, values: readonly Metafield[], namespace: string | undefined): ExportRow[] {
  return values
    .filter((value) => namespace === undefined || value.namespace === namespace)
    .map((value) => ({
      domain: object.domain,
      bizId: object.bizId,
      namespace: value.namespace,
      code: value.code,
      value: value.value,
      type: typeof value.fieldType === 'string' ? (parseFieldType(value.fieldType) ?? '') : '',
    }))
    .sort((a, b) => compareText(a.namespace, b.namespace) || compareText(a.code, b.code));
}

/** The first line of the file: the CSV header; JSON lines have none. */
export function headerText(format: ExportFormat): string {
  return format === 'csv' ? `${EXPORT_COLUMNS.join(',')}\n` : '';
}

/** Rows as the file's lines, each ending in a line feed. */
export function rowsText(rows: readonly ExportRow[], format: ExportFormat): string {
  let text = '';
  for (const row of rows) text += format === 'csv' ? csvLine(EXPORT_COLUMNS.map((key) => row[key])) : `${jsonLine(row)}\n`;
  return text;
}

function jsonLine(row: ExportRow): string {
  return JSON.stringify({ domain: row.domain, bizId: row.bizId, namespace: row.namespace, code: row.code, value: row.value, type: row.type });
}
