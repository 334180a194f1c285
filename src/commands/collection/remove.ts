// `collection remove COLLECTION PRODUCT...`: products taken out of a collection (they stay in the
// store); the work, shared with add, is in collect.ts.
import { collections } from '../../api/collections/declaration.js';
import { defineVerb } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { collectArgs } from './collection-flags.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'remove',
  summary: 'Take products out of a collection (they stay in the store; collection and products by id or title)',
  args: collectArgs(),
  flags: { dryRun: dryRunFlag() },
  json: { fields: Object.keys(collections.fields) },
  examples: ['store-cli collection remove "Summer Sale" 4000000000000000431', 'store-cli collection remove 4000000000000000335 "Rain Jacket" --dry-run'],
  notes: `
Names resolve as collection add resolves them. The collection is read (what it holds), then
one request (DELETE collections/collect) for all the products; a product not in the
collection is no error. Says on stderr which products it took out and which were not in it,
and prints the collection as it now is. Needs a token with the write_products scope.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const { collect } = await import('./collect.js');
    await collect(ctx, options, 'remove');
  },
});
