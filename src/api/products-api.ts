// Product requests: paths and the `product` wrapper. The product layer (src/product) hands
// in the product as the wire carries it (product-wire.ts maps its draft) and never sees a
// path. The schema (zod) loads only when a product is read.
import { CancelledError, RequestError, UnconfirmedCreateError } from '../core/errors.js';
import type { Product } from './products.js';
import type { Transport } from '../core/transport.js';
import { API_PREFIX, isEmptyAnswer, segment, unwrap } from './wire.js';

const schemas = () => import('./products.js');

const BASE = `${API_PREFIX}/products`;

/** A product as sent: the fields of the spec's product object, checked by the caller. */
export type ProductBody = Record<string, unknown>;

export class ProductsApi {
  constructor(private readonly transport: Transport) {}

  /**
   * Never resent after it may have reached the store: a product has no unique key, so a
   * second send could make a second product. A lost answer is an UnconfirmedCreateError.
   * Undefined when the store accepted the product but answered without a body (202/204):
   * its id is not known.
   */
  async create(product: ProductBody): Promise<Product | undefined> {
    try {
      const response = await this.transport.request({ method: 'POST', path: BASE, body: { product } });
      if (isEmptyAnswer(response.body)) return undefined;
      return await readProduct(response.body);
    } catch (error) {
      if (error instanceof CancelledError) throw new UnconfirmedCreateError('Interrupted. The product may have been created anyway.', error);
      if (error instanceof RequestError && error.mayHaveApplied) throw new UnconfirmedCreateError(`${error.message} The product may have been created anyway.`, error);
      throw error;
    }
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

  async delete(productId: string): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: `${BASE}/${segment(productId)}` });
  }
}

async function readProduct(body: unknown): Promise<Product> {
  const { checkProduct } = await schemas();
  return checkProduct(unwrap(body, 'product', 'object'));
}
