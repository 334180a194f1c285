import { COUNT_FIELDS } from '../../api/count-fields.js';
import { COLLECTION_TYPE_CHOICES } from '../../api/products/codes.js';
import { defineVerb, oneOf, text } from '../verb.js';

export default defineVerb({
  name: 'count',
  summary: 'Count the collections of the store, or those matching part of a title or a type',
  flags: {
    title: text('<text>', 'only collections whose title contains this text (ignoring case)'),
    collectionType: oneOf('<type>', 'only collections of this type: custom or smart (manual is another name for custom); sent as the type code, 1 or 2', COLLECTION_TYPE_CHOICES),
  },
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli collection count', 'store-cli collection count --collection-type smart --json'],
  notes: `
With --title or --collection-type the listing is read and its matches counted (a request
for every 250 collections): the store's docs show no filter for its count, and a count sent
one it ignores would count every collection. Without them, one request (collections/count).
`,
  async run(options, ctx) {
    const out = await ctx.output();
    const api = await ctx.api();
    const count = await ctx.spin('Counting collections…', () =>
      api.collections.count({ ...(options.title !== undefined ? { title: options.title } : {}), ...(options.collectionType !== undefined ? { collectionType: options.collectionType } : {}) }),
    );
    await out.count(count);
  },
});
