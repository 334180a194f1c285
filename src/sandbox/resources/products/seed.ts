// The products' section of a seed: stored records with their ids fixed, and the demo set's
// (demo.json, which holds the demo category tree too: categories/record.ts). The products' check
// covers the whole catalog (categories and collections too): every id once, every reference to
// something the seed holds (stock's to the locations).
import * as z from 'zod';
import { jsonPath } from '../../http/json-position.js';
import { seedSection, type SeedReport } from '../resource.js';
import demo from './demo.json' with { type: 'json' };
import { DEFAULT_LOCATION_ID, ROOT_PARENT_ID } from './decisions.js';
import type { CategoryRecord } from '../categories/record.js';
import { productRecordSchema, type CollectionRecord, type ProductRecord } from './record.js';

export const productSeed = seedSection({
  key: 'products',
  schema: z.array(productRecordSchema).default([]),
  check: checkCatalog,
  fill: (products): ProductRecord[] => products,
  demo: demo.products,
});

function checkCatalog(
  seed: { categories: CategoryRecord[]; collections: CollectionRecord[]; locations: Array<{ locationId: string }>; products: ProductRecord[] },
  report: SeedReport,
): void {
  // Every catalog id once: categories, collections, and each product's own ids.
  const used = new Map<string, string>();
  const claim = (value: string, path: PropertyKey[]) => {
    const owner = used.get(value);
    if (owner !== undefined) report(path, `is used by ${owner} too`);
    else used.set(value, jsonPath(path));
  };
  const parents = new Map(seed.categories.map((category) => [category.categoryId, category.parentCategoryId]));
  const categoryIds = new Set<string>();
  seed.categories.forEach((category, index) => {
    // A category id twice is the categories' own check's to report.
    if (!categoryIds.has(category.categoryId)) claim(category.categoryId, ['categories', index, 'categoryId']);
    categoryIds.add(category.categoryId);
    if (category.parentCategoryId !== ROOT_PARENT_ID && !parents.has(category.parentCategoryId)) {
      report(['categories', index, 'parentCategoryId'], 'names no category of the seed');
      return;
    }
    const visited = new Set<string>();
    for (let at: string | undefined = category.categoryId; at !== undefined && at !== ROOT_PARENT_ID; at = parents.get(at)) {
      if (visited.has(at)) {
        report(['categories', index, 'parentCategoryId'], 'makes the category its own ancestor');
        break;
      }
      visited.add(at);
    }
  });
  const collections = new Set(seed.collections.map((collection) => collection.collectionId));
  seed.collections.forEach((collection, index) => claim(collection.collectionId, ['collections', index, 'collectionId']));
  // Stock may name the seed's locations, and the default one every store has.
  const locations = new Set([DEFAULT_LOCATION_ID, ...seed.locations.map((location) => location.locationId)]);
  seed.products.forEach((product, index) =>
    checkProduct(product, ['products', index], {
      claim,
      hasCategory: (value) => parents.has(value),
      hasCollection: (value) => collections.has(value),
      hasLocation: (value) => locations.has(value),
      report,
    }),
  );
}

function checkProduct(
  product: ProductRecord,
  at: PropertyKey[],
  env: {
    claim(value: string, path: PropertyKey[]): void;
    hasCategory(id: string): boolean;
    hasCollection(id: string): boolean;
    hasLocation(id: string): boolean;
    report: SeedReport;
  },
): void {
  env.claim(product.productId, [...at, 'productId']);
  product.options.forEach((option, o) => {
    env.claim(option.id, [...at, 'options', o, 'id']);
    option.values.forEach((value, v) => env.claim(value.id, [...at, 'options', o, 'values', v, 'id']));
  });
  product.variants.forEach((variant, v) => env.claim(variant.variantId, [...at, 'variants', v, 'variantId']));
  product.images.forEach((image, i) => env.claim(image.id, [...at, 'images', i, 'id']));
  if (product.categoryId !== undefined && !env.hasCategory(product.categoryId)) env.report([...at, 'categoryId'], 'names no category of the seed');
  product.collections.forEach((collectionId, c) => {
    if (!env.hasCollection(collectionId)) env.report([...at, 'collections', c], 'names no collection of the seed');
  });
  product.variants.forEach((variant, v) =>
    variant.inventoryQuantities.forEach((item, i) => {
      if (!env.hasLocation(item.locationId)) env.report([...at, 'variants', v, 'inventoryQuantities', i, 'locationId'], 'names no location of the seed');
    }),
  );
  product.variants.forEach((variant, v) => {
    const fits =
      variant.optionValueIds.length === product.options.length &&
      product.options.every((option, o) => option.values.some((value) => value.id === variant.optionValueIds[o]));
    if (!fits) env.report([...at, 'variants', v, 'optionValueIds'], "must name one value id of each of the product's options, in their order");
  });
}
