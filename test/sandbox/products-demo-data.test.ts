import { describe, expect, it } from 'vitest';
import { demoDocument, seedSchema } from '../../src/sandbox/state/seed.js';
import { call, withSandbox } from './helpers.js';
import { collects } from './product-helpers.js';

const raw = demoDocument();

describe('demo catalog data', () => {
  const demo = seedSchema.parse(raw);
  const { categories, collections, products } = demo;

  it('has a tree of about a dozen categories whose parents exist, and no cycle', () => {
    expect(categories.length).toBeGreaterThanOrEqual(10);
    const byId = new Map(categories.map((category) => [category.categoryId, category]));
    expect(byId.size).toBe(categories.length);
    for (const category of categories) {
      const seen = new Set<string>();
      let at = category;
      while (at.parentCategoryId !== '0') {
        expect(seen.has(at.categoryId)).toBe(false);
        seen.add(at.categoryId);
        const parent = byId.get(at.parentCategoryId);
        expect(parent, `parent of ${at.categoryName}`).toBeDefined();
        at = parent as typeof at;
      }
    }
    expect(categories.some((category) => byId.get(category.parentCategoryId)?.parentCategoryId !== undefined)).toBe(true);
  });

  it('has custom and smart collections, two of them sharing a word so a partial title is ambiguous', () => {
    expect(new Set(collections.map((collection) => collection.collectionType))).toEqual(new Set(['custom', 'smart']));
    const words = collections.flatMap((collection) => collection.title.toLowerCase().split(/\s+/));
    expect(words.some((word, index) => words.indexOf(word) !== index)).toBe(true);
  });

  it('uses every id once across all sections, above the gift cards and 2^53, ascending within each section', () => {
    const ids = [
      ...demo.giftCards.map((card) => card.id),
      ...categories.map((category) => category.categoryId),
      ...collections.map((collection) => collection.collectionId),
      ...products.flatMap((product) => [
        product.productId,
        ...product.options.flatMap((option) => [option.id, ...option.values.map((value) => value.id)]),
        ...product.variants.map((variant) => variant.variantId),
        ...product.images.map((image) => image.id),
      ]),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
    const lastCard = BigInt(demo.giftCards.at(-1)?.id as string);
    for (const section of [categories.map((c) => c.categoryId), collections.map((c) => c.collectionId), products.map((p) => p.productId)]) {
      const values = section.map(BigInt);
      expect([...values].sort((a, b) => (a < b ? -1 : 1))).toEqual(values);
      expect(values[0]).toBeGreaterThan(lastCard);
    }
  });

  it('has products that name existing categories and collections, with variants naming one value of each option', () => {
    expect(products.length).toBeGreaterThanOrEqual(2);
    const categoryIds = new Set(categories.map((category) => category.categoryId));
    const collectionIds = new Set(collections.map((collection) => collection.collectionId));
    for (const product of products) {
      expect(categoryIds.has(product.categoryId as string)).toBe(true);
      for (const id of product.collections) expect(collectionIds.has(id)).toBe(true);
      const combinations = new Set<string>();
      for (const variant of product.variants) {
        expect(variant.optionValueIds).toHaveLength(product.options.length);
        variant.optionValueIds.forEach((id, index) => expect(product.options[index]?.values.map((value) => value.id)).toContain(id));
        combinations.add(variant.optionValueIds.join());
      }
      expect(combinations.size).toBe(product.variants.length);
    }
  });

  it('serves collects and countGoodsNum that match the products listing each collection', async () => {
    await withSandbox({ seed: 'demo' }, async (sandbox) => {
      const served = (await call(sandbox, 'GET', '/collections')).json.collections as Array<{ collectionId: string; collects: string; countGoodsNum: string }>;
      expect(served).toHaveLength(collections.length);
      for (const collection of served) {
        const expected = products.filter((product) => product.collections.includes(collection.collectionId)).map((product) => product.productId);
        expect(collects(collection)).toEqual(expected);
        expect(collection.countGoodsNum).toBe(String(expected.length));
      }
      expect(served.some((collection) => collection.countGoodsNum !== '0')).toBe(true);
    });
  });
});
