// Product requests: paths and the `product` wrapper. The product layer (src/product) hands
// in the product as the wire carries it (wire.ts maps its draft) and never sees a
// path. The schema (zod) loads only when a product is read.
import type { ListedProduct, Product } from './schema.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, createOnce, isEmptyAnswer, pagesOf, parseCount, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/products`;
/**
 * The listing and its count. The store documents "List Products", but its path and
 * parameters are past the readable part of the docs (real-store-notes.md): these follow the
 * rest of the API (`GET /gift_cards/search`-style paging by Link and pageToken, `/count`
 * beside the collection), an assumption written down in docs/decisions.md. Kept here only.
 */
const LIST_PATH = BASE;
const COUNT_PATH = `${BASE}/count`;
/** The page size of a listing that sends no limit, as every listing of the API has it. */
const DEFAULT_PAGE_SIZE = 50;

/**
 * The filters the store's listing and count take as query parameters, in the spec's naming
 * (`title` as collection listing has it: part of the title, ignoring case; `status`;
 * `collectionId`). Whatever else a command filters by, it filters itself while paging.
 */
export interface ProductQuery {
  title?: string;
  status?: string;
  collectionId?: string;
}

export interface ProductPage extends ProductQuery {
  limit?: number;
  /** Sent with `limit` alone: the token carries the filters. */
  pageToken?: string;
}

/** A product as sent: the fields of the spec's product object, checked by the caller. */
export type ProductBody = Record<string, unknown>;

export class ProductsApi {
  constructor(private readonly transport: Transport) {}

  /**
   * Never resent after it may have reached the store, by a command or a bulk run: a product
   * has no unique key, so a second send could make a second product. A lost answer is an
   * UnconfirmedCreateError. Undefined when the store accepted the product but answered
   * without a body (202/204): its id is not known.
   */
  async create(product: ProductBody): Promise<Product | undefined> {
    return createOnce(async () => {
      const response = await this.transport.request({ method: 'POST', path: BASE, body: { product }, once: true });
      return isEmptyAnswer(response.body) ? undefined : await readProduct(response.body);
    }, 'The product may have been created anyway.');
  }

  async get(productId: string): Promise<Product> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(productId)}` });
    return readProduct(response.body);
  }

  /** The spec's edit sends the full product, existing ids included: a PUT, safely resent. */
  async update(productId: string, product: ProductBody): Promise<Product> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(productId)}`, body: { product } });
    // An answer without a body (204) is read back, so what is shown is the store's.
    if (isEmptyAnswer(response.body)) return await this.get(productId);
    return readProduct(response.body);
  }

  /**
   * Pages of products as they arrive; with `all`, follows next-page links to the end.
   * Without `all`, returns the next page's token (if any) so the caller can say how to go on.
   */
  async *list(page: ProductPage, all: boolean): AsyncGenerator<ListedProduct[], string | undefined> {
    const query =
      page.pageToken !== undefined ? { limit: page.limit?.toString(), pageToken: page.pageToken } : { limit: page.limit?.toString(), ...queryOf(page) };
    const read = async (body: unknown) => (await schemas()).checkProductList(unwrap(body, 'products', 'list'));
    return yield* pagesOf(this.transport, LIST_PATH, query, read, { all, defaultLimit: DEFAULT_PAGE_SIZE });
  }

  async count(filter: ProductQuery = {}): Promise<string> {
    const response = await this.transport.request({ method: 'GET', path: COUNT_PATH, query: queryOf(filter) });
    return parseCount(response.body);
  }

  async delete(productId: string): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: `${BASE}/${segment(productId)}` });
  }
}

function queryOf(filter: ProductQuery): Record<string, string | undefined> {
  return { title: filter.title === '' ? undefined : filter.title, status: filter.status, collectionId: filter.collectionId };
}

async function readProduct(body: unknown): Promise<Product> {
  const { checkProduct } = await schemas();
  return checkProduct(unwrap(body, 'product', 'object'));
}
