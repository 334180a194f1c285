// Categories and collections as stores send them: the look-ups that supply the ids a
// product is created with. Unknown fields are kept, so --json stays exact.
import * as z from 'zod/mini';
import { parseWire, wireId } from '../schema.js';

const text = z.optional(z.nullable(z.string()));

export const categorySchema = z.looseObject({
  categoryId: wireId,
  categoryName: text,
  /** "0" for a root category. */
  parentCategoryId: z.optional(z.nullable(wireId)),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryFields: readonly string[] = Object.keys(categorySchema.shape);

/**
 * Strict in what we send, tolerant in what we read: a listing needs a collection's id;
 * every other field is shown as the store sent it, whatever its JSON type (a name is
 * matched against the title's text). Stores write `collectionType` as a number (1 custom, 2 smart) or
 * as text ("1"), and `published` as a boolean or as text ("true"): commands/collection's
 * view reads either; nothing here may refuse a listing over them.
 */
const asSent = z.optional(z.unknown());
export const collectionSchema = z.looseObject({
  collectionId: wireId,
  title: asSent,
  collectionType: asSent,
  bodyHtml: asSent,
  published: asSent,
  image: asSent,
  /** JSON-array text of product ids. */
  collects: asSent,
  countGoodsNum: asSent,
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
