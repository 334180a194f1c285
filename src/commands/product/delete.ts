import { confirmOrRequireYes } from '../../core/prompts.js';
import { arg, boolean, defineVerb } from '../verb.js';
import { REQUEST_FIELDS } from '../dry-run.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';

export default defineVerb({
  name: 'delete',
  summary: 'Delete a product with its variants and images; asks first unless --yes',
  args: { productId: arg('the product id') },
  flags: { yes: boolean('do not ask for confirmation (required without a terminal)', { short: '-y' }), dryRun: dryRunFlag() },
  // A delete prints nothing; --json is the form of the dry run's request.
  json: { fields: REQUEST_FIELDS, what: 'the request as JSON (with --dry-run; a delete itself prints nothing)' },
  examples: ['store-cli product delete 5000000000000000011', 'store-cli product delete 5000000000000000011 --yes', 'store-cli product delete 5000000000000000011 --dry-run --json'],
  notes: `${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
  async run(options, ctx) {
    const { checkProductId } = await import('../../product/index.js');
    const productId = checkProductId(options.productId);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.products.delete(productId));
    }
    // --json's fields are checked before anything is asked or sent, though a delete prints nothing.
    if (options.json !== undefined || options.jsonl) await ctx.output();
    const api = await ctx.api();
    // Asking names the product, so the person sees what goes; a script's --yes skips the read.
    let title = '';
    if (!options.yes && ctx.io.canPrompt) {
      const product = await ctx.spin('Fetching the product…', () => api.products.get(productId));
      title = product.title ? ` (${product.title})` : '';
    }
    await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
      action: `delete product ${productId}`,
      question: `Delete product ${productId}${title}? This cannot be undone.`,
    });
    await ctx.spin('Deleting the product…', () => api.products.delete(productId));
    if (ctx.io.isStderrTTY) ctx.say(`Deleted product ${productId}${title}.`);
  },
});
