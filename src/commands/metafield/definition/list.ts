// `metafield definition list DOMAIN`: every definition of a domain (every page), in the store's
// order.
import { metafieldDefinitions } from '../../../api/metafield-definitions/declaration.js';
import { arg, defineVerb } from '../../verb.js';
import { DEFINITION_DOMAIN_HELP, checkDomain } from './args.js';
import type { DefinitionListColumn } from './view.js';

/** The columns of `metafield definition list`, in the order scripts `cut` them. */
const DEFINITION_LIST_COLUMNS = ['namespace', 'code', 'fieldType', 'multi', 'definitionName'] as const satisfies readonly DefinitionListColumn[];

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: 'List the metafield definitions of a domain, sorted by the store (every page)',
  args: { domain: arg(DEFINITION_DOMAIN_HELP) },
  json: { fields: Object.keys(metafieldDefinitions.fields), list: true, columns: DEFINITION_LIST_COLUMNS },
  examples: ['store-cli metafield definition list products', 'store-cli metafield definition list customers --json namespace,code,fieldType'],
  async run(options, ctx) {
    const domain = checkDomain(options.domain);
    const view = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const definitions = await ctx.spin('Listing metafield definitions…', () => api.metafieldDefinitions.list(domain));
    await out.list([definitions], view.definitionListView(DEFINITION_LIST_COLUMNS), `No metafield definitions for ${domain}.`);
  },
});
