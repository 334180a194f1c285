// Categories as stores send them: the look-up that supplies the id a product is created
// with. Unknown fields are kept, so --json stays exact.
import * as z from 'zod/mini';
import type { CategoryField } from './fields.js';
import { wireId, type Assert, type ExactFields, checkedListAsSent } from '../schema.js';

const text = z.optional(z.nullable(z.string()));

export const categorySchema = z.looseObject({
  categoryId: wireId,
  categoryName: text,
  /** "0" for a root category. */
  parentCategoryId: z.optional(z.nullable(wireId)),
});
export type Category = z.infer<typeof categorySchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type CategoryFieldsCheck = Assert<ExactFields<typeof categorySchema.shape, CategoryField>>;

export const checkCategoryList = (list: unknown): Category[] => checkedListAsSent(categorySchema, list, 'a category list');
