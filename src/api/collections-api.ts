// Collection listing: the look-up that supplies a product's collection ids.
import { nextPageQuery } from '../core/paginate.js';
import type { Collection } from './catalog.js';
import type { Transport } from './transport.js';
import { API_PREFIX, unwrap } from './wire.js';

export interface CollectionFilter {
  /** Part of the title (the store matches it ignoring case). */
  title?: string;
  collectionType?: string;
}

export class CollectionsApi {
  constructor(private readonly transport: Transport) {}

  /** Every matching collection; a next-page link, should a store send one, is followed. */
  async list(filter: CollectionFilter = {}): Promise<Collection[]> {
    const { checkCollectionList } = await import('./catalog.js');
    const found: Collection[] = [];
    let query: Record<string, string | undefined> = {
      title: filter.title === '' ? undefined : filter.title,
      collectionType: filter.collectionType,
    };
    for (;;) {
      const response = await this.transport.request({ method: 'GET', path: `${API_PREFIX}/collections`, query });
      found.push(...checkCollectionList(unwrap(response.body, 'collections', 'list')));
      const next = nextPageQuery(response.headers.link, response.body, query);
      if (!next) return found;
      query = next;
    }
  }
}
