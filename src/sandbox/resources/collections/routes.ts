import * as z from 'zod';
import { invalidField } from '../../http/sandbox-errors.js';
import type { Catalog } from '../products/catalog-state.js';
import { presentCollection } from '../products/present.js';
import { collectionRecordSchema, type CollectionRecord } from '../products/record.js';
import { COLLECTION_TYPE_CODES, type CollectionType } from '../products/decisions.js';
import type { Resource, ResourceEnv } from '../resource.js';

const CODES = Object.entries(COLLECTION_TYPE_CODES) as [CollectionType, number][];

/** The type a `collectionType` filter names by its code ("1" custom, "2" smart); undefined: no filter. */
function typeOfCode(code: string): CollectionType | undefined {
  if (code === '') return undefined;
  const found = CODES.find(([, value]) => String(value) === code);
  if (found === undefined) throw invalidField('collectionType', `must be a collection type code: ${CODES.map(([name, value]) => `${value} (${name})`).join(' or ')}`);
  return found[0];
}

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
          const type = typeOfCode(request.query.get('collectionType') ?? '');
          const matches = catalog.allCollections().filter((collection) => collection.title.toLowerCase().includes(title) && (type === undefined || collection.collectionType === type));
          return {
            body: { collections: matches.map((collection) => presentCollection(collection, catalog.productsIn(collection.collectionId), env.idsAs, env.dialect)) },
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
    seed(section: CollectionRecord[]) {
      replaceAll(structuredClone(section));
    },
    snapshot() {
      return catalog.allCollections();
    },
  };
}
