// The catalog's state in memory: the categories, collections and products of one store, which
// name each other, shared by their resources (products/routes.ts makes them together).
import { compareIds } from '../../state/ids.js';
import type { CategoryRecord } from '../categories/record.js';
import type { RecordStore } from '../record-book.js';
import type { CollectionRecord, ProductRecord } from './record.js';
import { ROOT_PARENT_ID } from './decisions.js';

/**
 * Categories, collections and products of one store, which refer to each other. A product's
 * `collections` is the one source of truth for membership: each collection's products are
 * an index derived from it, rebuilt on load and kept up to date on every product write.
 */
export class Catalog {
  private categoryMap = new Map<string, CategoryRecord>();
  private collections = new Map<string, CollectionRecord>();
  private products = new Map<string, ProductRecord>();
  private members = new Map<string, Set<string>>();

  /** Every id in use, to check that loaded state never gives one id to two things. */
  static idsOf(product: ProductRecord): string[] {
    return [
      product.productId,
      ...product.options.flatMap((option) => [option.id, ...option.values.map((value) => value.id)]),
      ...product.variants.map((variant) => variant.variantId),
      ...product.images.map((image) => image.id),
    ];
  }

  /** The category tree as its record table keeps it: read-only through the API, checked as a tree when replaced. */
  readonly categories: RecordStore<CategoryRecord> = {
    all: () => this.allCategories(),
    get: (id) => this.categoryMap.get(id),
    put: (category) => this.categoryMap.set(category.categoryId, category),
    remove: (id) => this.categoryMap.delete(id),
    replace: (records) => this.replaceCategories(records),
  };

  replaceCategories(records: readonly CategoryRecord[]): void {
    const next = new Map<string, CategoryRecord>();
    for (const category of records) {
      if (next.has(category.categoryId)) throw new Error(`category id ${category.categoryId} appears twice`);
      next.set(category.categoryId, category);
    }
    for (const category of records) {
      if (category.parentCategoryId !== ROOT_PARENT_ID && !next.has(category.parentCategoryId)) {
        throw new Error(`category ${category.categoryId} names a parent ${category.parentCategoryId} that does not exist`);
      }
    }
    for (const category of records) {
      // Walking up from each category must reach a root: a cycle would never end.
      const visited = new Set<string>();
      for (let at: CategoryRecord | undefined = category; at !== undefined; at = next.get(at.parentCategoryId)) {
        if (visited.has(at.categoryId)) throw new Error(`category ${category.categoryId} is its own ancestor`);
        visited.add(at.categoryId);
      }
    }
    this.categoryMap = next;
  }

  replaceCollections(records: readonly CollectionRecord[]): void {
    const next = new Map<string, CollectionRecord>();
    for (const collection of records) {
      if (next.has(collection.collectionId)) throw new Error(`collection id ${collection.collectionId} appears twice`);
      next.set(collection.collectionId, collection);
    }
    this.collections = next;
    this.reindex();
  }

  /** Loaded products must name existing categories and collections and use each id once. */
  replaceProducts(records: readonly ProductRecord[]): void {
    const used = new Set<string>([...this.categoryMap.keys(), ...this.collections.keys()]);
    const next = new Map<string, ProductRecord>();
    for (const product of records) {
      for (const id of Catalog.idsOf(product)) {
        if (used.has(id)) throw new Error(`id ${id} of product ${product.productId} is used twice`);
        used.add(id);
      }
      if (product.categoryId !== undefined && !this.categoryMap.has(product.categoryId)) {
        throw new Error(`product ${product.productId} names a category ${product.categoryId} that does not exist`);
      }
      for (const collectionId of product.collections) {
        if (!this.collections.has(collectionId)) throw new Error(`product ${product.productId} names a collection ${collectionId} that does not exist`);
      }
      product.variants.forEach((variant) => {
        const fits =
          variant.optionValueIds.length === product.options.length &&
          product.options.every((option, index) => option.values.some((value) => value.id === variant.optionValueIds[index]));
        if (!fits) throw new Error(`variant ${variant.variantId} of product ${product.productId} does not name one value of each option`);
      });
      next.set(product.productId, product);
    }
    this.products = next;
    this.reindex();
  }

  allCategories(): CategoryRecord[] {
    return [...this.categoryMap.values()].sort((a, b) => compareIds(a.categoryId, b.categoryId));
  }

  allCollections(): CollectionRecord[] {
    return [...this.collections.values()].sort((a, b) => compareIds(a.collectionId, b.collectionId));
  }

  allProducts(): ProductRecord[] {
    return [...this.products.values()].sort((a, b) => compareIds(a.productId, b.productId));
  }

  category(id: string): CategoryRecord | undefined {
    return this.categoryMap.get(id);
  }

  hasCollection(id: string): boolean {
    return this.collections.has(id);
  }

  collection(id: string): CollectionRecord | undefined {
    return this.collections.get(id);
  }

  /** Adds a collection or replaces the one with its id; its products stay its products. */
  putCollection(collection: CollectionRecord): void {
    this.collections.set(collection.collectionId, collection);
  }

  /**
   * Removes a collection. The products that listed it must have left it first (putProduct),
   * so that no product names a collection that is gone: the caller journals those products.
   */
  removeCollection(id: string): void {
    this.collections.delete(id);
    this.members.delete(id);
  }

  product(id: string): ProductRecord | undefined {
    return this.products.get(id);
  }

  /** The products that list a collection, ascending by id. */
  productsIn(collectionId: string): string[] {
    return [...(this.members.get(collectionId) ?? [])].sort(compareIds);
  }

  /** Adds a product or replaces the one with its id, moving it between collections. */
  putProduct(product: ProductRecord): void {
    this.leaveCollections(product.productId);
    this.products.set(product.productId, product);
    this.joinCollections(product);
  }

  removeProduct(id: string): ProductRecord | undefined {
    const product = this.products.get(id);
    if (product === undefined) return undefined;
    this.leaveCollections(id);
    this.products.delete(id);
    return product;
  }

  private leaveCollections(productId: string): void {
    for (const collectionId of this.products.get(productId)?.collections ?? []) this.members.get(collectionId)?.delete(productId);
  }

  private joinCollections(product: ProductRecord): void {
    for (const collectionId of product.collections) {
      let set = this.members.get(collectionId);
      if (set === undefined) this.members.set(collectionId, (set = new Set()));
      set.add(product.productId);
    }
  }

  private reindex(): void {
    this.members = new Map();
    for (const product of this.products.values()) this.joinCollections(product);
  }
}
