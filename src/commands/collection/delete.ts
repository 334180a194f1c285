import { arg, boolean, defineVerb } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag, REQUEST_FIELDS } from '../dry-run.js';

export default defineVerb({
  name: 'delete',
  summary: 'Delete a collection (its products stay in the store); asks first unless --yes',
  args: { collection: arg('the collection: an id, or a title looked up with collection list') },
  flags: { yes: boolean('do not ask for confirmation (required without a terminal)', { short: '-y' }), dryRun: dryRunFlag() },
  // A delete prints nothing; --json is the form of the dry run's request.
  json: { fields: REQUEST_FIELDS, what: 'the request as JSON (with --dry-run; a delete itself prints nothing)' },
  examples: ['store-cli collection delete 4000000000000000335', 'store-cli collection delete "Rainy Day Picks" --yes', 'store-cli collection delete 4000000000000000335 --dry-run --json'],
  notes: `\nA title is looked up first (as collection get does), so the question names the collection found.\nNeeds a token with the write_products scope.\n${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
  async run(options, ctx) {
    const [{ resolveCollection }, { confirmedDelete }, { scalarText }] = await Promise.all([import('../../product/index.js'), import('../confirmed-delete.js'), import('../../core/json.js')]);
    // A title is resolved before anything is asked or sent (a read, said in a dry run).
    const collectionId = await resolveCollection(await ctx.api(), options.collection, ctx.spin);
    await confirmedDelete(ctx, options, {
      what: `collection ${collectionId}`,
      consequence: 'Its products stay in the store. This cannot be undone.',
      read: { spinner: 'Fetching the collection…', get: (api) => api.collections.get(collectionId), label: (collection) => scalarText(collection.title) },
      spinner: 'Deleting the collection…',
      remove: (api) => api.collections.delete(collectionId),
    });
  },
});
