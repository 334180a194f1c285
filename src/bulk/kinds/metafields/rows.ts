// One CSV record to one checked row, or to a reject with its reason. Everything the
// client can know before sending is checked here; what only the store knows (its
// definitions) comes back from it per row.
import { FIELD_TYPES, METAFIELD_DOMAINS, NAME_PATTERN, isMetafieldDomain, parseFieldType, type FieldType } from '../../../api/metafields/types.js';
import { toWireValue } from '../../../api/metafields/values.js';
import { checkBizId } from '../../../api/path-segment.js';
import { plural } from '../../../core/words.js';
import type { RejectColumns } from '../../engine/rejects.js';
import type { Columns } from './header.js';

/** A row's cells as the file has them ('' where absent), for the rejects file. */
export interface RowText {
  line: number;
  domain: string;
  bizId: string;
  namespace: string;
  code: string;
  type: string;
  value: string;
}

export interface Row {
  line: number;
  domain: string;
  bizId: string;
  namespace: string;
  code: string;
  /** From the type column; absent: the store's definition decides, the value goes as written. */
  type: FieldType | undefined;
  /** Canonical wire text. */
  value: string;
  text: RowText;
}

/** A metafield rejects file's columns: line, the import's own (type before value), reason. */
export const METAFIELD_REJECTS: RejectColumns<RowText> = {
  names: ['domain', 'bizId', 'namespace', 'code', 'type', 'value'],
  cells: (t) => [t.domain, t.bizId, t.namespace, t.code, t.type, t.value],
};

export type Checked = { ok: true; row: Row } | { ok: false; text: RowText; reason: string };

/**
 * The cells of a record by column. Surrounding spaces are dropped from every cell but
 * the value, whose spaces may be meant.
 */
export function rowText(cells: readonly string[], line: number, columns: Columns, domainFlag: string | undefined): RowText {
  const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? '').trim());
  return {
    line,
    domain: columns.domain === undefined ? (domainFlag ?? '') : cell(columns.domain),
    bizId: cell(columns.bizId),
    namespace: cell(columns.namespace),
    code: cell(columns.code),
    type: cell(columns.type),
    value: cells[columns.value] ?? '',
  };
}

export function checkRow(text: RowText, fieldCount: number, columns: Columns): Checked {
  const reject = (reason: string): Checked => ({ ok: false, text, reason });
  if (fieldCount !== columns.width) {
    return reject(`the row has ${plural(fieldCount, 'field')} where the header has ${columns.width}`);
  }
  if (text.domain === '') return reject('the domain is empty');
  if (!isMetafieldDomain(text.domain)) return reject(`unknown domain "${clip(text.domain)}"; the domains are ${METAFIELD_DOMAINS.join(', ')}`);
  // The same rule, in the same words, as the metafield commands' <bizId> (commands/metafield/args.ts).
  const bizId = checkBizId(text.bizId);
  if (!bizId.ok) return reject(`the bizId ${bizId.problem}`);
  if (!NAME_PATTERN.test(text.namespace)) return reject(nameProblem('namespace', text.namespace));
  if (!NAME_PATTERN.test(text.code)) return reject(nameProblem('code', text.code));
  let type: FieldType | undefined;
  if (text.type !== '') {
    type = parseFieldType(text.type);
    if (type === undefined) return reject(`unknown type "${clip(text.type)}"; the types are ${FIELD_TYPES.join(', ')}`);
  }
  const wire = toWireValue(type, text.value);
  if (!wire.ok) return reject(`the value ${quoted(text.value)} is not ${wire.expected}`);
  return {
    ok: true,
    row: { line: text.line, domain: text.domain, bizId: text.bizId, namespace: text.namespace, code: text.code, type, value: wire.value, text },
  };
}

function nameProblem(what: string, value: string): string {
  if (value === '') return `the ${what} is empty`;
  return `the ${what} "${clip(value)}" is not 1 to 64 letters, digits, _ or -`;
}

/** A value as a reason shows it: short ones whole, long ones by their length. */
export function quoted(value: string): string {
  const length = [...value].length;
  if (length > 40) return `(${length} characters)`;
  return JSON.stringify(value);
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
