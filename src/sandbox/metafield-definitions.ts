import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { SandboxUsageError } from './sandbox-errors.js';
import { compareMeasures, isMeasureType, isUnitOf, unitList, type Measure } from './metafield-measures.js';
import { DOMAINS, FIELD_TYPES, NAME_PATTERN, NAME_RULE, type Domain, type FieldType } from './metafield-rules.js';

/**
 * Metafield definitions: what type each (domain, namespace, code) holds. The spec has no
 * endpoint for them, so the sandbox reads them from a JSON file (`--definitions`), or uses
 * its demo set. File format: `{"definitions": [ ... ]}`, each entry the fields of spec 2.2
 * plus `domain`; schemaRule and optionMap are JSON text as in the spec, or the object itself.
 */

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
  optionMap: Record<string, unknown>;
}

/** Accepts the spec's JSON-encoded string or, for people writing the file by hand, the object itself. */
function jsonEncoded<T extends z.ZodType>(inner: T) {
  return z.preprocess((input, ctx) => {
    if (typeof input !== 'string') return input;
    try {
      return JSON.parse(input) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object, or JSON text of one', input });
      return z.NEVER;
    }
  }, inner);
}

const measureSchema = z.strictObject({
  value: z.number({ error: 'must be a finite JSON number' }),
  unit: z.string({ error: 'must be a unit name' }),
});

const ruleSchema = z
  .strictObject({ min: measureSchema.optional(), max: measureSchema.optional() })
  .refine((rule) => rule.min !== undefined || rule.max !== undefined, 'must hold "min", "max" or both');

const nameSchema = z.string({ error: NAME_RULE }).regex(NAME_PATTERN, NAME_RULE);

export const definitionSchema = z
  .strictObject({
    domain: z.enum(DOMAINS, { error: `must be one of ${DOMAINS.join(', ')}` }),
    namespace: nameSchema,
    code: nameSchema,
    definitionName: z.string({ error: 'must be a display name of 1 to 255 characters' }).min(1).max(255),
    description: z.string({ error: 'must be a string' }).max(65535).default(''),
    fieldType: z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(', ')}` }),
    multi: z
      .union([z.enum(['true', 'false']), z.boolean()], { error: 'must be "true" or "false"' })
      .default('false')
      .transform((flag) => flag === true || flag === 'true'),
    schemaRule: jsonEncoded(ruleSchema).optional(),
    optionMap: jsonEncoded(z.record(z.string(), z.unknown(), { error: 'must be a JSON object' })).default({}),
  })
  .superRefine((definition, ctx) => {
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
  });

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

/** Every definition the sandbox knows, found by (domain, namespace, code) in map look-ups that build no key strings. */
export class DefinitionCatalog {
  private readonly byDomain = new Map<Domain, Map<string, Map<string, MetafieldDefinition>>>();

  constructor(definitions: readonly MetafieldDefinition[] = []) {
    this.replace(definitions);
  }

  /** The whole set at once (a reset to the seed, an imported snapshot). */
  replace(definitions: readonly MetafieldDefinition[]): void {
    this.byDomain.clear();
    for (const definition of definitions) {
      let namespaces = this.byDomain.get(definition.domain);
      if (namespaces === undefined) this.byDomain.set(definition.domain, (namespaces = new Map()));
      let codes = namespaces.get(definition.namespace);
      if (codes === undefined) namespaces.set(definition.namespace, (codes = new Map()));
      codes.set(definition.code, definition);
    }
  }

  find(domain: Domain, namespace: string, code: string): MetafieldDefinition | undefined {
    return this.byDomain.get(domain)?.get(namespace)?.get(code);
  }

  /** Every definition, in the order they were given. */
  all(): MetafieldDefinition[] {
    return [...this.byDomain.values()].flatMap((namespaces) => [...namespaces.values()].flatMap((codes) => [...codes.values()]));
  }
}

/** `definitions[3].schemaRule.min.unit` */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

function problemOf(error: z.ZodError): string {
  const [issue] = error.issues;
  if (issue === undefined) return 'it does not match the expected shape';
  if (issue.code === 'unrecognized_keys') {
    const where = jsonPath(issue.path);
    return `${where === '' ? 'the top level' : where} has the unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  }
  const where = jsonPath(issue.path);
  return where === '' ? issue.message : `${where} ${issue.message}`;
}

/** Checks a parsed definitions document; `source` names it in the one-sentence error. */
export function parseDefinitions(raw: unknown, source: string): MetafieldDefinition[] {
  const parsed = definitionsFileSchema.safeParse(raw);
  if (!parsed.success) throw new SandboxUsageError(`${source} is invalid: ${problemOf(parsed.error)}.`);
  return parsed.data.definitions.map(toDefinition);
}

/** A checked entry of a definitions file or seed as the catalog keeps it. */
export function toDefinition({ schemaRule, ...definition }: z.output<typeof definitionSchema>): MetafieldDefinition {
  return {
    ...definition,
    ...(schemaRule === undefined
      ? {}
      : {
          schemaRule: {
            ...(schemaRule.min === undefined ? {} : { min: measureOf(schemaRule.min) }),
            ...(schemaRule.max === undefined ? {} : { max: measureOf(schemaRule.max) }),
          },
        }),
  };
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
    throw new SandboxUsageError(`${source} is not valid JSON (${(error as Error).message}).`, { cause: error });
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
