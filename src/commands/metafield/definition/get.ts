// `metafield definition get DOMAIN`: one definition, named by --namespace and --code: its type,
// name, rule and options.
import { metafieldDefinitions } from '../../../api/metafield-definitions/declaration.js';
import { arg, defineVerb } from '../../verb.js';
import { DEFINITION_DOMAIN_HELP, checkDomain, nameFlags } from './args.js';
import { checkNames } from '../args.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Show one metafield definition: its type, name, rule and options',
  args: { domain: arg(DEFINITION_DOMAIN_HELP) },
  flags: nameFlags(),
  json: { fields: Object.keys(metafieldDefinitions.fields) },
  examples: [
    'store-cli metafield definition get products --namespace specs --code weight',
    'store-cli metafield definition get products --namespace specs --code weight --json schemaRule',
  ],
  async run(options, ctx) {
    const domain = checkDomain(options.domain);
    const { namespace, code } = checkNames(options);
    const view = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const definition = await ctx.spin('Fetching the metafield definition…', () => api.metafieldDefinitions.get(domain, namespace, code));
    await out.item(definition, view.definitionDetailView);
  },
});
