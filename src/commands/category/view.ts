// How categories read: id, name, parent, and the path from the root ("Apparel > Tops").
import type { Category } from '../../api/categories/declaration.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';

/** The path of each category in `found`, walking parents through `tree`. */
export function categoryPaths(found: readonly Category[], tree: readonly Category[]): Map<string, string> {
  const byId = new Map(tree.map((c) => [scalarText(c.categoryId), c]));
  for (const c of found) byId.set(scalarText(c.categoryId), c);
  const paths = new Map<string, string>();
  for (const category of found) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: Category | undefined = category; at && !seen.has(scalarText(at.categoryId)); at = byId.get(scalarText(at.parentCategoryId))) {
      seen.add(scalarText(at.categoryId)); // a store's cycle must not hang the listing
      names.unshift(scalarText(at.categoryName));
    }
    paths.set(scalarText(category.categoryId), names.join(' > '));
  }
  return paths;
}

/** Whether a category's parent is missing from `found` (a search by name returns matches only). */
export function lacksParents(found: readonly Category[]): boolean {
  const ids = new Set(found.map((c) => scalarText(c.categoryId)));
  return found.some((c) => {
    const parent = scalarText(c.parentCategoryId);
    return parent !== '' && parent !== '0' && !ids.has(parent);
  });
}

const rootless = (parent: string) => (parent === '0' ? '' : parent);

/** The columns of a listing by name; `paths` from categoryPaths. */
function listColumns(paths: ReadonlyMap<string, string>) {
  return {
    categoryId: { header: 'ID', value: (c) => scalarText(c.categoryId) },
    categoryName: { header: 'NAME', value: (c) => scalarText(c.categoryName) },
    // A root's parent is empty (the store sends 0): there is no category 0 to look for.
    parentCategoryId: { header: 'PARENT', value: (c) => rootless(scalarText(c.parentCategoryId)) },
    path: { header: 'PATH', value: (c) => paths.get(scalarText(c.categoryId)) ?? '', shrinkable: true },
  } satisfies Record<string, Column<Category>>;
}

/** A column `category search` may declare (its CATEGORY_LIST_COLUMNS, in the order scripts cut them). */
export type CategoryListColumn = keyof ReturnType<typeof listColumns>;

/** A listing, in the column order search declares; a narrow table leaves out the parent (the path names it). */
export function categoryListView(paths: ReadonlyMap<string, string>, order: readonly CategoryListColumn[]): View<Category> {
  return listView(listColumns(paths), order, ['parentCategoryId']);
}
