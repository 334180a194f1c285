import { Option, type Command } from 'commander';
import { COLLECTION_TYPES } from '../../api/product-codes.js';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';

export interface ListOptions extends OutputFlags {
  title?: string;
  collectionType?: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('list')
    .description('List collections, filtered by part of the title (ignoring case) or by type')
    .option('--title <text>', 'only collections whose title contains this text (ignoring case)')
    .addOption(new Option('--collection-type <type>', 'only collections of this type').choices(COLLECTION_TYPES))
    .addHelpText(
      'after',
      examples('store-cli collection list', 'store-cli collection list --title summer', 'store-cli collection list --collection-type smart --json collectionId,title') +
        '\nPiped without --json, rows are tab-separated in this column order:\n  collectionId, title, collectionType, countGoodsNum, published\n',
    );
  return addOutputOptions(command, { list: true });
}

export async function run(options: ListOptions, ctx: Context): Promise<void> {
  const [{ collectionFields }, { collectionListView }] = await Promise.all([import('../../api/catalog.js'), import('./collection-view.js')]);
  const out = await ctx.output(options, collectionFields);
  const api = await ctx.api();
  const found = await ctx.spin('Listing collections…', () =>
    api.collections.list({ ...(options.title !== undefined ? { title: options.title } : {}), ...(options.collectionType !== undefined ? { collectionType: options.collectionType } : {}) }),
  );
  await out.list([found], collectionListView, 'No collections match.');
}
