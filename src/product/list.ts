// Finding products: `product list` and `product count`. The store's listing takes the title,
// status and collection as query parameters (api/products/requests.ts); a category it does not take,
// so that filter is applied here, to every page read, which means reading them all. Names
// of the collection and the category resolve as create's do (names.ts): read-only look-ups,
// exit 2 when a name matches none or several.
import type { Api } from '../api/index.js';
import { idText } from '../api/products/draft.js';
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

/**
 * Pages of the listing, each kept to the category when one is asked (then every page is
 * read: the next-page token of a store's page would not carry the category). Returns the
 * next page's token of a one-page listing.
 */
export async function* listProducts(api: Api, filter: ResolvedFilter, page: Omit<ProductPage, keyof ProductQuery>, all: boolean): AsyncGenerator<ListedProduct[], string | undefined> {
  const keep = inCategory(filter.categoryId);
  const pages = api.products.list({ ...page, ...filter.query }, all || filter.categoryId !== undefined);
  for (;;) {
    const next = await pages.next();
    if (next.done) return next.value;
    yield next.value.filter(keep);
  }
}

/** The store's count, or, with a category (which the count cannot take), the listing's matches counted page by page. */
export async function countProducts(api: Api, filter: ResolvedFilter, maxPage: number): Promise<string> {
  if (filter.categoryId === undefined) return api.products.count(filter.query);
  let count = 0n;
  for await (const products of listProducts(api, filter, { limit: maxPage }, true)) count += BigInt(products.length);
  return count.toString();
}
