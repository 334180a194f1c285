// The metafield values' section of a seed: each value checked against its definition (the
// seed's, or --definitions'), and the demo set's values (demo.json).
import * as z from 'zod';
import { jsonPath } from '../../http/json-position.js';
import type { MetafieldDefinition } from '../metafield-definitions/definitions.js';
import { seedSection, type SeedFill } from '../resource.js';
import { ID_PATTERN } from '../../state/ids.js';
import type { FieldError } from '../../http/sandbox-errors.js';
import demo from './demo.json' with { type: 'json' };
import { DOMAINS, FIELD_TYPES, NAME_PATTERN, NAME_RULE, UNDEFINED_FIELD_TYPE, type Domain } from './rules.js';
import { checkValue } from './value-check.js';
import type { StoredValue } from './value-store.js';

const name = z.string({ error: NAME_RULE }).regex(NAME_PATTERN, NAME_RULE);

/** Values as the API answers them: canonical text (structured types as JSON text), and the type they were checked against. */
const seedValueSchema = z.strictObject({
  namespace: name,
  code: name,
  value: z.string({ error: 'must be the value as a JSON string (structured values as JSON text)' }),
  fieldType: z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(', ')}` }).optional(),
});

const seedObjectSchema = z.strictObject({
  domain: z.enum(DOMAINS, { error: `must be one of ${DOMAINS.join(', ')}` }),
  bizId: z.string({ error: 'must be a decimal id as a JSON string' }).regex(ID_PATTERN, 'must be a decimal id without leading zeros'),
  values: z.array(seedValueSchema),
});

/** One business object's values, as the resource stores them. */
export interface FilledObject {
  domain: Domain;
  bizId: string;
  values: StoredValue[];
}

export const metafieldSeed = seedSection({
  key: 'metafields',
  schema: z.array(seedObjectSchema).default([]),
  fill: (objects, { earlier, problems }): FilledObject[] => checkValues(objects, (earlier.metafieldDefinitions ?? []) as MetafieldDefinition[], problems),
  demo,
});

/**
 * Each value checked against its definition in the seed (SingleLineText without one), once
 * per object: the values as stored (canonical text, the type checked against); what does
 * not fit goes to `problems`.
 */
function checkValues(
  objects: z.output<typeof seedObjectSchema>[],
  definitions: readonly MetafieldDefinition[],
  problems: SeedFill['problems'],
): FilledObject[] {
  const byName = new Map(definitions.map((definition) => [`${definition.domain} ${definition.namespace}.${definition.code}`, definition]));
  const seen = new Map<string, string>();
  const report = (problem: FieldError) => problems.push(problem);
  return objects.map((object, o) => ({
    domain: object.domain,
    bizId: object.bizId,
    values: object.values.map((value, v): StoredValue => {
      const at = jsonPath(['metafields', o, 'values', v]);
      const key = `${object.domain} ${object.bizId} ${value.namespace}.${value.code}`;
      const first = seen.get(key);
      if (first !== undefined)
        report({ field: at, message: `repeats ${value.namespace}.${value.code} of ${object.domain} ${object.bizId} (first at ${first})` });
      else seen.set(key, at);
      const definition = byName.get(`${object.domain} ${value.namespace}.${value.code}`) ?? kept(object.domain, value);
      const checked = checkValue(value.value, definition);
      if (!checked.ok) report({ field: `${at}.value`, message: checked.message });
      else if (value.fieldType !== undefined && value.fieldType !== checked.fieldType) {
        report({
          field: `${at}.fieldType`,
          message:
            `must be ${checked.fieldType}, ` +
            `the type ${definition === undefined ? 'of a value without a definition' : 'its definition gives'} (or left out)`,
        });
      }
      return {
        namespace: value.namespace,
        code: value.code,
        value: checked.ok ? checked.text : value.value,
        fieldType: checked.ok ? checked.fieldType : 'SingleLineText',
      };
    }),
  }));
}

/**
 * A value whose definition was deleted keeps the type it was checked against (the definitions
 * API leaves it so): a snapshot writes that type, and the value is checked against it, single
 * or multi. Undefined for a value that names no type, or SingleLineText (no definition needed).
 */
function kept(
  domain: Domain,
  value: { namespace: string; code: string; value: string; fieldType?: MetafieldDefinition['fieldType'] | undefined },
): MetafieldDefinition | undefined {
  if (value.fieldType === undefined || value.fieldType === UNDEFINED_FIELD_TYPE) return undefined;
  const single: MetafieldDefinition = {
    domain,
    namespace: value.namespace,
    code: value.code,
    definitionName: '',
    description: '',
    fieldType: value.fieldType,
    multi: false,
    optionMap: '{}',
    pinned: false,
  };
  return checkValue(value.value, single).ok ? single : { ...single, multi: true };
}
