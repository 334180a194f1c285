// The product listing and its count (docs/sandbox.md). The real store documents "List
// Products" (`GET /products`) and no count; the sandbox serves the listing paged like gift
// card search, and `GET /products/count` in our dialect only (docs/decisions.md): in the real
// one that path is a product id no product has (404), as on a store without the route.
// Filters: `title` (part of it, ignoring case), `status`, `collectionId`; nothing else.
import { JsonInteger } from '../../http/body-json.js';
import { byId, choiceFilter, countOf, idFilter, listPage, type Listing } from '../pagination.js';
import type { Catalog } from './catalog-state.js';
import { PRODUCT_STATUSES } from './decisions.js';
import { presentProduct } from './present.js';
import type { ProductRecord } from './record.js';
import type { ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import type { ScopeRequirement } from '../../http/scopes.js';

/** Reads of the catalog take either products scope, as the real store's look-ups do. */
const READ: ScopeRequirement = ['read_products', 'write_products'];

const LISTING: Listing<ProductRecord> = {
  path: '/api/202412/products',
  order: byId((product) => product.productId),
  filters: [
    { name: 'title', check: (raw) => (raw === '' ? undefined : raw.toLowerCase()), keep: (product, title) => product.title.toLowerCase().includes(title) },
    choiceFilter('status', PRODUCT_STATUSES, (product) => product.status),
    idFilter('collectionId', (product, id) => product.collections.includes(id)),
  ],
};

export function productListingRoutes(env: ResourceEnv, catalog: Catalog): Route[] {
  /** Ascending by id; the token carries the position and the filters, so a next page needs only it and a limit. */
  function list(request: RouteRequest): RouteReply {
    const { page, links } = listPage(catalog.allProducts(), request.query, LISTING, env.dialect.pageTokenAlone);
    return { body: { products: page.map((product) => presentProduct(product, env.idsAs)) }, links };
  }

  function count(request: RouteRequest): RouteReply {
    return { body: { count: new JsonInteger(String(countOf(catalog.allProducts(), request.query, LISTING))) } };
  }

  const routes: Route[] = [{ method: 'GET', path: '/products', scope: READ, handle: list }];
  if (env.dialect.productCount) routes.push({ method: 'GET', path: '/products/count', scope: READ, handle: count });
  return routes;
}
