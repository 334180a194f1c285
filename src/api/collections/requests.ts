// Collections beyond the declaration (declaration.ts): the listing's filters, past the
// readable part of the docs, are sent (the type as its code) and checked again on each
// collection that comes back, so a store that ignores one cannot widen the answer; a count
// with one counts the listing (the count endpoint would count every one). Products are put
// into or taken out of one (`POST|DELETE /collections/collect`). Paths and wrappers live here
// and in the declaration only.
import type { CollectionWire } from './schema.js';
import { collectionTypeCode, collectionTypeName, type CollectionTypeChoice } from '../products/codes.js';
import { scalarText } from '../../core/json.js';
import type { Transport } from '../../core/transport.js';
import { RestApi, type PageQuery } from '../rest-resource.js';
import { collections, type Collection } from './declaration.js';
import { API_PREFIX } from '../wire.js';

const COLLECT_PATH = `${API_PREFIX}${collections.path}/collect`;

export interface CollectionFilter {
  /** Part of the title (the store matches it ignoring case). */
  title?: string;
  /** Sent as the wire's code (custom 1, smart 2). */
  collectionType?: CollectionTypeChoice;
}

export class CollectionsApi extends RestApi<typeof collections> {
  constructor(transport: Transport) {
    super(transport, collections);
  }

  /** Every matching collection (checked against the filters too: see above). */
  override async list(query: PageQuery & CollectionFilter & { all?: boolean } = {}): Promise<Collection[]> {
    const { collectionType, ...rest } = query;
    const found = await super.list({ ...rest, ...(collectionType !== undefined ? { collectionType: collectionTypeCode(collectionType) } : {}) });
    return found.filter(collectionMatcher(query));
  }

  /** The store's count without a filter; with one, the matching collections of the listing counted. */
  override async count(filter: CollectionFilter = {}): Promise<string> {
    return isFiltered(filter) ? String((await this.list(filter)).length) : super.count();
  }

  /** The collection as the wire carries it (schema.ts changeToWire); never resent once it may have reached the store. */
  override async create(collection: CollectionWire): Promise<Collection | undefined> {
    return super.create(collection);
  }

  /** The whole collection is sent (what was read, changed): a PUT, safely resent; an answer without a body is read back. */
  override async update(collectionId: string, collection: CollectionWire): Promise<Collection> {
    return (await super.update(collectionId, collection)) ?? this.get(collectionId);
  }

  /** Puts the products into the collection; the collection as it now is (read back when the answer has none). */
  async addProducts(collectionId: string, productIds: readonly string[]): Promise<Collection> {
    return this.collect('POST', collectionId, productIds);
  }

  /** Takes the products out of the collection (they stay in the store). */
  async removeProducts(collectionId: string, productIds: readonly string[]): Promise<Collection> {
    return this.collect('DELETE', collectionId, productIds);
  }

  /** Both directions are idempotent (a product already in, or already out, is no change): safely resent. */
  private async collect(method: 'POST' | 'DELETE', collectionId: string, productIds: readonly string[]): Promise<Collection> {
    const response = await this.transport.request({ method, path: COLLECT_PATH, body: { collect: { collectionId, productIds: [...productIds] } } });
    // The docs show no answer: one that carries no collection (`{}`, a 204) is read back.
    if (!(typeof response.body === 'object' && response.body !== null && 'collection' in response.body)) return this.get(collectionId);
    return this.readItem(response.body);
  }
}

const isFiltered = (filter: CollectionFilter) => (filter.title !== undefined && filter.title !== '') || filter.collectionType !== undefined;

/**
 * Whether a listed collection passes the filters: part of its title ignoring case, its type by
 * code or name. A field the collection does not carry leaves the store's word standing.
 */
function collectionMatcher(filter: CollectionFilter): (collection: Collection) => boolean {
  const part = filter.title === undefined || filter.title === '' ? undefined : filter.title.toLowerCase();
  const type = filter.collectionType === undefined ? undefined : collectionTypeName(filter.collectionType);
  return (collection) => {
    if (part !== undefined && collection.title !== undefined && collection.title !== null && !scalarText(collection.title).toLowerCase().includes(part))
      return false;
    if (
      type !== undefined &&
      collection.collectionType !== undefined &&
      collection.collectionType !== null &&
      collectionTypeName(scalarText(collection.collectionType)) !== type
    )
      return false;
    return true;
  };
}
