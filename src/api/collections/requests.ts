// Collection listing: the look-up that supplies a product's collection ids.
import type { Collection } from './schema.js';
import { collectionTypeCode, type CollectionTypeChoice } from '../products/codes.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, readAllPages, unwrap } from '../wire.js';

export interface CollectionFilter {
  /** Part of the title (the store matches it ignoring case). */
  title?: string;
  /** Sent as the wire's code (custom 1, smart 2). */
  collectionType?: CollectionTypeChoice;
}

export class CollectionsApi {
  constructor(private readonly transport: Transport) {}

  /** Every matching collection. */
  async list(filter: CollectionFilter = {}): Promise<Collection[]> {
    const { checkCollectionList } = await import('./schema.js');
    const query = { title: filter.title === '' ? undefined : filter.title, collectionType: filter.collectionType === undefined ? undefined : collectionTypeCode(filter.collectionType) };
    return readAllPages(this.transport, `${API_PREFIX}/collections`, query, (body) => checkCollectionList(unwrap(body, 'collections', 'list')));
  }
}
