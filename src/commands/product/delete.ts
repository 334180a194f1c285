// `product delete`: removes a product with its variants and images, for good, through the delete
// every deleting verb shares (confirmed-delete.ts): a person is shown its title and asked, a
// script passes --yes. It prints nothing; --json is the form of a dry run's request.
import { arg, defineVerb, yesFlag } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag, REQUEST_FIELDS } from '../dry-run.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  name: 'delete',
  summary: 'Delete a product with its variants and images; asks first unless --yes',
  args: { productId: arg('the product id') },
  flags: { yes: yesFlag(), dryRun: dryRunFlag() },
  // A delete prints nothing; --json is the form of the dry run's request.
  json: { fields: REQUEST_FIELDS, what: 'the request as JSON (with --dry-run; a delete itself prints nothing)' },
  examples: [
    'store-cli product delete 5000000000000000011',
    'store-cli product delete 5000000000000000011 --yes',
    'store-cli product delete 5000000000000000011 --dry-run --json',
  ],
  notes: `${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
  async run(options, ctx) {
    const [{ checkProductId }, { confirmedDelete }] = await Promise.all([import('../../product/index.js'), import('../confirmed-delete.js')]);
    const productId = checkProductId(options.productId);
    await confirmedDelete(ctx, options, {
      what: `product ${productId}`,
      consequence: 'This cannot be undone.',
      read: { spinner: 'Fetching the product…', get: (api) => api.products.get(productId), label: (product) => (product.title ? String(product.title) : '') },
      spinner: 'Deleting the product…',
      remove: (api) => api.products.delete(productId),
    });
  },
});
