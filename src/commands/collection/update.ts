// `collection update COLLECTION`: the collection read, the change applied, and sent whole (a store
// that replaces rather than merges keeps the other fields); no change sends nothing.
import { collections } from '../../api/collections/declaration.js';
import type { Api } from '../../api/index.js';
import { UsageError } from '../../core/errors.js';
import { arg, defineVerb } from '../verb.js';
import { DRY_RUN_NOTE } from '../dry-run.js';
import { COLLECTION_ARG, collectionFlags } from './collection-flags.js';
import { collectionViews } from './table.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'update',
  summary: 'Change a collection: its title, type, description, published flag or image; sends nothing when nothing changes',
  args: { collection: arg(COLLECTION_ARG) },
  flags: collectionFlags('update'),
  json: { fields: Object.keys(collections.fields) },
  examples: [
    'store-cli collection update "Summer Sale" --title "Summer Sale 2027"',
    'store-cli collection update 4000000000000000335 --published',
    'store-cli collection update "Rainy Day Picks" --file changes.json --dry-run',
  ],
  notes: `
The collection is read first and sent whole with the changes (a store that replaces rather
than merges keeps the other fields); when nothing would change, nothing is sent and the
collection is printed as it is. Needs a token with the write_products scope (the read takes
read_products or write_products).
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ changeOf }, { changeToWire, editableWire }, { resolveCollection }, view, { toJson }] = await Promise.all([
      import('./collection-flags.js'),
      import('../../api/collections/schema.js'),
      import('../../product/index.js'),
      collectionViews(),
      import('../../core/json.js'),
    ]);
    const change = await changeOf(options, ctx.io, true);
    if (Object.keys(change).length === 0)
      throw new UsageError('Nothing to change: give --title, --collection-type, --body-html, --published or --no-published, --image-url or --file.');
    const plan = async (api: Api) => {
      const collectionId = await resolveCollection(api, options.collection, ctx.spin);
      const stored = await ctx.spin('Fetching the collection…', () => api.collections.get(collectionId));
      const before = editableWire(stored);
      const after = { ...before, ...changeToWire(change) };
      if (toJson(after) !== toJson(before)) return { collectionId, stored, after };
      ctx.say(`Collection ${collectionId} already is as asked: nothing to change.`);
      return { collectionId, stored, after: undefined };
    };
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, async (api) => {
        const { collectionId, after } = await plan(api);
        if (after !== undefined) await api.collections.update(collectionId, after);
      });
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const { collectionId, stored, after } = await plan(api);
    const shown = after === undefined ? stored : await ctx.spin('Updating the collection…', () => api.collections.update(collectionId, after));
    await out.item(shown, view.detail);
  },
});
