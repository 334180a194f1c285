// A product category (`GET /category/search`), described once: its name and its parent ("0"
// for a root). The tree is seeded (the demo set's is products/demo.json's `categories`) and
// read-only through the API; the catalog keeps it (products name categories), checked as a
// tree when it is replaced. routes.ts serves the search.
import * as z from 'zod';
import { JsonInteger } from '../../http/body-json.js';
import { ID_PATTERN } from '../../state/ids.js';
import { MAX_TEXT_LENGTH, ROOT_PARENT_ID } from '../products/decisions.js';
import demo from '../products/demo.json' with { type: 'json' };
import { kept, text } from '../record-fields.js';
import { recordTable, type TableRecord } from '../record-table.js';

const parent = kept(
  z.union([z.literal(ROOT_PARENT_ID), z.string().regex(ID_PATTERN, 'must be a decimal id without leading zeros')]),
  ROOT_PARENT_ID,
  (id) => new JsonInteger(id),
);

export const categoryTable = recordTable({
  key: 'categories',
  wrap: { one: 'productCategory', many: 'productCategories' },
  noun: 'category',
  id: 'categoryId',
  fields: { categoryName: text({ max: MAX_TEXT_LENGTH, required: true, notBlank: true }), parentCategoryId: { ...parent, seed: parent.stored } },
  // None of the plain routes: the tree is searched by name (routes.ts).
  routes: { path: '/category' },
  scopes: { read: ['read_products', 'write_products'], write: 'write_products' },
  demo: demo.categories,
});

export type CategoryRecord = TableRecord<typeof categoryTable>;
