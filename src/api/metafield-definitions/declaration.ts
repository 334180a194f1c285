// Metafield definitions (real-store-notes.md; the fields of spec 2.2 plus `pinned`), declared:
// `/metafields/definitions/{domain}` under the `metafield` wrapper. A definition has no id of
// its own: its namespace and code name it, which a read needs (with its name and type) as
// text; every other field is read in any form a store sends and put in the one form the
// client speaks (flags as "true"/"false", optionMap and schemaRule as compact JSON text).
// Reading loads no schema library: the definitions file's checks are in schema.ts.
import { parseJson, toJson } from '../../core/json.js';
import { NAME_PATTERN } from '../metafields/types.js';
import { kind, restResource } from '../rest-resource.js';

const name = kind.pattern(NAME_PATTERN, '1 to 64 of A-Z a-z 0-9 _ -', { needed: true });

export const metafieldDefinitions = restResource({
  name: 'metafield definition',
  path: '/metafields/definitions',
  wrap: { item: 'metafield', list: 'metafields' },
  fields: {
    namespace: name,
    code: name,
    definitionName: kind.text({ needed: true }),
    fieldType: kind.text({ needed: true }),
    multi: kind.bool(),
    description: kind.text(),
    optionMap: kind.asSent(),
    schemaRule: kind.asSent(),
    pinned: kind.bool(),
  },
  read: (record) => normalizeDefinition(record),
});

/** A definition in the client's form: every field wire text, as a create or an update sends it. */
export interface MetafieldDefinition {
  namespace: string;
  code: string;
  definitionName: string;
  fieldType: string;
  multi: 'true' | 'false';
  description: string;
  /** Compact JSON text of an object; '{}' when the store sent none. */
  optionMap: string;
  /** Compact JSON text; absent when the definition has no rule. */
  schemaRule?: string;
  pinned: 'true' | 'false';
}

/** A definition as read: other fields a store sends are kept (--json shows them). */
export type ReadDefinition = MetafieldDefinition & Record<string, unknown>;

const flagText = (value: unknown): 'true' | 'false' =>
  value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true') ? 'true' : 'false';

/** JSON text made compact (numbers digit-exact, keys in their order); text that is not JSON stays as sent. */
function compactJson(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return toJson(value);
  try {
    return toJson(parseJson(value));
  } catch {
    return value;
  }
}

/** The client's form of a definition read or written: the known fields in one spelling, other fields kept after them. */
export function normalizeDefinition(raw: Record<string, unknown>): ReadDefinition {
  const { namespace, code, definitionName, fieldType, multi, description, optionMap, schemaRule, pinned, ...rest } = raw;
  const rule = compactJson(schemaRule);
  return {
    namespace: String(namespace),
    code: String(code),
    definitionName: String(definitionName),
    fieldType: String(fieldType),
    multi: flagText(multi),
    description: typeof description === 'string' ? description : '',
    optionMap: compactJson(optionMap) ?? '{}',
    ...(rule === undefined ? {} : { schemaRule: rule }),
    pinned: flagText(pinned),
    ...rest,
  };
}
