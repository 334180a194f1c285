// `metafield set`: an upsert of one value. The field's definition is read first, its type turning
// natural input ("1.5 kg", "yes") into the wire form, then the stored value: an equal one sends
// nothing, else a PUT updates it or a POST creates it (then a PUT, if a 409 says it was made
// meanwhile). Without a definition the value is stored as text, and a warning says so.
import { FIELD_TYPES, parseFieldType, type FieldType } from '../../api/metafields/types.js';
import { METAFIELD_INPUT_FIELDS } from '../../api/metafields/fields.js';
import type { MetafieldInput } from '../../api/metafields/schema.js';
import type { Api } from '../../api/index.js';
import { ApiError, UsageError } from '../../core/errors.js';
import { defineVerb, text } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { checkFieldType, checkNames, checkObject, got, objectArgs, valueNameFlags } from './args.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'set',
  summary: 'Create or update one metafield value of a business object (an upsert; an equal value is left alone)',
  args: objectArgs(),
  flags: {
    ...valueNameFlags(),
    value: text('<value>', 'the value, checked by field type; natural input such as "1.5 kg", "9.99 USD", "yes", "#abc"; a JSON array for multi fields', {
      required: true,
    }),
    type: text(
      '<fieldType>',
      "the field type that checks and converts --value (default: the field's definition's type, " +
        "else the stored value's; without any the value is sent as typed)",
    ),
    dryRun: dryRunFlag(),
  },
  json: { fields: METAFIELD_INPUT_FIELDS },
  examples: [
    'store-cli metafield set products 4000000000000000401 --namespace specs --code weight --value "1.5 kg"',
    'store-cli metafield set products 4000000000000000401 --namespace custom --code msrp --value "USD 19.99" --type Money',
    'store-cli metafield set customers 7000000000000000001 --namespace custom --code vip --value yes --type boolean --json',
  ],
  notes:
    `\nField types (--type, any case):\n` +
    `  ${FIELD_TYPES.slice(0, 10).join(', ')},\n` +
    `  ${FIELD_TYPES.slice(10).join(', ')}\n` +
    `The "Metafield value formats" table (docs/metafield.md) lists the input each accepts.\n` +
    `It reads the field's definition first: its type converts natural input; without one the\n` +
    `value is stored as text whatever --type says, and a warning says so.\n` +
    `${DRY_RUN_NOTE}It reads the stored value first: the request is the POST that creates it, the PUT that\n` +
    `updates it, or none when it is equal.\n`,
  async run(options, ctx) {
    const object = checkObject(options.domain, options.bizId);
    const { namespace, code } = checkNames(options);
    const type = options.type === undefined ? undefined : checkFieldType(options.type);
    const [values, view] = await Promise.all([import('../../api/metafields/values.js'), import('./view.js')]);
    const wireValue = (fieldType: FieldType | undefined, fromStore: boolean): string => {
      const result = values.toWireValue(fieldType, options.value);
      if (result.ok) return result.value;
      const whose = fromStore ? `; ${fieldType} is the field's type on the store` : '';
      throw new UsageError(`--value must be ${result.expected}${got(options.value)}${whose}.`);
    };
    // With --type the value is checked before anything is sent.
    if (type !== undefined) wireValue(type, false);
    const upsert = async (api: Api): Promise<{ outcome: Outcome; value: MetafieldInput }> => {
      // One read of the definition: its type reads natural input when --type is not given, and
      // a store without one keeps the value as text whatever --type says: that is said.
      const defined = await readDefinitionType(api, object.domain, namespace, code);
      if (defined === 'none')
        ctx.warn(`no definition for ${namespace}.${code} on ${object.domain}: stored as text; create one with \`metafield definition create\`.`);
      const definedType = defined === 'none' || defined === 'unknown' ? undefined : defined;
      const stored = await readStored(api, object.domain, object.bizId, namespace, code);
      if (stored) {
        const storedType = type ?? definedType ?? parseFieldType(stored.fieldType ?? '');
        const wire = wireValue(storedType, type === undefined && storedType !== undefined);
        if (values.sameValue(storedType, stored.value, wire)) return { outcome: 'Unchanged', value: { namespace, code, value: stored.value } };
        return { outcome: 'Updated', value: await api.metafields.update(object.domain, object.bizId, { namespace, code, value: wire }) };
      }
      const input = { namespace, code, value: wireValue(type ?? definedType, type === undefined && definedType !== undefined) };
      try {
        const [created] = await api.metafields.createBatch(object.domain, object.bizId, [input]);
        return { outcome: 'Created', value: created ?? input };
      } catch (error) {
        // Created by someone else since the read: it exists now, so this is an update.
        if (error instanceof ApiError && error.status === 409)
          return { outcome: 'Updated', value: await api.metafields.update(object.domain, object.bizId, input) };
        if (error instanceof ApiError && error.status === 400 && type === undefined) throw withTypeHint(error);
        throw error;
      }
    };
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(
        ctx,
        options,
        upsert,
        `no change: ${namespace}.${code} of ${object.domain} ${object.bizId} already has this value, so nothing would be sent`,
      );
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const { outcome, value } = await ctx.spin('Setting the metafield value…', () => upsert(api));
    await out.item(value, view.metafieldWrittenView);
    if (ctx.io.isStderrTTY) ctx.say(`${outcome} ${namespace}.${code} of ${object.domain} ${object.bizId}.`);
  },
});

type Outcome = 'Created' | 'Updated' | 'Unchanged';

/**
 * The field type of the value's definition; 'none' when the store has no definition (404),
 * 'unknown' when it would not say (403: a token that may not read definitions) or names a
 * type this client does not know.
 */
async function readDefinitionType(api: Api, domain: string, namespace: string, code: string): Promise<FieldType | 'none' | 'unknown'> {
  try {
    const definition = await api.metafieldDefinitions.get(domain, namespace, code);
    return parseFieldType(definition.fieldType) ?? 'unknown';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'none';
    if (error instanceof ApiError && error.status === 403) return 'unknown';
    throw error;
  }
}

/**
 * The stored value, or undefined when there is none (404). A token that may write but
 * not read (403) still gets its upsert: create, then update if the store says it exists.
 */
async function readStored(api: Api, domain: string, bizId: string, namespace: string, code: string) {
  try {
    return await api.metafields.get(domain, bizId, namespace, code);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return undefined;
    throw error;
  }
}

/** A new value of unknown type went as typed; the store's refusal says how to convert it. */
function withTypeHint(error: ApiError): ApiError {
  const hint = " The value was sent as typed: --type with the field's type converts natural input (see 'store-cli metafield set --help').";
  return new ApiError(`${error.message}${hint}`, { status: error.status, code: error.code, fields: error.fields });
}
