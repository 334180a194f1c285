// `metafield definition update DOMAIN`: the definition read, the flags' fields changed, and sent
// whole (the store takes a definition whole); one already as asked sends nothing.
import { metafieldDefinitions } from '../../../api/metafield-definitions/declaration.js';
import type { MetafieldDomain } from '../../../api/metafields/types.js';
import type { Api } from '../../../api/index.js';
import { UsageError } from '../../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../../dry-run.js';
import { arg, defineVerb } from '../../verb.js';
import { DEFINITION_DOMAIN_HELP, checkDomain, fieldFlags, givenFields, nameFlags } from './args.js';
import { checkNames } from '../args.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'update',
  summary: 'Change fields of a metafield definition; the others stay. An update that changes nothing sends nothing',
  args: { domain: arg(DEFINITION_DOMAIN_HELP) },
  flags: { ...nameFlags(), ...fieldFlags(), dryRun: dryRunFlag() },
  json: { fields: Object.keys(metafieldDefinitions.fields) },
  examples: [
    'store-cli metafield definition update products --namespace custom --code fabric --description "Main fabric"',
    'store-cli metafield definition update products --namespace specs --code weight --schema-rule \'{"max":{"value":200,"unit":"kg"}}\' --dry-run',
  ],
  notes:
    `\nIt reads the definition first and sends it whole, with the flags' fields changed. A store\n` +
    `may refuse a change of --field-type or --multi while values of the field exist.\n` +
    `${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const domain = checkDomain(options.domain) as MetafieldDomain;
    const { namespace, code } = checkNames(options);
    const fields = givenFields(options);
    if (Object.keys(fields).length === 0)
      throw new UsageError(
        'Give at least one field to change: --definition-name, --field-type, --description, --multi, --pinned, --schema-rule or --option-map.',
      );
    const { checkDefinitionFlags, ownFields, sameDefinition } = await import('../../../api/metafield-definitions/schema.js');
    const update = async (api: Api) => {
      const stored = await api.metafieldDefinitions.get(domain, namespace, code);
      const { schemaRule, ...rest } = { ...ownFields(stored), ...fields };
      const wanted = checkDefinitionFlags(domain, { ...rest, ...(schemaRule === undefined || schemaRule === '' ? {} : { schemaRule }) });
      if (sameDefinition(stored, wanted)) return { definition: stored, changed: false };
      return { definition: await api.metafieldDefinitions.update(domain, wanted), changed: true };
    };
    if (options.dryRun) {
      const { runDry } = await import('../../dry-run.js');
      return runDry(ctx, options, update, `no change: the definition ${namespace}.${code} of ${domain} already says this, so nothing would be sent`);
    }
    const view = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const { definition, changed } = await ctx.spin('Updating the metafield definition…', () => update(api));
    await out.item(definition, view.definitionDetailView);
    if (ctx.io.isStderrTTY) ctx.say(`${changed ? 'Updated' : 'Unchanged'} the definition ${namespace}.${code} of ${domain}.`);
  },
});
