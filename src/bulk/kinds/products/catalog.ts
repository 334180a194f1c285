// The store's catalog as `product import` and `product export` read it before they start:
// every product (the listing, 250 a page: about 0.004 requests a product), the categories,
// the collections and the locations, each read once. Rows are matched against it (by
// handle, SKU or id) and planned from it, so an unchanged product costs no request at all;
// every product the import writes is put back in it from the store's answer.
import { idText } from '../../../api/products/draft.js';
import type { ListedProduct, Product } from '../../../api/products/schema.js';
import { scalarText } from '../../../core/json.js';
import { handleOf } from './rows.js';

/** A category, collection or location: its id and the name rows give. */
export interface Named {
  id: string;
  name: string;
}

/** What the catalog reads of the store: ProductsApi and the look-ups, or a fake in unit tests. */
export interface CatalogSource {
  /** Every product, page after page. */
  products(): AsyncIterable<ListedProduct[]>;
  categories(): Promise<Named[]>;
  collections(): Promise<Named[]>;
  locations(): Promise<Named[]>;
}

/** A product's handle: the store's own `handle` when it sends one, else its title's (docs/decisions.md). */
export function productHandle(product: ListedProduct | Product): string {
  const own = (product as Record<string, unknown>).handle;
  if (typeof own === 'string' && own !== '') return own;
  return handleOf(typeof product.title === 'string' ? product.title : '');
}

export class ProductCatalog {
  private readonly byId = new Map<string, Product>();
  private readonly byHandle = new Map<string, Set<string>>();
  private readonly bySku = new Map<string, Set<string>>();
  pages = 0;

  constructor(
    readonly categories: readonly Named[],
    readonly collections: readonly Named[],
    readonly locations: readonly Named[],
  ) {}

  static async read(source: CatalogSource): Promise<ProductCatalog> {
    const [categories, collections, locations] = await Promise.all([source.categories(), source.collections(), source.locations()]);
    const catalog = new ProductCatalog(categories, collections, locations);
    for await (const page of source.products()) {
      catalog.pages += 1;
      for (const product of page) catalog.put(product as Product);
    }
    return catalog;
  }

  get size(): number {
    return this.byId.size;
  }

  get(productId: string): Product | undefined {
    return this.byId.get(productId);
  }

  /** The products with this handle (two titled alike share one). */
  withHandle(handle: string): Product[] {
    return [...(this.byHandle.get(handle.toLowerCase()) ?? [])].map((id) => this.byId.get(id)!);
  }

  /** The products holding a variant with this SKU. */
  withSku(sku: string): Product[] {
    return [...(this.bySku.get(sku) ?? [])].map((id) => this.byId.get(id)!);
  }

  /** Adds the product, or replaces what was known of it (after a write, from the store's answer). */
  put(product: Product): void {
    const id = idText(product.productId);
    const earlier = this.byId.get(id);
    if (earlier) this.unindex(id, earlier);
    this.byId.set(id, product);
    add(this.byHandle, productHandle(product).toLowerCase(), id);
    for (const sku of skusOf(product)) add(this.bySku, sku, id);
  }

  private unindex(id: string, product: Product): void {
    this.byHandle.get(productHandle(product).toLowerCase())?.delete(id);
    for (const sku of skusOf(product)) this.bySku.get(sku)?.delete(id);
  }
}

function add(index: Map<string, Set<string>>, key: string, id: string): void {
  let ids = index.get(key);
  if (ids === undefined) index.set(key, (ids = new Set()));
  ids.add(id);
}

function skusOf(product: Product): string[] {
  return (product.variants ?? []).map((variant) => scalarText(variant.sku)).filter((sku) => sku !== '');
}
