import { METAFIELD_DEFINITION_FIELDS } from '../../../api/metafield-definitions/fields.js';
import type { Context } from '../../../core/context.js';
import { DEFINITION_LIST_COLUMNS } from './columns.js';
import { arg, defineVerb, type OptionsOf } from '../../verb.js';
import { DEFINITION_DOMAIN_HELP, checkDomain } from './args.js';

const verb = defineVerb({
  name: 'list',
  summary: 'List the metafield definitions of a domain, sorted by the store (every page)',
  args: { domain: arg(DEFINITION_DOMAIN_HELP) },
  json: { fields: METAFIELD_DEFINITION_FIELDS, list: true, columns: DEFINITION_LIST_COLUMNS },
  examples: ['store-cli metafield definition list products', 'store-cli metafield definition list customers --json namespace,code,fieldType'],
});

export type ListOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: ListOptions, ctx: Context): Promise<void> {
  const domain = checkDomain(options.domain);
  const view = await import('./view.js');
  const out = await ctx.output(options, verb.json.fields);
  const api = await ctx.api();
  const definitions = await ctx.spin('Listing metafield definitions…', () => api.metafieldDefinitions.list(domain));
  await out.list([definitions], view.definitionListView(verb.json.columns), `No metafield definitions for ${domain}.`);
}
