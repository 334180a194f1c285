// The catalog's collections (`/collections`): their routes, the collect routes that put products
// in or take them out, and their state, kept in the catalog they share with products.
import { JsonInteger } from '../../http/body-json.js';
import { invalidField, notFound } from '../../http/sandbox-errors.js';
import { findByPathId, keptRecords } from '../record-book.js';
import type { Catalog } from '../products/catalog-state.js';
import { presentCollection } from '../products/present.js';
import { collectionRecordSchema, type CollectionRecord, type ProductRecord } from '../products/record.js';
import { COLLECTION_TYPE_CODES, type CollectionType } from '../products/decisions.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import { COLLECTION_TOPICS } from '../webhook-subscriptions/topics.js';
import { readCollectBody, readCollectionBody } from './input.js';

const KEY = 'collections';
/** Membership lives in the products' own `collections`: a collect or a delete journals the products it changed under their key. */
const PRODUCTS_KEY = 'products';

const CODES = Object.entries(COLLECTION_TYPE_CODES) as [CollectionType, number][];

/** The type a `collectionType` filter names by its code ("1" custom, "2" smart); undefined: no filter. */
function typeOfCode(code: string): CollectionType | undefined {
  if (code === '') return undefined;
  const found = CODES.find(([, value]) => String(value) === code);
  if (found === undefined)
    throw invalidField('collectionType', `must be a collection type code: ${CODES.map(([name, value]) => `${value} (${name})`).join(' or ')}`);
  return found[0];
}

/**
 * Collections: listed, counted, read, created, changed and deleted, and products put into or
 * taken out of one (`POST|DELETE /collections/collect`, as the real store documents them).
 * Reads take either products scope on the real store (the docs say so of the listing), writes
 * `write_products`. A collection's products follow from the products' `collections`, so a
 * collection's `collects` and `countGoodsNum` and a product's `collections` always agree.
 */
export function createCollectionResource(env: ResourceEnv, catalog: Catalog): Resource {
  const read = env.dialect.productListingScope;

  function replaceAll(records: CollectionRecord[]): void {
    catalog.replaceCollections(records);
    for (const collection of records) env.ids.observe(collection.collectionId);
  }

  const present = (collection: CollectionRecord) => presentCollection(collection, catalog.productsIn(collection.collectionId), env.idsAs, env.dialect);

  const find = (rawId: string | undefined): CollectionRecord => findByPathId(rawId, (id) => catalog.collection(id), 'collection');

  function matching(query: URLSearchParams): CollectionRecord[] {
    const title = (query.get('title') ?? '').toLowerCase();
    const type = typeOfCode(query.get('collectionType') ?? '');
    return catalog
      .allCollections()
      .filter((collection) => collection.title.toLowerCase().includes(title) && (type === undefined || collection.collectionType === type));
  }

  function save(collection: CollectionRecord, topic: string, request: RouteRequest): RouteReply {
    catalog.putCollection(collection);
    env.ids.observe(collection.collectionId);
    env.changed(KEY, { put: collection });
    return announce(collection, topic, request);
  }

  function announce(collection: CollectionRecord, topic: string, request: RouteRequest): RouteReply {
    const shown = present(collection);
    env.emit({ topic, key: collection.collectionId, payload: () => shown, at: request.now });
    return { body: { collection: shown } };
  }

  function create(request: RouteRequest): RouteReply {
    const input = readCollectionBody(request.body, true);
    const collection: CollectionRecord = {
      collectionId: env.ids.next(),
      title: input.title!,
      collectionType: input.collectionType!,
      bodyHtml: input.bodyHtml ?? '',
      published: input.published!,
      ...(input.image ? { image: input.image } : {}),
    };
    return { ...save(collection, COLLECTION_TOPICS.create, request), created: true };
  }

  function update(request: RouteRequest): RouteReply {
    const existing = find(request.params.id);
    const { image, ...input } = readCollectionBody(request.body, false);
    const { image: _previous, ...rest } = existing;
    const kept = image === null ? undefined : (image ?? existing.image);
    return save({ ...rest, ...input, ...(kept ? { image: kept } : {}) }, COLLECTION_TOPICS.update, request);
  }

  /** Puts the product into the collection or takes it out; journaled only when it changed. */
  function move(product: ProductRecord, collectionId: string, into: boolean): void {
    const member = product.collections.includes(collectionId);
    if (member === into) return;
    const next = { ...product, collections: into ? [...product.collections, collectionId] : product.collections.filter((id) => id !== collectionId) };
    catalog.putProduct(next);
    env.changed(PRODUCTS_KEY, { put: next });
  }

  function collect(into: boolean) {
    return (request: RouteRequest): RouteReply => {
      const { collectionId, productIds } = readCollectBody(request.body);
      const collection = find(collectionId);
      // Every product is checked before any moves: a request naming an unknown one changes nothing.
      const products = productIds.map((id) => {
        const product = catalog.product(id);
        if (product === undefined) throw notFound(`No product has the id ${id.slice(0, 40)}.`);
        return product;
      });
      for (const product of products) move(product, collection.collectionId, into);
      return announce(collection, COLLECTION_TOPICS.update, request);
    };
  }

  function remove(request: RouteRequest): RouteReply {
    const { collectionId } = find(request.params.id);
    // The products leave it first, each journaled, so a replay never sees a product naming a collection that is gone.
    for (const productId of catalog.productsIn(collectionId)) move(catalog.product(productId)!, collectionId, false);
    catalog.removeCollection(collectionId);
    env.changed(KEY, { remove: collectionId });
    env.emit({ topic: COLLECTION_TOPICS.delete, key: collectionId, payload: () => ({ collectionId: new JsonInteger(collectionId) }), at: request.now });
    return { body: {} };
  }

  const routes: Route[] = [
    { method: 'GET', path: '/collections', scope: read, handle: (request) => ({ body: { collections: matching(request.query).map(present) } }) },
    {
      method: 'GET',
      path: '/collections/count',
      scope: read,
      handle: (request) => ({ body: { count: new JsonInteger(String(matching(request.query).length)) } }),
    },
    { method: 'GET', path: '/collections/:id', scope: read, handle: (request) => ({ body: { collection: present(find(request.params.id)) } }) },
    { method: 'POST', path: '/collections', scope: 'write_products', handle: create },
    { method: 'PUT', path: '/collections/:id', scope: 'write_products', handle: update },
    { method: 'DELETE', path: '/collections/:id', scope: 'write_products', handle: remove },
    { method: 'POST', path: '/collections/collect', scope: 'write_products', handle: collect(true) },
    { method: 'DELETE', path: '/collections/collect', scope: 'write_products', handle: collect(false) },
  ];

  return {
    key: KEY,
    routes,
    ...keptRecords({
      schema: collectionRecordSchema,
      all: () => catalog.allCollections(),
      replaceAll,
      put(collection) {
        catalog.putCollection(collection);
        env.ids.observe(collection.collectionId);
      },
      remove: (id) => catalog.removeCollection(id),
    }),
  };
}
