// Categories and collections as stores send them: the look-ups that supply the ids a
// product is created with. Unknown fields are kept, so --json stays exact.
import * as z from 'zod/mini';
import { parseWire, wireAmount, wireId } from './schema.js';

const text = z.optional(z.nullable(z.string()));

export const categorySchema = z.looseObject({
  categoryId: wireId,
  categoryName: text,
  /** "0" for a root category. */
  parentCategoryId: z.optional(z.nullable(wireId)),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryFields: readonly string[] = Object.keys(categorySchema.shape);

export const collectionSchema = z.looseObject({
  collectionId: wireId,
  title: text,
  collectionType: text,
  bodyHtml: text,
  published: z.optional(z.nullable(z.union([z.string(), z.boolean()]))),
  image: z.optional(z.nullable(z.looseObject({ src: text }))),
  /** JSON-array text of product ids. */
  collects: z.optional(z.nullable(z.union([z.string(), z.array(wireId)]))),
  countGoodsNum: z.optional(z.nullable(wireAmount)),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionFields: readonly string[] = Object.keys(collectionSchema.shape);

export function checkCategoryList(list: unknown): Category[] {
  parseWire(z.array(categorySchema), list, 'a category list');
  return list as Category[];
}

export function checkCollectionList(list: unknown): Collection[] {
  parseWire(z.array(collectionSchema), list, 'a collection list');
  return list as Collection[];
}
