// Category search: the look-up that supplies a product's categoryId.
import { nextPageQuery } from '../core/paginate.js';
import type { Category } from './catalog.js';
import type { Transport } from './transport.js';
import { API_PREFIX, unwrap } from './wire.js';

export class CategoriesApi {
  constructor(private readonly transport: Transport) {}

  /**
   * Categories whose name contains `name` (every category without one). The spec shows
   * no paging; a next-page link, should a store send one, is followed to the end.
   */
  async search(name?: string): Promise<Category[]> {
    const { checkCategoryList } = await import('./catalog.js');
    const found: Category[] = [];
    let query: Record<string, string | undefined> = { categoryName: name === '' ? undefined : name };
    for (;;) {
      const response = await this.transport.request({ method: 'GET', path: `${API_PREFIX}/category/search`, query });
      found.push(...checkCategoryList(unwrap(response.body, 'productCategories', 'list')));
      const next = nextPageQuery(response.headers.link, response.body, query);
      if (!next) return found;
      query = next;
    }
  }
}
