// Inventory (About Inventory, partners.genstore.ai/docs/api-rest/11): `GET /inventory`, `POST
// /inventory/connect` (a variant stocked at a location) and `PUT /inventory/{variantId}` (its
// quantity there). It keeps no state of its own: stock is the catalog's, each variant's
// `inventoryQuantities`, so these routes read and write the products (journaled as product
// changes) and check locations against the store's. They are served with the locations
// (locations/routes.ts), from the catalog's factory. Decisions where the docs are silent (the
// item's fields, paging, set rather than adjust): docs/decisions.md "Inventory".
import type { ScopeRequirement } from '../../http/scopes.js';
import { isJsonObject, JsonInteger } from '../../http/body-json.js';
import { conflict, FieldErrors, invalidField, notFound } from '../../http/sandbox-errors.js';
import { canonicalId } from '../../state/ids.js';
import { idFilter, listPage, type Listing } from '../pagination.js';
import type { Catalog } from '../products/catalog-state.js';
import { readAvailable, readId } from '../products/input.js';
import type { ProductRecord, VariantRecord } from '../products/record.js';
import type { LocationRecord } from '../locations/record.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';

/** The scopes its routes require, in the order a token's grant lists them. */
export const SCOPES = ['read_inventory', 'write_inventory'] as const;

const READ: ScopeRequirement = ['read_inventory', 'write_inventory'];
const WRITE: ScopeRequirement = 'write_inventory';

/** One variant's stock at one location: an item of the listing. */
interface Item {
  product: ProductRecord;
  variant: VariantRecord;
  locationId: string;
  available: string;
}

/** By variant, then location; a page ends at `variantId.locationId`. */
const LISTING: Listing<Item> = {
  path: '/api/202412/inventory',
  order: {
    positionOf: (item) => `${item.variant.variantId}.${item.locationId}`,
    isPosition: (after) => /^[1-9][0-9]{0,19}\.[1-9][0-9]{0,19}$/.test(after),
    isAfter(item, after) {
      const [variantId, locationId] = after.split('.') as [string, string];
      const byVariant = BigInt(item.variant.variantId) - BigInt(variantId);
      return byVariant > 0n || (byVariant === 0n && BigInt(item.locationId) > BigInt(locationId));
    },
  },
  filters: [
    idFilter('productId', (item, id) => item.product.productId === id),
    idFilter('variantId', (item, id) => item.variant.variantId === id),
    idFilter('locationId', (item, id) => item.locationId === id),
  ],
};

function compareItems(a: Item, b: Item): number {
  const byVariant = BigInt(a.variant.variantId) - BigInt(b.variant.variantId);
  if (byVariant !== 0n) return byVariant < 0n ? -1 : 1;
  return BigInt(a.locationId) < BigInt(b.locationId) ? -1 : BigInt(a.locationId) > BigInt(b.locationId) ? 1 : 0;
}

export function inventoryRoutes(env: ResourceEnv, catalog: Catalog, locations: Pick<TableResource<LocationRecord>, 'get'>): Route[] {
  const present = (item: Item): Record<string, unknown> => ({
    productId: new JsonInteger(item.product.productId),
    variantId: new JsonInteger(item.variant.variantId),
    sku: item.variant.sku ?? '',
    locationId: new JsonInteger(item.locationId),
    available: new JsonInteger(item.available),
  });

  /** Every variant's stock at each of its locations, in the listing's order. */
  function items(): Item[] {
    const found: Item[] = [];
    for (const product of catalog.allProducts()) {
      for (const variant of product.variants) {
        for (const stock of variant.inventoryQuantities) found.push({ product, variant, locationId: stock.locationId, available: stock.available });
      }
    }
    return found.sort(compareItems);
  }

  function list(request: RouteRequest): RouteReply {
    const { page, links } = listPage(items(), request.query, LISTING, env.dialect.pageTokenAlone);
    return { body: { inventories: page.map(present) }, links };
  }

  /** The variant a request names, with its product. */
  function findVariant(rawId: string | undefined, field?: string): { product: ProductRecord; variant: VariantRecord } {
    const id = rawId === undefined ? null : canonicalId(rawId);
    for (const product of id === null ? [] : catalog.allProducts()) {
      const variant = product.variants.find((candidate) => candidate.variantId === id);
      if (variant !== undefined) return { product, variant };
    }
    if (field !== undefined) throw invalidField(field, `names no variant of this store (${String(rawId).slice(0, 40)})`);
    throw notFound(`No variant has the id ${String(rawId).slice(0, 40)}.`);
  }

  /** `{"inventory": {variantId?, locationId, available}}`, each error at its JSON path. */
  function readBody(body: unknown, needVariant: boolean, needAvailable: boolean): { variantId?: string; locationId: string; available?: string } {
    if (!isJsonObject(body) || !isJsonObject(body.inventory)) throw invalidField('inventory', 'is required: the body must be {"inventory": {...}}');
    const fields = body.inventory;
    const errors = new FieldErrors();
    const variantId = needVariant ? readId(errors, fields.variantId, 'inventory.variantId') : undefined;
    if (needVariant && variantId === undefined && errors.empty) errors.add('inventory.variantId', 'is required');
    const locationId = readId(errors, fields.locationId, 'inventory.locationId');
    if (locationId === undefined && errors.empty) errors.add('inventory.locationId', 'is required');
    const available = needAvailable || fields.available !== undefined ? readAvailable(errors, fields.available, 'inventory.available') : undefined;
    errors.throwIfAny();
    if (locations.get(locationId!) === undefined)
      throw invalidField('inventory.locationId', `names no location of this store (${locationId}); find one with GET /shops/locations`);
    return { ...(variantId === undefined ? {} : { variantId }), locationId: locationId!, ...(available === undefined ? {} : { available }) };
  }

  /** The product with one variant's stock at one location set (added when `add`). */
  function withStock(product: ProductRecord, variantId: string, locationId: string, available: string): ProductRecord {
    const variants = product.variants.map((variant) => {
      if (variant.variantId !== variantId) return variant;
      const has = variant.inventoryQuantities.some((stock) => stock.locationId === locationId);
      const inventoryQuantities = has
        ? variant.inventoryQuantities.map((stock) => (stock.locationId === locationId ? { locationId, available } : stock))
        : [...variant.inventoryQuantities, { locationId, available }];
      return { ...variant, inventoryQuantities };
    });
    return { ...product, variants };
  }

  function save(product: ProductRecord, variantId: string, locationId: string, available: string): Record<string, unknown> {
    catalog.putProduct(product);
    env.changed('products', { put: product });
    const variant = product.variants.find((candidate) => candidate.variantId === variantId)!;
    return present({ product, variant, locationId, available });
  }

  function connect(request: RouteRequest): RouteReply {
    const input = readBody(request.body, true, false);
    const { product, variant } = findVariant(input.variantId, 'inventory.variantId');
    if (variant.inventoryQuantities.some((stock) => stock.locationId === input.locationId)) {
      throw conflict(
        `The variant ${variant.variantId} is stocked at the location ${input.locationId} already; PUT /inventory/${variant.variantId} sets its quantity.`,
      );
    }
    const available = input.available ?? '0';
    return {
      body: { inventory: save(withStock(product, variant.variantId, input.locationId, available), variant.variantId, input.locationId, available) },
      created: true,
    };
  }

  function set(request: RouteRequest): RouteReply {
    const { product, variant } = findVariant(request.params.variantId);
    const input = readBody(request.body, false, true);
    if (!variant.inventoryQuantities.some((stock) => stock.locationId === input.locationId)) {
      throw notFound(`The variant ${variant.variantId} is not stocked at the location ${input.locationId}; POST /inventory/connect stocks it there.`);
    }
    return {
      body: {
        inventory: save(withStock(product, variant.variantId, input.locationId, input.available!), variant.variantId, input.locationId, input.available!),
      },
    };
  }

  return [
    { method: 'GET', path: '/inventory', scope: READ, handle: list },
    { method: 'POST', path: '/inventory/connect', scope: WRITE, handle: connect },
    { method: 'PUT', path: '/inventory/:variantId', scope: WRITE, handle: set },
  ];
}
