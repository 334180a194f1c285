// Metafield definitions: what type each (domain, namespace, code) holds. They are state the
// store keeps (the definitions API, metafield-definitions/routes.ts), starting from a
// seed's `metafieldDefinitions` (the demo set's are demo.json's) or a JSON file
// (`--definitions`) in their place. File format: `{"definitions": [ ... ]}`, each entry
// the fields of spec 2.2 plus `domain`; schemaRule and optionMap are JSON text as in the spec,
// or the object itself. An API body's `metafield` is checked by the very same schema.
import { readFile } from 'node:fs/promises';
import { isLosslessNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import * as z from 'zod';
import { SandboxUsageError } from '../../http/sandbox-errors.js';
import { compareMeasures, isMeasureType, isUnitOf, unitList, type Measure } from '../metafields/measures.js';
import { jsonPath, jsonProblem } from '../../http/json-position.js';
import { DOMAINS, FIELD_TYPES, NAME_PATTERN, NAME_RULE, type Domain, type FieldType } from '../metafields/rules.js';

export interface MeasureRule {
  min?: Measure;
  max?: Measure;
}

export interface MetafieldDefinition {
  domain: Domain;
  namespace: string;
  code: string;
  definitionName: string;
  description: string;
  fieldType: FieldType;
  multi: boolean;
  /** Only on Weight, Size and Volume definitions. */
  schemaRule?: MeasureRule;
  /** Compact JSON text of an object, numbers as written. */
  optionMap: string;
  pinned: boolean;
}

/**
 * Accepts the spec's JSON-encoded string or, for people writing the file by hand, the object
 * itself; either is read by `parse` (an object from a request body, whose numbers are
 * lossless, is written back to text first).
 */
function jsonEncoded<T extends z.ZodType>(inner: T, parse: (text: string) => unknown, what: string) {
  return z.preprocess((input, ctx) => {
    try {
      return parse(typeof input === 'string' ? input : (stringifyLossless(input) ?? 'null'));
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be ${what}, or JSON text of one`, input });
      return z.NEVER;
    }
  }, inner);
}

const flagSchema = z
  .union([z.enum(['true', 'false']), z.boolean()], { error: 'must be "true" or "false"' })
  .default('false')
  .transform((flag) => flag === true || flag === 'true');

const optionMapSchema = jsonEncoded(
  z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value), {
    error: 'must be a JSON object',
  }),
  parseLossless,
  'a JSON object',
).transform((map) => stringifyLossless(map) as string);

const measureSchema = z.strictObject({
  value: z.number({ error: 'must be a finite JSON number' }),
  unit: z.string({ error: 'must be a unit name' }),
});

const ruleSchema = z
  .strictObject({ min: measureSchema.optional(), max: measureSchema.optional() })
  .refine((rule) => rule.min !== undefined || rule.max !== undefined, 'must hold "min", "max" or both');

const nameSchema = z.string({ error: NAME_RULE }).regex(NAME_PATTERN, NAME_RULE);

const definitionFields = {
  namespace: nameSchema,
  code: nameSchema,
  definitionName: z.string({ error: 'must be a display name of 1 to 255 characters' }).min(1).max(255),
  description: z.string({ error: 'must be a string' }).max(65535).default(''),
  fieldType: z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(', ')}` }),
  multi: flagSchema,
  schemaRule: jsonEncoded(ruleSchema, JSON.parse, 'a JSON object').optional(),
  optionMap: optionMapSchema.default('{}'),
  pinned: flagSchema,
};

/** What a Weight, Size or Volume rule must be; no rule on any other type. */
function ruleFits(
  definition: { fieldType: FieldType; schemaRule?: { min?: { value: number; unit: string }; max?: { value: number; unit: string } } | undefined },
  ctx: z.RefinementCtx,
): void {
  const rule = definition.schemaRule;
  if (rule === undefined) return;
  const type = definition.fieldType;
  if (!isMeasureType(type)) {
    ctx.addIssue({ code: 'custom', path: ['schemaRule'], message: `is only supported on Weight, Size and Volume definitions, not on ${type}` });
    return;
  }
  for (const bound of ['min', 'max'] as const) {
    const unit = rule[bound]?.unit;
    if (unit !== undefined && !isUnitOf(type, unit)) {
      ctx.addIssue({ code: 'custom', path: ['schemaRule', bound, 'unit'], message: `must be ${unitList(type)} for a ${type}` });
    }
  }
  const { min, max } = rule;
  if (min !== undefined && max !== undefined && isUnitOf(type, min.unit) && isUnitOf(type, max.unit)) {
    if (compareMeasures(type, measureOf(min), measureOf(max)) > 0) {
      ctx.addIssue({ code: 'custom', path: ['schemaRule'], message: 'has a "min" above its "max"' });
    }
  }
}

/** An entry of a definitions file, and of a seed's `metafieldDefinitions`. */
export const definitionSchema = z
  .strictObject({ domain: z.enum(DOMAINS, { error: `must be one of ${DOMAINS.join(', ')}` }), ...definitionFields })
  .superRefine(ruleFits);

/** A definition in a request body: the domain is the path's. */
const bodyDefinitionSchema = z.strictObject(definitionFields).superRefine(ruleFits);

/** Numbers in the file were read as doubles; their shortest text is the decimal the author wrote. */
function measureOf(bound: { value: number; unit: string }): Measure {
  return { value: String(bound.value), unit: bound.unit };
}

/** Flags a (domain, namespace, code) defined twice, at its second index; `list` names the array in the message. */
export function noDuplicateDefinitions(list: string) {
  return (definitions: ReadonlyArray<{ domain: string; namespace: string; code: string }>, ctx: z.RefinementCtx): void => {
    const seen = new Map<string, number>();
    definitions.forEach((definition, index) => {
      const key = `${definition.domain} ${definition.namespace}.${definition.code}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else ctx.addIssue({ code: 'custom', path: [index], message: `defines ${key} again (first at ${list}[${first}])` });
    });
  };
}

export const definitionsFileSchema = z.strictObject(
  { definitions: z.array(definitionSchema, { error: 'must be an array of definitions' }).superRefine(noDuplicateDefinitions('definitions')) },
  { error: 'must be an object {"definitions": [...]}' },
);

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every definition the store holds, found by (domain, namespace, code) in map look-ups that
 * build no key strings. The definitions resource changes it; the values resource reads it.
 */
export class DefinitionCatalog {
  private byDomain = new Map<Domain, Map<string, Map<string, MetafieldDefinition>>>();

  constructor(definitions: readonly MetafieldDefinition[] = []) {
    for (const definition of definitions) this.put(definition);
  }

  find(domain: Domain, namespace: string, code: string): MetafieldDefinition | undefined {
    return this.byDomain.get(domain)?.get(namespace)?.get(code);
  }

  put(definition: MetafieldDefinition): void {
    let namespaces = this.byDomain.get(definition.domain);
    if (namespaces === undefined) this.byDomain.set(definition.domain, (namespaces = new Map()));
    let codes = namespaces.get(definition.namespace);
    if (codes === undefined) namespaces.set(definition.namespace, (codes = new Map()));
    codes.set(definition.code, definition);
  }

  /** Removes the definition and any map it leaves empty. */
  remove(domain: Domain, namespace: string, code: string): MetafieldDefinition | undefined {
    const namespaces = this.byDomain.get(domain);
    const codes = namespaces?.get(namespace);
    const definition = codes?.get(code);
    if (definition === undefined) return undefined;
    codes?.delete(code);
    if (codes?.size === 0) namespaces?.delete(namespace);
    return definition;
  }

  /** One domain's definitions, sorted by namespace then code. */
  list(domain: Domain): MetafieldDefinition[] {
    const namespaces = this.byDomain.get(domain);
    if (namespaces === undefined) return [];
    return [...namespaces.keys()].sort(byName).flatMap((namespace) => {
      const codes = namespaces.get(namespace) as Map<string, MetafieldDefinition>;
      return [...codes.keys()].sort(byName).map((code) => codes.get(code) as MetafieldDefinition);
    });
  }

  /** Every definition, by domain in DOMAINS' order, then namespace and code. */
  all(): MetafieldDefinition[] {
    return DOMAINS.flatMap((domain) => this.list(domain));
  }

  clear(): void {
    this.byDomain = new Map();
  }
}

/** Two definitions say the same (every field, the rule by its exact text). */
export function sameDefinition(a: MetafieldDefinition, b: MetafieldDefinition): boolean {
  return JSON.stringify(storedForm(a)) === JSON.stringify(storedForm(b));
}

/** The definition as plain JSON data, keys in a fixed order: the data file's and the journal's form. */
export function storedForm(definition: MetafieldDefinition): MetafieldDefinition {
  const { domain, namespace, code, definitionName, description, fieldType, multi, schemaRule, optionMap, pinned } = definition;
  const rule =
    schemaRule === undefined
      ? undefined
      : { ...(schemaRule.min ? { min: { ...schemaRule.min } } : {}), ...(schemaRule.max ? { max: { ...schemaRule.max } } : {}) };
  return { domain, namespace, code, definitionName, description, fieldType, multi, ...(rule === undefined ? {} : { schemaRule: rule }), optionMap, pinned };
}

const storedMeasureSchema = z.strictObject({ value: z.string().regex(/^-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$/i), unit: z.string() });

/** A definition as the data file and the journal hold it (what storedForm writes). */
export const storedDefinitionSchema = z.strictObject({
  domain: z.enum(DOMAINS),
  namespace: z.string().regex(NAME_PATTERN),
  code: z.string().regex(NAME_PATTERN),
  definitionName: z.string(),
  description: z.string(),
  fieldType: z.enum(FIELD_TYPES),
  multi: z.boolean(),
  schemaRule: z.strictObject({ min: storedMeasureSchema.optional(), max: storedMeasureSchema.optional() }).optional(),
  optionMap: z.string(),
  pinned: z.boolean(),
});

/** The first issue: where (a JSON path, '' at the top) and what is wrong there. */
function firstProblem(error: z.ZodError): { where: string; message: string } {
  const [issue] = error.issues;
  if (issue === undefined) return { where: '', message: 'does not match the expected shape' };
  const where = jsonPath(issue.path);
  if (issue.code === 'unrecognized_keys') return { where, message: `has the unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}` };
  return { where, message: issue.message };
}

function problemOf(error: z.ZodError): string {
  const { where, message } = firstProblem(error);
  if (where === '') return message.startsWith('has ') ? `the top level ${message}` : message;
  return `${where} ${message}`;
}

type ParsedRule = { min?: { value: number; unit: string }; max?: { value: number; unit: string } };

function withMeasures<T extends { schemaRule?: ParsedRule | undefined }>({
  schemaRule,
  ...definition
}: T): Omit<T, 'schemaRule'> & { schemaRule?: MeasureRule } {
  if (schemaRule === undefined) return definition;
  return {
    ...definition,
    schemaRule: {
      ...(schemaRule.min === undefined ? {} : { min: measureOf(schemaRule.min) }),
      ...(schemaRule.max === undefined ? {} : { max: measureOf(schemaRule.max) }),
    },
  };
}

/** Checks a parsed definitions document; `source` names it in the one-sentence error. */
export function parseDefinitions(raw: unknown, source: string): MetafieldDefinition[] {
  const parsed = definitionsFileSchema.safeParse(raw);
  if (!parsed.success) throw new SandboxUsageError(`${source} is invalid: ${problemOf(parsed.error)}.`);
  return parsed.data.definitions.map(toDefinition);
}

/** A checked entry of a definitions file or of a seed's metafieldDefinitions, as the catalog keeps it. */
export function toDefinition(entry: z.output<typeof definitionSchema>): MetafieldDefinition {
  return withMeasures(entry);
}

/**
 * Checks one definition of a request body (the `metafield` object), by the rules a file's
 * entries meet; the domain is the path's. A problem is the field at fault (`metafield.fieldType`).
 */
export function checkBodyDefinition(
  raw: unknown,
  domain: Domain,
  at: string,
): { ok: true; definition: MetafieldDefinition } | { ok: false; field: string; message: string } {
  const parsed = bodyDefinitionSchema.safeParse(raw);
  if (!parsed.success) {
    const { where, message } = firstProblem(parsed.error);
    return { ok: false, field: where === '' ? at : `${at}${where.startsWith('[') ? '' : '.'}${where}`, message };
  }
  return { ok: true, definition: { domain, ...withMeasures(parsed.data) } };
}

export async function readDefinitionsFile(file: string): Promise<MetafieldDefinition[]> {
  const source = `The metafield definitions file ${file}`;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    throw new SandboxUsageError(`${source} ${reason}.`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the file's first characters: the file and the position only.
    throw new SandboxUsageError(`${source} is not valid JSON: ${jsonProblem(text)}.`, { cause: error });
  }
  return parseDefinitions(raw, source);
}

/**
 * The definitions a sandbox starts with: a file's (`--definitions`), which replace the seed's,
 * or, without one, those the seed brings (the demo set with --demo; none without a seed).
 * `seed` is asked for after the file is read, so that the seed's values are checked against them.
 */
export async function loadDefinitions<S extends { metafieldDefinitions: MetafieldDefinition[] }>(
  definitionsFile: string | undefined,
  seed: (definitionsInstead: MetafieldDefinition[] | undefined) => Promise<S | undefined>,
): Promise<{ definitions: MetafieldDefinition[]; seed: S | undefined }> {
  const fromFile = definitionsFile === undefined ? undefined : await readDefinitionsFile(definitionsFile);
  const seeded = await seed(fromFile);
  return { definitions: fromFile ?? seeded?.metafieldDefinitions ?? [], seed: seeded };
}
