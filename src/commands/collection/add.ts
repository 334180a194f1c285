// `collection add COLLECTION PRODUCT...`: products put into a collection, names resolved first; the
// work, shared with remove, is in collect.ts.
import { collections } from '../../api/collections/declaration.js';
import { defineVerb } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { collectArgs } from './collection-flags.js';

export default defineVerb({
  mutates: true,
  name: 'add',
  summary: 'Put products into a collection (collection and products by id or title)',
  args: collectArgs(),
  flags: { dryRun: dryRunFlag() },
  json: { fields: Object.keys(collections.fields) },
  examples: ['store-cli collection add "Summer Sale" 4000000000000000431', 'store-cli collection add 4000000000000000335 "Rain Jacket" "Classic Tee"'],
  notes: `
Names resolve as product create --collection resolves them: digits are an id, else the exact
title (ignoring case), else the only partial match; anything else exits 2 listing the
candidates, and nothing is sent. The collection is read (what it holds), then one request
(POST collections/collect) for all the products; a product already in the collection stays
in. Says on stderr which products it added and which were in already, and prints the
collection as it now is. Needs a token with the write_products scope.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const { collect } = await import('./collect.js');
    await collect(ctx, options, 'add');
  },
});
