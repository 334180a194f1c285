// Products (`/products`): created, read, edited whole and deleted, each change journaled and
// announced to webhooks; and the factory of the catalog, whose categories, collections, locations
// and products share one Catalog because they name each other.
import { FieldErrors } from '../../http/sandbox-errors.js';
import { findByPathId, keptRecords } from '../record-book.js';
import { JsonInteger } from '../../http/body-json.js';
import { Catalog } from './catalog-state.js';
import { draftProduct } from './assembly.js';
import { readProductBody } from './input.js';
import { presentProduct } from './present.js';
import { productRecordSchema, type ProductRecord } from './record.js';
import type { Resource, ResourceEnv, Route, RouteRequest } from '../resource.js';
import { PRODUCT_TOPICS } from '../webhook-subscriptions/topics.js';
import { createCategoryResource } from '../categories/routes.js';
import { createCollectionResource } from '../collections/routes.js';
import { productListingRoutes } from './listing.js';
import { createLocationResource } from '../locations/routes.js';
import type { LocationRecord } from '../locations/record.js';
import type { TableResource } from '../record-table.js';
import type { VariantFound } from '../lookups.js';

const KEY = 'products';

function createProductResource(env: ResourceEnv, catalog: Catalog, locations: TableResource<LocationRecord>): Resource {
  function replaceAll(records: ProductRecord[]): void {
    catalog.replaceProducts(records);
    for (const product of records) for (const id of Catalog.idsOf(product)) env.ids.observe(id);
  }

  const find = (rawId: string | undefined): ProductRecord => findByPathId(rawId, (id) => catalog.product(id), 'product');

  /** The product as a single-product read answers it; webhooks carry the same object. */
  function fullView(product: ProductRecord): Record<string, unknown> {
    const category = product.categoryId === undefined ? undefined : catalog.category(product.categoryId);
    return presentProduct(product, env.idsAs, { category });
  }

  function draft(request: RouteRequest, existing: ProductRecord | undefined): ProductRecord {
    const errors = new FieldErrors();
    const input = readProductBody(errors, request.body);
    return draftProduct(
      errors,
      input,
      {
        existing,
        hasCategory: (id) => catalog.category(id) !== undefined,
        hasCollection: (id) => catalog.hasCollection(id),
        hasLocation: (id) => locations.get(id) !== undefined,
      },
      env.ids,
    );
  }

  function save(product: ProductRecord, topic: string, request: RouteRequest) {
    catalog.putProduct(product);
    env.changed(KEY, { put: product });
    env.emit({ topic, key: product.productId, payload: () => fullView(product), at: request.now });
    return { body: { product: presentProduct(product, env.idsAs) } };
  }

  const routes: Route[] = [
    ...productListingRoutes(env, catalog),
    { method: 'POST', path: '/products', scope: 'write_products', handle: (request) => save(draft(request, undefined), PRODUCT_TOPICS.create, request) },
    { method: 'GET', path: '/products/:id', scope: 'read_products', handle: (request) => ({ body: { product: fullView(find(request.params.id)) } }) },
    {
      method: 'PUT',
      path: '/products/:id',
      scope: 'write_products',
      handle: (request) => save(draft(request, find(request.params.id)), PRODUCT_TOPICS.update, request),
    },
    {
      method: 'DELETE',
      path: '/products/:id',
      scope: 'write_products',
      handle(request) {
        const { productId } = find(request.params.id);
        catalog.removeProduct(productId);
        env.changed(KEY, { remove: productId });
        env.emit({ topic: PRODUCT_TOPICS.delete, key: productId, payload: () => ({ productId: new JsonInteger(productId) }), at: request.now });
        return { body: {} };
      },
    },
  ];

  return {
    key: KEY,
    routes,
    ...keptRecords({
      schema: productRecordSchema,
      all: () => catalog.allProducts(),
      replaceAll,
      put(product) {
        catalog.putProduct(product);
        for (const id of Catalog.idsOf(product)) env.ids.observe(id);
      },
      remove: (id) => catalog.removeProduct(id),
    }),
  };
}

/** The scopes the catalog's routes require, in the order a token's grant lists them. */
export const SCOPES = ['read_products', 'write_products'] as const;

/**
 * Categories, collections, locations and products share one catalog, as they refer to each
 * other (a variant's stock names locations). Listed in this order, so that loading products
 * can check what they name.
 */
export function createCatalogResources(env: ResourceEnv): Resource[] {
  const catalog = new Catalog();
  env.lookups.lendVariants((id) => variantFound(catalog, id));
  const locations = createLocationResource(env, catalog);
  return [createCategoryResource(env, catalog), createCollectionResource(env, catalog), locations, createProductResource(env, catalog, locations)];
}

/** A variant as an order's line takes it (resources/lookups.ts): titled by its product and, after a dash, its option values. */
function variantFound(catalog: Catalog, variantId: string): VariantFound | undefined {
  for (const product of catalog.allProducts()) {
    const variant = product.variants.find((candidate) => candidate.variantId === variantId);
    if (variant === undefined) continue;
    const values = product.options
      .map((option) => option.values.find((value) => variant.optionValueIds.includes(value.id))?.name)
      .filter((name) => name !== undefined);
    return {
      productId: product.productId,
      variantId,
      ...(variant.sku === undefined ? {} : { sku: variant.sku }),
      title: values.length === 0 ? product.title : `${product.title} - ${values.join(' / ')}`,
      price: variant.price,
    };
  }
  return undefined;
}
