import { COLLECTION_FIELDS } from '../../api/collections/fields.js';
import { COLLECTION_TYPE_CHOICES } from '../../api/products/codes.js';
import { defineVerb, oneOf, text } from '../verb.js';
import { COLLECTION_LIST_COLUMNS } from './columns.js';

export default defineVerb({
  name: 'list',
  summary: 'List collections, filtered by part of the title (ignoring case) or by type (custom or smart)',
  flags: {
    title: text('<text>', 'only collections whose title contains this text (ignoring case)'),
    collectionType: oneOf('<type>', 'only collections of this type: custom or smart (manual is another name for custom); sent as the type code, 1 or 2', COLLECTION_TYPE_CHOICES),
  },
  json: { fields: COLLECTION_FIELDS, list: true, columns: COLLECTION_LIST_COLUMNS },
  examples: ['store-cli collection list', 'store-cli collection list --title summer', 'store-cli collection list --collection-type smart --json collectionId,title'],
  notes: `
The title and the type are sent to the store and checked by store-cli on each collection
that comes back (the store's docs show neither filter), so a store that ignores one cannot
widen the list.
`,
  async run(options, ctx) {
    const { collectionListView } = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const found = await ctx.spin('Listing collections…', () =>
      api.collections.list({ ...(options.title !== undefined ? { title: options.title } : {}), ...(options.collectionType !== undefined ? { collectionType: options.collectionType } : {}) }),
    );
    await out.list([found], collectionListView(COLLECTION_LIST_COLUMNS), 'No collections match.');
  },
});
