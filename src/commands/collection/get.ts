import { COLLECTION_FIELDS } from '../../api/collections/fields.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  name: 'get',
  summary: 'Show one collection: its title, type, published flag, number of products, image and description',
  args: { collection: arg('the collection: an id, or a title looked up with collection list') },
  json: { fields: COLLECTION_FIELDS },
  examples: ['store-cli collection get 4000000000000000304', 'store-cli collection get "Summer Sale"', 'store-cli collection get "Summer Sale" --json collectionId,collects'],
  notes: `
A title resolves as product create --collection resolves it: digits are an id, else the
exact title (ignoring case), else the only partial match; anything else exits 2 listing the
candidates. Needs a token with the read_products or write_products scope.
`,
  async run(options, ctx) {
    const [{ resolveCollection }, view] = await Promise.all([import('../../product/index.js'), import('./view.js')]);
    const out = await ctx.output();
    const api = await ctx.api();
    const collectionId = await resolveCollection(api, options.collection, ctx.spin);
    const collection = await ctx.spin('Fetching the collection…', () => api.collections.get(collectionId));
    await out.item(collection, view.collectionDetailView());
  },
});
