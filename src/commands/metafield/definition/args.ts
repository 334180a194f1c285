// What the definition verbs share: the domain argument, the flags of a definition's fields
// (kebab-case of the API's names), and their checks. A failure names the argument or flag,
// exits 2 and happens before anything is sent. Plain code: these run before any library loads.
import { FIELD_TYPES, METAFIELD_DOMAINS, isMetafieldDomain, parseFieldType } from '../../../api/metafields/types.js';
import { UsageError } from '../../../core/errors.js';
import { oneOf, text } from '../../verb.js';
import { NAME_RULE, got } from '../args.js';

export const DEFINITION_DOMAIN_HELP = `the kind of business object the definition is for: ${METAFIELD_DOMAINS.join(', ')}`;

export function checkDomain(domain: string): string {
  if (!isMetafieldDomain(domain)) throw new UsageError(`<domain> must be one of ${METAFIELD_DOMAINS.join(', ')}${got(domain)}.`);
  return domain;
}

/** --namespace and --code: they name the definition. */
export const nameFlags = () => ({
  namespace: text('<namespace>', `the definition's namespace, ${NAME_RULE}`, { required: true }),
  code: text('<code>', `the definition's code, ${NAME_RULE}`, { required: true }),
});

/** The flags of a definition's other fields; on create, --definition-name and --field-type are required. */
export const fieldFlags = () => ({
  definitionName: text('<name>', 'the display name, 1 to 255 characters'),
  fieldType: text('<fieldType>', `the field type (any case): ${FIELD_TYPES.join(', ')}`),
  description: text('<text>', 'a description (default on create: none)'),
  multi: oneOf('<bool>', 'whether the field holds a list of values (default on create: false)', ['true', 'false']),
  pinned: oneOf('<bool>', 'whether the definition is pinned in the admin (default on create: false)', ['true', 'false']),
  schemaRule: text(
    '<json>',
    'Weight, Size and Volume only: limits as JSON, e.g. \'{"min":{"value":0,"unit":"kg"},"max":{"value":500,"unit":"kg"}}\'; "" removes them (update)',
  ),
  optionMap: text('<json>', 'options as a JSON object, e.g. \'{"search":true}\''),
});

export interface FieldOptions {
  definitionName?: string | undefined;
  fieldType?: string | undefined;
  description?: string | undefined;
  multi?: 'true' | 'false' | undefined;
  pinned?: 'true' | 'false' | undefined;
  schemaRule?: string | undefined;
  optionMap?: string | undefined;
}

/** The fields the flags give, checked one by one (the JSON ones once their schema is loaded: checkDefinitionFlags). */
export function givenFields(options: FieldOptions): FieldOptions {
  const fields: FieldOptions = {};
  if (options.definitionName !== undefined) {
    if (options.definitionName.length === 0 || options.definitionName.length > 255) throw new UsageError('--definition-name must be 1 to 255 characters.');
    fields.definitionName = options.definitionName;
  }
  if (options.fieldType !== undefined) {
    const type = parseFieldType(options.fieldType);
    if (type === undefined) throw new UsageError(`--field-type must be one of ${FIELD_TYPES.join(', ')}${got(options.fieldType)}.`);
    fields.fieldType = type;
  }
  for (const key of ['description', 'multi', 'pinned', 'schemaRule', 'optionMap'] as const) {
    if (options[key] !== undefined) (fields as Record<string, string>)[key] = options[key] as string;
  }
  return fields;
}
