import { JsonInteger } from '../../http/body-json.js';
import { canonicalId } from '../../state/ids.js';
import { pageUrl, parseLimit, nextPageCursor } from '../pagination.js';
import type { Catalog } from './catalog-state.js';
import { PRODUCT_STATUSES, type ProductStatus } from './decisions.js';
import { presentProduct } from './present.js';
import type { ProductRecord } from './record.js';
import type { ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import type { ScopeRequirement } from '../../http/scopes.js';
import { invalidField } from '../../http/sandbox-errors.js';

/**
 * The product listing and its count (docs/sandbox.md). The real store documents "List
 * Products" (`GET /products`) and no count; the sandbox serves the listing paged like gift
 * card search, and `GET /products/count` in our dialect only (docs/decisions.md): in the real
 * one that path is a product id no product has (404), as on a store without the route.
 * Filters: `title` (part of it, ignoring case), `status`, `collectionId`; nothing else.
 */

const LIST_PATH = '/api/202412/products';
const FILTER_NAMES = ['title', 'status', 'collectionId'] as const;
type FilterName = (typeof FILTER_NAMES)[number];
type Filters = Partial<Record<FilterName, string>>;

/** Reads of the catalog take either products scope, as the real store's look-ups do. */
const READ: ScopeRequirement = ['read_products', 'write_products'];

function checkFilters(raw: (name: FilterName) => string | null | undefined, field: (name: FilterName) => string): Filters {
  const filters: Filters = {};
  const title = raw('title');
  if (title !== null && title !== undefined && title !== '') filters.title = title;
  const status = raw('status');
  if (status !== null && status !== undefined) {
    if (!(PRODUCT_STATUSES as readonly string[]).includes(status)) throw invalidField(field('status'), `must be one of ${PRODUCT_STATUSES.join(', ')}`);
    filters.status = status as ProductStatus;
  }
  const collection = raw('collectionId');
  if (collection !== null && collection !== undefined) {
    const id = canonicalId(collection);
    if (id === null) throw invalidField(field('collectionId'), 'must be a numeric id');
    filters.collectionId = id;
  }
  return filters;
}

function matches(filters: Filters): (product: ProductRecord) => boolean {
  const title = filters.title?.toLowerCase();
  return (product) =>
    (title === undefined || product.title.toLowerCase().includes(title)) &&
    (filters.status === undefined || product.status === filters.status) &&
    (filters.collectionId === undefined || product.collections.includes(filters.collectionId));
}

export function productListingRoutes(env: ResourceEnv, catalog: Catalog): Route[] {
  const fromQuery = (query: URLSearchParams) =>
    checkFilters(
      (name) => query.get(name),
      (name) => name,
    );

  /** Ascending by id; the token carries the position and the filters, so a next page needs only it and a limit. */
  function list(request: RouteRequest): RouteReply {
    const { query } = request;
    const limit = parseLimit(query.get('limit'));
    const token = query.get('pageToken');
    let filters: Filters;
    let after: string | null = null;
    if (token === null) filters = fromQuery(query);
    else {
      const cursor = nextPageCursor(token, query, FILTER_NAMES, env.dialect.pageTokenAlone);
      filters = checkFilters(
        (name) => cursor.filters[name],
        () => 'pageToken',
      );
      after = cursor.after;
    }
    const keep = matches(filters);
    const candidates = catalog.allProducts().filter((product) => (after === null || BigInt(product.productId) > BigInt(after)) && keep(product));
    const page = candidates.slice(0, limit);
    const last = page.at(-1);
    const links: { previous?: string; next?: string } = {};
    if (candidates.length > limit && last !== undefined) links.next = pageUrl(LIST_PATH, limit, { after: last.productId, filters: filters as Record<string, string> });
    // Only a page reached through a token has one before it.
    if (after !== null) {
      const before = catalog.allProducts().filter((product) => BigInt(product.productId) <= BigInt(after) && keep(product));
      const start = before.at(-limit - 1)?.productId ?? '0';
      links.previous = pageUrl(LIST_PATH, limit, { after: start, filters: filters as Record<string, string> });
    }
    return { body: { products: page.map((product) => presentProduct(product, env.idsAs)) }, links };
  }

  function count(request: RouteRequest): RouteReply {
    const keep = matches(fromQuery(request.query));
    return { body: { count: new JsonInteger(String(catalog.allProducts().filter(keep).length)) } };
  }

  const routes: Route[] = [{ method: 'GET', path: '/products', scope: READ, handle: list }];
  if (env.dialect.productCount) routes.push({ method: 'GET', path: '/products/count', scope: READ, handle: count });
  return routes;
}
