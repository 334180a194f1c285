// `metafield list`: the values of one business object, all or one namespace's, as the store lists
// them (every page), with their field types.
import { METAFIELD_FIELDS } from '../../api/metafields/fields.js';
import { defineVerb } from '../verb.js';
import { checkNamespaceFilter, checkObject, namespaceFilter, objectArgs } from './args.js';
import { METAFIELD_LIST_COLUMNS } from './columns.js';

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: 'List the metafield values of a business object, in the order the store gives them',
  args: objectArgs(),
  flags: { namespace: namespaceFilter() },
  json: { fields: METAFIELD_FIELDS, list: true, columns: METAFIELD_LIST_COLUMNS },
  examples: [
    'store-cli metafield list products 4000000000000000401',
    'store-cli metafield list products 4000000000000000401 --namespace specs --json code,value',
  ],
  async run(options, ctx) {
    const { domain, bizId } = checkObject(options.domain, options.bizId);
    const namespace = checkNamespaceFilter(options.namespace);
    const view = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const values = await ctx.spin('Listing metafield values…', () => api.metafields.list(domain, bizId, namespace === undefined ? {} : { namespace }));
    const where = namespace === undefined ? '' : ` in namespace ${namespace}`;
    await out.list([values], view.metafieldListView(METAFIELD_LIST_COLUMNS), `No metafield values on ${domain} ${bizId}${where}.`);
  },
});
