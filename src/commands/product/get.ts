import { PRODUCT_FIELDS } from '../../api/field-names.js';
import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';

export interface GetOptions extends OutputFlags {
  productId: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('get')
    .description('Show a product: a summary and its variants; --json for the whole product')
    .argument('<productId>', 'the product id')
    .addHelpText(
      'after',
      examples('store-cli product get 5000000000000000011', 'store-cli product get 5000000000000000011 --json', 'store-cli product get 5000000000000000011 --json title,status,variants') +
        '\nPiped without --json, the variants are tab-separated rows in this column order:\n  variantId, options (Red / S), sku, price, compareOfPrice, costPrice, weight, weightUnit, stock, barcode\n',
    );
  return addOutputOptions(command, { list: false, fields: PRODUCT_FIELDS });
}

export async function run(options: GetOptions, ctx: Context): Promise<void> {
  const [products, view] = await Promise.all([import('../../product/index.js'), import('./product-view.js')]);
  const productId = products.checkProductId(options.productId);
  const out = await ctx.output(options, products.productFields);
  const api = await ctx.api();
  const product = await ctx.spin('Fetching the product…', () => api.products.get(productId));
  await view.showProduct(out, product, () => products.linkNames(api, product), out.isTable);
}
