// `metafield get`: one value of a business object, shown with its field type and what its
// definition says of it.
import { METAFIELD_FIELDS } from '../../api/metafields/fields.js';
import { defineVerb } from '../verb.js';
import { checkNames, checkObject, objectArgs, valueNameFlags } from './args.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Show one metafield value of a business object, with its field type and definition',
  args: objectArgs(),
  flags: valueNameFlags(),
  json: { fields: METAFIELD_FIELDS },
  examples: [
    'store-cli metafield get products 4000000000000000401 --namespace specs --code weight',
    'store-cli metafield get customers 7000000000000000001 --namespace custom --code vip --json value',
  ],
  async run(options, ctx) {
    const { domain, bizId } = checkObject(options.domain, options.bizId);
    const { namespace, code } = checkNames(options);
    const view = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const value = await ctx.spin('Fetching the metafield value…', () => api.metafields.get(domain, bizId, namespace, code));
    await out.item(value, view.metafieldDetailView);
  },
});
