// How categories read: id, name, parent, and the path from the root ("Apparel > Tops").
import type { Category } from '../../api/catalog.js';
import { idText } from '../../api/product-draft.js';
import { scalarText } from '../../core/json.js';
import type { Column, View } from '../../core/output.js';
import type { CategoryListColumn } from '../columns.js';

/** The path of each category in `found`, walking parents through `tree`. */
export function categoryPaths(found: readonly Category[], tree: readonly Category[]): Map<string, string> {
  const byId = new Map(tree.map((c) => [idText(c.categoryId), c]));
  for (const c of found) byId.set(idText(c.categoryId), c);
  const paths = new Map<string, string>();
  for (const category of found) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: Category | undefined = category; at && !seen.has(idText(at.categoryId)); at = byId.get(idText(at.parentCategoryId))) {
      seen.add(idText(at.categoryId)); // a store's cycle must not hang the listing
      names.unshift(scalarText(at.categoryName));
    }
    paths.set(idText(category.categoryId), names.join(' > '));
  }
  return paths;
}

/** Whether a category's parent is missing from `found` (a search by name returns matches only). */
export function lacksParents(found: readonly Category[]): boolean {
  const ids = new Set(found.map((c) => idText(c.categoryId)));
  return found.some((c) => {
    const parent = idText(c.parentCategoryId);
    return parent !== '' && parent !== '0' && !ids.has(parent);
  });
}

/** A listing, in the column order search declares (commands/columns.ts); `paths` from categoryPaths. */
export function categoryListView(paths: ReadonlyMap<string, string>, order: readonly CategoryListColumn[]): View<Category> {
  const columns: Record<CategoryListColumn, Column<Category>> = {
    categoryId: { header: 'ID', value: (c) => idText(c.categoryId) },
    categoryName: { header: 'NAME', value: (c) => scalarText(c.categoryName) },
    parentCategoryId: { header: 'PARENT', value: (c) => idText(c.parentCategoryId) },
    path: { header: 'PATH', value: (c) => paths.get(idText(c.categoryId)) ?? '', shrinkable: true },
  };
  return { columns: order.map((name) => columns[name]) };
}
