// Collections: the listing that supplies a product's collection ids, one collection's read,
// count, create, update and delete, and products put into or taken out of one
// (`POST|DELETE /collections/collect`). Paths and wrappers live here only. The listing's
// filters (title, type) are past the readable part of the docs: they are sent, and checked
// again on each collection that comes back, so a store that ignores one cannot widen the
// answer; a count with one counts the listing (the count endpoint would count every one).
import type { Collection, CollectionWire } from './schema.js';
import { collectionTypeCode, collectionTypeName, type CollectionTypeChoice } from '../products/codes.js';
import { scalarText } from '../../core/json.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, createOnce, isEmptyAnswer, parseCount, readAllPages, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/collections`;
const COLLECT_PATH = `${BASE}/collect`;

export interface CollectionFilter {
  /** Part of the title (the store matches it ignoring case). */
  title?: string;
  /** Sent as the wire's code (custom 1, smart 2). */
  collectionType?: CollectionTypeChoice;
}

export class CollectionsApi {
  constructor(private readonly transport: Transport) {}

  /** Every matching collection (checked against the filters too: see above). */
  async list(filter: CollectionFilter = {}): Promise<Collection[]> {
    const { checkCollectionList } = await schemas();
    const found = await readAllPages(this.transport, BASE, queryOf(filter), (body) => checkCollectionList(unwrap(body, 'collections', 'list')));
    return found.filter(collectionMatcher(filter));
  }

  /** The store's count without a filter; with one, the matching collections of the listing counted. */
  async count(filter: CollectionFilter = {}): Promise<string> {
    if (isFiltered(filter)) return String((await this.list(filter)).length);
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/count`, query: queryOf(filter) });
    return parseCount(response.body);
  }

  async get(collectionId: string): Promise<Collection> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(collectionId)}` });
    return readCollection(response.body);
  }

  /**
   * Never resent once it may have reached the store: a title is no unique key, so a second
   * send could make a second collection. Undefined when the store answered without a body.
   */
  async create(collection: CollectionWire): Promise<Collection | undefined> {
    return createOnce(async () => {
      const response = await this.transport.request({ method: 'POST', path: BASE, body: { collection } });
      return isEmptyAnswer(response.body) ? undefined : await readCollection(response.body);
    }, 'The collection may have been created anyway.');
  }

  /** The whole collection is sent (what was read, changed): a PUT, safely resent. */
  async update(collectionId: string, collection: CollectionWire): Promise<Collection> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(collectionId)}`, body: { collection } });
    if (isEmptyAnswer(response.body)) return this.get(collectionId);
    return readCollection(response.body);
  }

  async delete(collectionId: string): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: `${BASE}/${segment(collectionId)}` });
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
    return readCollection(response.body);
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
    if (part !== undefined && collection.title !== undefined && collection.title !== null && !scalarText(collection.title).toLowerCase().includes(part)) return false;
    if (type !== undefined && collection.collectionType !== undefined && collection.collectionType !== null && collectionTypeName(scalarText(collection.collectionType)) !== type) return false;
    return true;
  };
}

function queryOf(filter: CollectionFilter): Record<string, string | undefined> {
  return { title: filter.title === '' ? undefined : filter.title, collectionType: filter.collectionType === undefined ? undefined : collectionTypeCode(filter.collectionType) };
}

async function readCollection(body: unknown): Promise<Collection> {
  const { checkCollection } = await schemas();
  return checkCollection(unwrap(body, 'collection', 'object'));
}
