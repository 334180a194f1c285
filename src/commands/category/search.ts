// `category search [NAME]`: the store's categories whose name holds NAME, a table showing each
// one's path from the root (a match whose parents do not match costs a read of the whole tree).
import { categories } from '../../api/categories/declaration.js';
import { defineVerb, optionalArg } from '../verb.js';
import type { CategoryListColumn } from './view.js';

/** The columns of `category search`, in the order scripts `cut` them (--help lists them, --columns checks against them). */
const CATEGORY_LIST_COLUMNS = ['categoryId', 'categoryName', 'parentCategoryId', 'path'] as const satisfies readonly CategoryListColumn[];

export default defineVerb({
  mutates: false,
  name: 'search',
  summary: 'Find categories by part of their name (ignoring case); without a name, every category',
  args: { name: optionalArg('part of the category name') },
  json: { fields: Object.keys(categories.fields), list: true, columns: CATEGORY_LIST_COLUMNS },
  examples: ['store-cli category search', 'store-cli category search tops', 'store-cli category search shirt --json categoryId,categoryName'],
  async run(options, ctx) {
    const { categoryListView, categoryPaths, lacksParents } = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const found = await ctx.spin('Searching categories…', () => api.categories.search(options.name));
    // A match's parents may not match the name: the whole tree names the path.
    const paths = out.isJson ? new Map<string, string>() : categoryPaths(found, lacksParents(found) ? await api.categories.search() : found);
    await out.list([found], categoryListView(paths, CATEGORY_LIST_COLUMNS), `No category matches '${options.name ?? ''}'.`);
  },
});
