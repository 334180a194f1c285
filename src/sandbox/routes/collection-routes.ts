import * as z from 'zod';
import { invalidField } from '../sandbox-errors.js';
import type { Catalog } from '../product-catalog.js';
import { presentCollection } from '../product-present.js';
import { collectionRecordSchema, type CollectionRecord } from '../product-record.js';
import { COLLECTION_TYPES } from '../product-decisions.js';
import type { Resource, ResourceEnv } from '../resource.js';
import type { StoreSeed } from '../seed.js';

/** Collections: seeded, read-only through the API; their products follow from the products. */
export function createCollectionResource(env: ResourceEnv, catalog: Catalog): Resource {
  function replaceAll(records: CollectionRecord[]): void {
    catalog.replaceCollections(records);
    for (const collection of records) env.ids.observe(collection.collectionId);
  }

  return {
    key: 'collections',
    routes: [
      {
        method: 'GET',
        path: '/collections',
        scope: env.dialect.productListingScope,
        handle(request) {
          const title = (request.query.get('title') ?? '').toLowerCase();
          const type = request.query.get('collectionType') ?? '';
          if (type !== '' && !(COLLECTION_TYPES as readonly string[]).includes(type)) {
            throw invalidField('collectionType', `must be one of ${COLLECTION_TYPES.join(', ')}`);
          }
          const matches = catalog.allCollections().filter((collection) => collection.title.toLowerCase().includes(title) && (type === '' || collection.collectionType === type));
          return {
            body: { collections: matches.map((collection) => presentCollection(collection, catalog.productsIn(collection.collectionId), env.idsAs)) },
          };
        },
      },
    ],
    load(section) {
      replaceAll(z.array(collectionRecordSchema).parse(section ?? []));
    },
    dump() {
      return catalog.allCollections();
    },
    seed(seed: StoreSeed) {
      replaceAll(structuredClone(seed.collections));
    },
    snapshot() {
      return catalog.allCollections();
    },
  };
}
