// `metafield count DOMAIN BIZ-ID`: how many metafield values one business object holds, in one
// namespace or all, as the store counts them (one GET).
import { COUNT_FIELDS } from '../../api/count-fields.js';
import { defineVerb } from '../verb.js';
import { checkNamespaceFilter, checkObject, namespaceFilter, objectArgs } from './args.js';

export default defineVerb({
  mutates: false,
  name: 'count',
  summary: 'Count the metafield values of a business object',
  args: objectArgs(),
  flags: { namespace: namespaceFilter() },
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli metafield count products 4000000000000000401', 'store-cli metafield count shop 1 --namespace custom --json'],
  async run(options, ctx) {
    const { domain, bizId } = checkObject(options.domain, options.bizId);
    const namespace = checkNamespaceFilter(options.namespace);
    const out = await ctx.output();
    const api = await ctx.api();
    const count = await ctx.spin('Counting metafield values…', () => api.metafields.count(domain, bizId, namespace === undefined ? {} : { namespace }));
    await out.count(String(count));
  },
});
