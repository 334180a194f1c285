// Collections as stores send them: the look-up that supplies the collection ids a product
// is created with. Unknown fields are kept, so --json stays exact.
import * as z from 'zod/mini';
import type { CollectionField } from './fields.js';
import { parseWire, wireId, type Assert, type ExactFields } from '../schema.js';

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
/** fields.ts names exactly these fields (tsc checks it). */
export type CollectionFieldsCheck = Assert<ExactFields<typeof collectionSchema.shape, CollectionField>>;

export function checkCollectionList(list: unknown): Collection[] {
  parseWire(z.array(collectionSchema), list, 'a collection list');
  return list as Collection[];
}
