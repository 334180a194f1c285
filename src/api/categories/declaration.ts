// Categories, declared: the search that supplies the id a product is created with
// (`/category/search`, its list under `productCategories`, every page read). Only the id is
// required; the name and the parent ("0" for a root) are shown as sent.
import type { Transport } from '../../core/transport.js';
import { kind, restResource, RestApi, type RecordOf } from '../rest-resource.js';

export const categories = restResource({
  name: 'category',
  path: '/category/search',
  wrap: { list: 'productCategories' },
  id: 'categoryId',
  fields: {
    categoryId: kind.id(),
    /** As a filter: part of the name. */
    categoryName: kind.text(),
    parentCategoryId: kind.asSent(),
  },
  filters: ['categoryName'],
});

export type Category = RecordOf<typeof categories>;

export class CategoriesApi extends RestApi<typeof categories> {
  constructor(transport: Transport) {
    super(transport, categories);
  }

  /** Categories whose name contains `name` (every category without one). */
  async search(name?: string): Promise<Category[]> {
    return this.list(name === undefined ? {} : { categoryName: name });
  }
}
