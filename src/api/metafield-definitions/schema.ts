// Metafield definitions compared by meaning, and the definitions file that `metafield
// definition export` writes and `import` (and definition create and update, for their flags)
// reads, checked whole before anything is sent. A definition's fields and the form a read
// takes are in declaration.ts, the requests in requests.ts.
import * as z from 'zod/mini';
import { UsageError } from '../../core/errors.js';
import { isLosslessNumber, parseJson, toJson } from '../../core/json.js';
import { pluralWord } from '../../core/words.js';
import { FIELD_TYPES, METAFIELD_DOMAINS, NAME_PATTERN, type MetafieldDomain } from '../metafields/types.js';
import { jsonPath, valueAt } from '../products/checks.js';
import { normalizeDefinition, type MetafieldDefinition } from './declaration.js';
import { kebabFlag } from '../wire.js';

export { normalizeDefinition, type MetafieldDefinition, type ReadDefinition } from './declaration.js';

/** A definition of the definitions file: its domain beside its fields. */
export interface FileDefinition extends MetafieldDefinition {
  domain: MetafieldDomain;
}

/** JSON values equal by meaning: object keys in any order, numbers by value (`1.50` is `1.5`). */
function sameJson(a: unknown, b: unknown): boolean {
  if (isLosslessNumber(a) && isLosslessNumber(b)) return Number(a.value) === Number(b.value);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return (
      keysA.length === keysB.length &&
      keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
    );
  }
  return a === b;
}

function sameJsonText(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  try {
    return sameJson(parseJson(a), parseJson(b));
  } catch {
    return a === b;
  }
}

/** Whether a store's definition already says what `wanted` says (an import then leaves it alone). */
export function sameDefinition(stored: MetafieldDefinition, wanted: MetafieldDefinition): boolean {
  return (
    stored.definitionName === wanted.definitionName &&
    stored.description === wanted.description &&
    stored.fieldType.toLowerCase() === wanted.fieldType.toLowerCase() &&
    stored.multi === wanted.multi &&
    stored.pinned === wanted.pinned &&
    sameJsonText(stored.optionMap, wanted.optionMap) &&
    sameJsonText(stored.schemaRule, wanted.schemaRule)
  );
}

/** Only the definition's own fields of what a store sent (an update lays its changes over them). */
export function ownFields(definition: MetafieldDefinition): MetafieldDefinition {
  const { namespace, code, definitionName, fieldType, multi, description, optionMap, schemaRule, pinned } = definition;
  return { namespace, code, definitionName, fieldType, multi, description, optionMap, ...(schemaRule === undefined ? {} : { schemaRule }), pinned };
}

// The definitions file: {"definitions": [...]}, the form `export` writes and `import` (and
// `sandbox serve --definitions`) read. Checked whole before anything is sent.

export const MEASURE_TYPES: readonly string[] = ['Weight', 'Size', 'Volume'];

const measure = z.strictObject({
  value: z.unknown().check(z.refine((v) => isLosslessNumber(v) || typeof v === 'number', 'must be a JSON number')),
  unit: z.string(),
});
const ruleObject = z
  .strictObject({ min: z.optional(measure), max: z.optional(measure) })
  .check(z.refine((rule) => rule.min !== undefined || rule.max !== undefined, 'must hold "min", "max" or both'));

/** JSON text of an object, or the object itself; `inner` checks the object. */
function embedded(inner: z.ZodMiniType, what: string) {
  return z.unknown().check(
    z.superRefine((value, ctx) => {
      let parsed = value;
      if (typeof value === 'string') {
        try {
          parsed = parseJson(value);
        } catch {
          ctx.issues.push({ code: 'custom', message: `must be ${what}, or JSON text of one`, input: value });
          return;
        }
      }
      const result = inner.safeParse(parsed);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        ctx.issues.push({ code: 'custom', message: `${issue.path.length > 0 ? `${jsonPath(issue.path)} ` : ''}${issue.message}`, input: value });
      }
    }),
  );
}

const plainObject = z.custom<Record<string, unknown>>(
  (value) => value !== null && typeof value === 'object' && !Array.isArray(value) && !isLosslessNumber(value),
  'must be a JSON object',
);

const flagInput = z.optional(z.union([z.enum(['true', 'false']), z.boolean()], 'must be "true" or "false"'));
const nameRule = `must be 1 to 64 of A-Z a-z 0-9 _ -`;

const fileEntry = z
  .strictObject({
    domain: z.enum(METAFIELD_DOMAINS, `must be one of ${METAFIELD_DOMAINS.join(', ')}`),
    namespace: z.string(nameRule).check(z.regex(NAME_PATTERN, nameRule)),
    code: z.string(nameRule).check(z.regex(NAME_PATTERN, nameRule)),
    definitionName: z
      .string('must be a display name of 1 to 255 characters')
      .check(z.minLength(1, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters')),
    description: z.optional(z.string('must be a string')),
    fieldType: z.enum(FIELD_TYPES, `must be one of ${FIELD_TYPES.join(', ')}`),
    multi: flagInput,
    schemaRule: z.optional(embedded(ruleObject, 'a JSON object {"min", "max"}')),
    optionMap: z.optional(embedded(plainObject, 'a JSON object')),
    pinned: flagInput,
  })
  .check(
    z.superRefine((entry, ctx) => {
      if (entry.schemaRule !== undefined && !MEASURE_TYPES.includes(entry.fieldType)) {
        ctx.issues.push({
          code: 'custom',
          path: ['schemaRule'],
          message: `is only supported on Weight, Size and Volume definitions, not on ${entry.fieldType}`,
          input: entry,
        });
      }
    }),
  );

const definitionsFile = z.strictObject({ definitions: z.array(fileEntry, 'must be an array of definitions') }, 'must be an object {"definitions": [...]}');

/**
 * One definition given by flags (create, update), checked by the rules of the file's entries;
 * a problem names the field's flag (`--schema-rule`), exits 2 and sends nothing.
 */
export function checkDefinitionFlags(domain: MetafieldDomain, definition: MetafieldDefinition): MetafieldDefinition {
  const { schemaRule, ...rest } = definition;
  const entry = { domain, ...rest, ...(schemaRule === undefined ? {} : { schemaRule }) };
  const result = fileEntry.safeParse(entry);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    throw new UsageError(`${kebabFlag(field)} ${issue.message}.`);
  }
  const { domain: _domain, ...fields } = normalizeDefinition(entry);
  return fields as MetafieldDefinition;
}

/** The definition file's entries, checked and in the client's form; a problem names `source` and the JSON path (exit 2). */
export function checkDefinitionsFile(value: unknown, source: string): FileDefinition[] {
  const result = definitionsFile.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const at = jsonPath(issue.path);
    const found = valueAt(value, issue.path);
    let message = issue.message;
    if (issue.code === 'unrecognized_keys')
      message = `has the unknown ${pluralWord(issue.keys.length, 'field')} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    else if (found === undefined && issue.code === 'invalid_type') message = 'is required';
    throw new UsageError(`${source}: ${at === '' ? 'the file' : at} ${message}. Nothing was sent.`, false);
  }
  const entries = (value as { definitions: Record<string, unknown>[] }).definitions;
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const key = `${String(entry.domain)} ${String(entry.namespace)}.${String(entry.code)}`;
    const first = seen.get(key);
    if (first !== undefined)
      throw new UsageError(`${source}: definitions[${index}] defines ${key} again (first at definitions[${first}]). Nothing was sent.`, false);
    seen.set(key, index);
    const { domain, ...fields } = normalizeDefinition(entry);
    return { domain: domain as MetafieldDomain, ...(fields as MetafieldDefinition) };
  });
}

/**
 * The file `export` writes: definitions sorted by domain (in the API's order), namespace and
 * code, each with its fields in one order and nothing store-specific, so two stores that
 * hold the same definitions export the same bytes.
 */
export function definitionsFileText(definitions: readonly FileDefinition[]): string {
  return `${toJson({ definitions: definitionEntries(definitions) }, 2)}\n`;
}

/** The same entries as JSON lines, one definition a line (`definition export --jsonl`). */
export function definitionsJsonLines(definitions: readonly FileDefinition[]): string {
  return definitionEntries(definitions)
    .map((entry) => `${toJson(entry)}\n`)
    .join('');
}

/** The definitions sorted by domain, namespace and code, each with its fields in the file's order. */
function definitionEntries(definitions: readonly FileDefinition[]) {
  const order = (domain: string) => (METAFIELD_DOMAINS as readonly string[]).indexOf(domain);
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...definitions].sort((a, b) => order(a.domain) - order(b.domain) || byName(a.namespace, b.namespace) || byName(a.code, b.code));
  return sorted.map((d) => ({
    domain: d.domain,
    namespace: d.namespace,
    code: d.code,
    definitionName: d.definitionName,
    description: d.description,
    fieldType: d.fieldType,
    multi: d.multi,
    ...(d.schemaRule === undefined ? {} : { schemaRule: d.schemaRule }),
    optionMap: d.optionMap,
    pinned: d.pinned,
  }));
}
