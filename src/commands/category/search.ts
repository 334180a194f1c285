import { CATEGORY_FIELDS } from '../../api/categories/fields.js';
import type { Context } from '../../core/context.js';
import { defineVerb, optionalArg, type OptionsOf } from '../verb.js';
import { CATEGORY_LIST_COLUMNS } from './columns.js';

const verb = defineVerb({
  name: 'search',
  summary: 'Find categories by part of their name (ignoring case); without a name, every category',
  args: { name: optionalArg('part of the category name') },
  json: { fields: CATEGORY_FIELDS, list: true, columns: CATEGORY_LIST_COLUMNS },
  examples: ['store-cli category search', 'store-cli category search tops', 'store-cli category search shirt --json categoryId,categoryName'],
});

export type SearchOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: SearchOptions, ctx: Context): Promise<void> {
  const { categoryListView, categoryPaths, lacksParents } = await import('./view.js');
  const out = await ctx.output(options, verb.json.fields);
  const api = await ctx.api();
  const found = await ctx.spin('Searching categories…', () => api.categories.search(options.name));
  // A match's parents may not match the name: the whole tree names the path.
  const paths = out.isJson ? new Map<string, string>() : categoryPaths(found, lacksParents(found) ? await api.categories.search() : found);
  await out.list([found], categoryListView(paths, verb.json.columns), `No category matches '${options.name ?? ''}'.`);
}
