import * as z from 'zod';
import type { Catalog } from './catalog-state.js';
import { presentCategory } from './present.js';
import { categoryRecordSchema, type CategoryRecord } from './record.js';
import type { Resource, ResourceEnv } from '../resource.js';

/** The category tree: seeded (demo data), read-only through the API. */
export function createCategoryResource(env: ResourceEnv, catalog: Catalog): Resource {
  function replaceAll(records: CategoryRecord[]): void {
    catalog.replaceCategories(records);
    for (const category of records) env.ids.observe(category.categoryId);
  }

  return {
    key: 'categories',
    routes: [
      {
        method: 'GET',
        path: '/category/search',
        scope: env.dialect.productListingScope,
        handle(request) {
          // A case-insensitive substring of the name; absent or empty lists the whole tree.
          const wanted = (request.query.get('categoryName') ?? '').toLowerCase();
          const matches = catalog.allCategories().filter((category) => category.categoryName.toLowerCase().includes(wanted));
          return { body: { productCategories: matches.map(presentCategory) } };
        },
      },
    ],
    load(section) {
      replaceAll(z.array(categoryRecordSchema).parse(section ?? []));
    },
    dump() {
      return catalog.allCategories();
    },
    seed(section: CategoryRecord[]) {
      replaceAll(structuredClone(section));
    },
    snapshot() {
      return catalog.allCategories();
    },
  };
}
