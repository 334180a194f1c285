import { PRODUCT_FIELDS } from '../../api/field-names.js';
import type { Command } from 'commander';
import type { Product } from '../../api/products.js';
import type { Context } from '../../core/context.js';
import type { ProductDraft } from '../../api/product-draft.js';
import { UnconfirmedCreateError, UsageError } from '../../core/errors.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';
import { addProductFlags, type ProductFlags } from './product-flags.js';

export interface CreateOptions extends OutputFlags, ProductFlags {}

export function register(noun: Command): Command {
  const command = addProductFlags(
    noun.command('create').description('Create a product from flags or a JSON file; category and collections by name or id'),
    'create',
  ).addHelpText(
    'after',
    examples(
      'store-cli product create --title "Classic Tee" --price 19.99 --category Tops --collection "Summer Sale"',
      'store-cli product create --title "Classic Tee" --option "Color=Red,Blue" --option "Size=S,M,L" --price 19.99 --sku TEE --inventory 10',
      'store-cli product create --file product.json --status draft --json productId',
    ) +
      '\nNames: digits are an id, used as given; else the exact name (ignoring case) wins, else the\nonly partial match; anything else exits 2 listing the candidates, and nothing is created.\n',
  );
  return addOutputOptions(command, { list: false, fields: PRODUCT_FIELDS });
}

export async function run(options: CreateOptions, ctx: Context): Promise<void> {
  const [{ checkFlags, linkChange, productChange }, { buildProduct }, { readProductFile, withoutStoreFields }, { resolveNames }, { checkRules }, { productFields }, { idText }, view] = await Promise.all([
    import('./flag-change.js'),
    import('./build-product.js'),
    import('./product-file.js'),
    import('./resolve-names.js'),
    import('./check-rules.js'),
    import('../../api/products.js'),
    import('../../api/product-draft.js'),
    import('./product-view.js'),
  ]);
  const change = checkFlags(options);
  // --title overrides the file's title, so it may also stand in for a title the file lacks.
  const file = options.file === undefined ? undefined : await readProductFile(options.file, ctx.io, change.fields.title !== undefined);
  if (!file && change.fields.title === undefined) throw new UsageError('--title is required (or give the whole product with --file).');
  const out = await ctx.output(options, productFields);
  const draft = buildProduct(file ? withoutStoreFields(file.product) : {}, productChange(change));
  checkRules(draft, file?.source ?? 'the product');

  const api = await ctx.api();
  const resolved = await resolveNames(api, change.category, change.collections, ctx.spin);
  const product = buildProduct(draft, linkChange(resolved));

  const created = await ctx.spin('Creating the product…', () => api.products.create(product)).catch((error: unknown) => {
    throw error instanceof UnconfirmedCreateError ? error.withHint(howToCheck(product)) : error;
  });
  if (!created) {
    // Any 2xx is success: a store that answers 202/204 without the product still created it.
    ctx.say('The store accepted the product but sent none back, so its id is not known: shown as sent.');
    await view.showProduct(out, product as Product, async () => resolved.names, out.isTable);
    return;
  }
  const terminal = out.isTable;
  await view.showProduct(out, created, () => view.linkNames(api, created, resolved.names), terminal);
  if (!out.isJson && ctx.io.isStderrTTY) ctx.say(`Created product ${idText(created.productId)}.`);
}

/**
 * After a lost answer. The API has no product search (by title or SKU), so the CLI cannot
 * look; it names what to look for. Products have no unique key: running create again could
 * make a second one, so it says to look first.
 */
function howToCheck(product: ProductDraft): string {
  const skus = (product.variants ?? []).map((variant) => variant.sku).filter((sku): sku is string => typeof sku === 'string' && sku !== '');
  const shown = skus.length > 3 ? `${skus.slice(0, 3).join(', ')} and ${skus.length - 3} more` : skus.join(', ');
  const what = `a product titled ${JSON.stringify(product.title ?? '')}${shown ? ` (SKUs ${shown})` : ''}`;
  return `The API has no product search, so check the store's admin for ${what} before running create again: a second run would make a second product.`;
}
