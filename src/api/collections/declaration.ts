// Collections (About Collection, partners.genstore.ai/docs/api-rest/10), declared:
// `/collections` under the `collection` wrapper, the listing read to its end. Tolerant in
// what we read: a listing needs a collection's id; every other field is shown as the store
// sent it (stores write `collectionType` as 1 or "1" for custom, 2 or "2" for smart, and
// `published` as a boolean or "true"; the views read either). What a user sends (flags, a
// --file) is checked in schema.ts, the wire's forms in requests.ts.
import { COLLECTION_TYPE_CHOICES } from '../products/codes.js';
import { kind, restResource, type RecordOf } from '../rest-resource.js';

export const collections = restResource({
  name: 'collection',
  path: '/collections',
  wrap: { item: 'collection', list: 'collections' },
  paging: 'unpaged',
  count: 'endpoint',
  id: 'collectionId',
  fields: {
    collectionId: kind.id(),
    /** As a filter: part of the title, matched ignoring case. */
    title: kind.text(),
    /** As a filter: the type by name (manual is custom), sent as its code. */
    collectionType: kind.enum(COLLECTION_TYPE_CHOICES),
    bodyHtml: kind.asSent(),
    published: kind.asSent(),
    image: kind.asSent(),
    /** JSON-array text of product ids (the spec), or an array of them (the real store's docs). */
    collects: kind.asSent(),
    countGoodsNum: kind.asSent(),
  },
  filters: ['title', 'collectionType'],
  // A title is no unique key: a second send could make a second collection.
  createOnce: true,
  readBack: true,
});

export type Collection = RecordOf<typeof collections>;
