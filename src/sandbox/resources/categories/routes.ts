// The category tree's one route, `GET /category/search`: a case-insensitive substring of the
// name; absent or empty lists the whole tree. The records are the catalog's (record.ts).
import type { Catalog } from '../products/catalog-state.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv } from '../resource.js';
import { categoryTable, type CategoryRecord } from './record.js';

export function createCategoryResource(env: ResourceEnv, catalog: Catalog): TableResource<CategoryRecord> {
  const table = categoryTable.resource(env, { store: catalog.categories });
  return {
    ...table,
    routes: [
      {
        method: 'GET',
        path: '/category/search',
        scope: env.dialect.productListingScope,
        handle(request) {
          const wanted = (request.query.get('categoryName') ?? '').toLowerCase();
          const matches = table.all().filter((category) => category.categoryName.toLowerCase().includes(wanted));
          return { body: { productCategories: matches.map((category) => table.present(category)) } };
        },
      },
    ],
  };
}
