// `metafield definition create DOMAIN`: one definition from flags, every field the store requires
// filled in and checked before it is sent.
import { metafieldDefinitions } from '../../../api/metafield-definitions/declaration.js';
import type { MetafieldDomain } from '../../../api/metafields/types.js';
import { UsageError } from '../../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../../dry-run.js';
import { arg, defineVerb } from '../../verb.js';
import { DEFINITION_DOMAIN_HELP, checkDomain, fieldFlags, givenFields, nameFlags } from './args.js';
import { checkNames } from '../args.js';

export default defineVerb({
  mutates: true,
  name: 'create',
  summary: 'Create a metafield definition: the type (and rule) values of that namespace and code are checked against',
  args: { domain: arg(DEFINITION_DOMAIN_HELP) },
  flags: { ...nameFlags(), ...fieldFlags(), dryRun: dryRunFlag() },
  json: { fields: Object.keys(metafieldDefinitions.fields) },
  examples: [
    'store-cli metafield definition create products --namespace custom --code fabric --definition-name Fabric --field-type SingleLineText',
    'store-cli metafield definition create products --namespace specs --code weight --definition-name Weight --field-type Weight --schema-rule \'{"max":{"value":500,"unit":"kg"}}\'',
    'store-cli metafield definition create products --namespace custom --code related --definition-name Related --field-type Product --multi true --dry-run',
  ],
  notes: `\n--definition-name and --field-type are required.\n${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const domain = checkDomain(options.domain) as MetafieldDomain;
    const names = checkNames(options);
    const fields = givenFields(options);
    if (fields.definitionName === undefined) throw new UsageError('--definition-name is required: the display name of the definition.');
    if (fields.fieldType === undefined) throw new UsageError('--field-type is required: the type values of this definition hold.');
    const { checkDefinitionFlags } = await import('../../../api/metafield-definitions/schema.js');
    const definition = checkDefinitionFlags(domain, {
      ...names,
      definitionName: fields.definitionName,
      fieldType: fields.fieldType,
      description: fields.description ?? '',
      multi: fields.multi ?? 'false',
      optionMap: fields.optionMap ?? '{}',
      ...(fields.schemaRule === undefined || fields.schemaRule === '' ? {} : { schemaRule: fields.schemaRule }),
      pinned: fields.pinned ?? 'false',
    });
    if (options.dryRun) {
      const { runDry } = await import('../../dry-run.js');
      return runDry(ctx, options, (api) => api.metafieldDefinitions.create(domain, definition));
    }
    const view = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const created = await ctx.spin('Creating the metafield definition…', () => api.metafieldDefinitions.create(domain, definition));
    await out.item(created, view.definitionDetailView);
    if (ctx.io.isStderrTTY) ctx.say(`Created the definition ${names.namespace}.${names.code} of ${domain}.`);
  },
});
