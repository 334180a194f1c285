// Finding products: `product list` and `product count`. The store's listing is documented
// ("List Products", `GET /products`) but none of its filters are readable: store-cli sends
// the title, status and collection as query parameters (api/products/requests.ts) and checks
// each product that comes back against them too, so a store that ignores one cannot widen
// the answer; a category it does not send at all, so that filter is applied here alone, to
// every page read, which means reading them all. Names of the collection and the category
// resolve as create's do (names.ts): read-only look-ups, exit 2 when a name matches none or
// several. A count is the store's own (`GET /products/count`) only where the store's dialect
// documents one (the service's); elsewhere the listing is counted.
import type { Api } from '../api/index.js';
import { idText } from '../api/products/draft.js';
import { collectionIds } from '../api/products/wire.js';
import { scalarText } from '../core/json.js';
import type { ProductPage, ProductQuery } from '../api/products/requests.js';
import type { ListedProduct } from '../api/products/schema.js';
import { resolveNames, type Spin } from './names.js';

export interface ProductFilter {
  /** Part of the title, ignoring case. */
  title?: string;
  status?: string;
  /** A collection id or title. */
  collection?: string;
  /** A category id or name: filtered by store-cli, over every page. */
  category?: string;
}

/** What the filters became: the store's query, and the category to keep (an id), if any. */
export interface ResolvedFilter {
  query: ProductQuery;
  categoryId?: string;
}

export async function resolveFilter(api: Api, filter: ProductFilter, spin: Spin): Promise<ResolvedFilter> {
  const resolved = await resolveNames(api, filter.category, filter.collection === undefined ? undefined : [filter.collection], spin);
  const collectionId = resolved.collectionIds?.[0];
  return {
    query: {
      ...(filter.title !== undefined ? { title: filter.title } : {}),
      ...(filter.status !== undefined ? { status: filter.status } : {}),
      ...(collectionId !== undefined ? { collectionId } : {}),
    },
    ...(resolved.categoryId !== undefined ? { categoryId: resolved.categoryId } : {}),
  };
}

/**
 * Keeps the products of the category, its id a string or a number; `productCategory`, should
 * a listing carry it, counts too. Nothing else of the product is read, so no other field
 * can fail the listing.
 */
export function inCategory(categoryId: string | undefined): (product: ListedProduct) => boolean {
  if (categoryId === undefined) return () => true;
  return (product) => {
    const nested = product.productCategory;
    const id = product.categoryId ?? (nested !== null && typeof nested === 'object' ? (nested as Record<string, unknown>).categoryId : undefined);
    return id !== undefined && id !== null && idText(id) === categoryId;
  };
}

/** The ids of a listed product's collections; undefined when the listing does not say (absent, or not readable). */
function collectionsOf(product: ListedProduct): string[] | undefined {
  if (product.collections === undefined) return undefined;
  try {
    return collectionIds(product.collections);
  } catch {
    return undefined;
  }
}

/**
 * Whether a listed product passes the filters: the category (never sent), and the title,
 * status and collection the store was sent but may ignore. A field the listing does not carry
 * cannot be checked: the store's word stands for that product.
 */
export function productMatcher(filter: ResolvedFilter): (product: ListedProduct) => boolean {
  const category = inCategory(filter.categoryId);
  const { title, status, collectionId } = filter.query;
  const part = title?.toLowerCase();
  return (product) => {
    if (!category(product)) return false;
    if (part !== undefined && part !== '' && product.title !== undefined && !scalarText(product.title).toLowerCase().includes(part)) return false;
    if (status !== undefined && product.status !== undefined && scalarText(product.status) !== status) return false;
    if (collectionId !== undefined) {
      const ids = collectionsOf(product);
      if (ids !== undefined && !ids.includes(collectionId)) return false;
    }
    return true;
  };
}

/**
 * Pages of the listing, each kept to the filters (productMatcher). With a category every page
 * is read: the next-page token of a store's page would not carry the category. Returns the
 * next page's token of a one-page listing.
 */
export async function* listProducts(
  api: Api,
  filter: ResolvedFilter,
  page: Omit<ProductPage, keyof ProductQuery>,
  all: boolean,
): AsyncGenerator<ListedProduct[], string | undefined> {
  const keep = productMatcher(filter);
  const pages = api.products.list({ ...page, ...filter.query }, all || filter.categoryId !== undefined);
  for (;;) {
    const next = await pages.next();
    if (next.done) return next.value;
    yield next.value.filter(keep);
  }
}

/**
 * How many products pass the filters. `countRoute`: the store's dialect documents
 * `GET /products/count` (the service's), which takes the title, status and collection; it
 * takes no category. Otherwise (Genstore documents no count, and a path it does not document is
 * never sent to it) the listing is read in pages of `maxPage` and its matches counted.
 */
export async function countProducts(api: Api, filter: ResolvedFilter, maxPage: number, countRoute: boolean): Promise<string> {
  if (countRoute && filter.categoryId === undefined) return api.products.count(filter.query);
  let count = 0n;
  for await (const products of listProducts(api, filter, { limit: maxPage }, true)) count += BigInt(products.length);
  return count.toString();
}
