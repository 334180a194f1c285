import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';

export interface SearchOptions extends OutputFlags {
  name?: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('search')
    .description('Find categories by part of their name (ignoring case); without a name, every category')
    .argument('[name]', 'part of the category name')
    .addHelpText(
      'after',
      examples('store-cli category search', 'store-cli category search tops', 'store-cli category search shirt --json categoryId,categoryName') +
        '\nPiped without --json, rows are tab-separated in this column order:\n  categoryId, categoryName, parentCategoryId, path (Apparel > Tops)\n',
    );
  return addOutputOptions(command, { list: true });
}

export async function run(options: SearchOptions, ctx: Context): Promise<void> {
  const [{ categoryFields }, { categoryListView, categoryPaths, lacksParents }] = await Promise.all([import('../../api/catalog.js'), import('./category-view.js')]);
  const out = await ctx.output(options, categoryFields);
  const api = await ctx.api();
  const found = await ctx.spin('Searching categories…', () => api.categories.search(options.name));
  // A match's parents may not match the name: the whole tree names the path.
  const paths = out.isJson ? new Map<string, string>() : categoryPaths(found, lacksParents(found) ? await api.categories.search() : found);
  await out.list([found], categoryListView(paths), `No category matches '${options.name ?? ''}'.`);
}
