import { CATEGORY_FIELDS } from '../../api/field-names.js';
import type { Context } from '../../core/context.js';
import { defineVerb, optionalArg, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'search',
  summary: 'Find categories by part of their name (ignoring case); without a name, every category',
  args: { name: optionalArg('part of the category name') },
  json: { fields: CATEGORY_FIELDS, list: true },
  examples: ['store-cli category search', 'store-cli category search tops', 'store-cli category search shirt --json categoryId,categoryName'],
  notes: '\nPiped without --json, rows are tab-separated in this column order:\n  categoryId, categoryName, parentCategoryId, path (Apparel > Tops)\n',
});

export type SearchOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: SearchOptions, ctx: Context): Promise<void> {
  const [{ categoryFields }, { categoryListView, categoryPaths, lacksParents }] = await Promise.all([import('../../api/catalog.js'), import('./category-view.js')]);
  const out = await ctx.output(options, verb.json.fields);
  const api = await ctx.api();
  const found = await ctx.spin('Searching categories…', () => api.categories.search(options.name));
  // A match's parents may not match the name: the whole tree names the path.
  const paths = out.isJson ? new Map<string, string>() : categoryPaths(found, lacksParents(found) ? await api.categories.search() : found);
  await out.list([found], categoryListView(paths), `No category matches '${options.name ?? ''}'.`);
}
