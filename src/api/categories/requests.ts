// Category search: the look-up that supplies a product's categoryId.
import type { Category } from './schema.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, readAllPages, unwrap } from '../wire.js';

export class CategoriesApi {
  constructor(private readonly transport: Transport) {}

  /** Categories whose name contains `name` (every category without one). */
  async search(name?: string): Promise<Category[]> {
    const { checkCategoryList } = await import('./schema.js');
    return readAllPages(this.transport, `${API_PREFIX}/category/search`, { categoryName: name === '' ? undefined : name }, (body) => checkCategoryList(unwrap(body, 'productCategories', 'list')));
  }
}
