// `metafield get`: one value of a business object, shown with its field type and what its
// definition says of it.
import { METAFIELD_FIELDS } from '../../api/metafields/fields.js';
import { arg, defineVerb, text } from '../verb.js';
import { BIZ_ID_HELP, DOMAIN_HELP, NAME_RULE, checkName, checkObject } from './args.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Show one metafield value of a business object, with its field type and definition',
  args: { domain: arg(DOMAIN_HELP), bizId: arg(BIZ_ID_HELP) },
  flags: {
    namespace: text('<namespace>', `the value's namespace, ${NAME_RULE}`, { required: true }),
    code: text('<code>', `the value's code, ${NAME_RULE}`, { required: true }),
  },
  json: { fields: METAFIELD_FIELDS },
  examples: [
    'store-cli metafield get products 4000000000000000401 --namespace specs --code weight',
    'store-cli metafield get customers 7000000000000000001 --namespace custom --code vip --json value',
  ],
  async run(options, ctx) {
    const { domain, bizId } = checkObject(options.domain, options.bizId);
    const namespace = checkName('--namespace', options.namespace);
    const code = checkName('--code', options.code);
    const view = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const value = await ctx.spin('Fetching the metafield value…', () => api.metafields.get(domain, bizId, namespace, code));
    await out.item(value, view.metafieldDetailView);
  },
});
