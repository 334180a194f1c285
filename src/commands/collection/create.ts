// `collection create`: one collection from flags over a --file (collection-flags.ts), sent with the
// type and the published flag the docs mark required (custom and published unless said).
import { collections } from '../../api/collections/declaration.js';
import { UsageError } from '../../core/errors.js';
import { defineVerb } from '../verb.js';
import { DRY_RUN_NOTE } from '../dry-run.js';
import { collectionFlags } from './collection-flags.js';
import { collectionViews } from './table.js';

export default defineVerb({
  mutates: true,
  name: 'create',
  summary: 'Create a collection from flags or a JSON file (custom unless --collection-type smart; published unless --no-published)',
  flags: collectionFlags('create'),
  json: { fields: Object.keys(collections.fields) },
  examples: [
    'store-cli collection create --title "Winter Sale"',
    'store-cli collection create --title "Rain Gear" --body-html "<p>Stay dry.</p>" --image-url https://cdn.example.com/rain.jpg --no-published',
    'store-cli collection create --file collection.json --json collectionId',
  ],
  notes: `
The collection is sent as the store documents it: {"collection": {title, bodyHtml,
collectionType: 1 or 2, image: {src}, published: true or false}}. A smart collection's
rules come from --file's ruleSet, sent as written.
Piped, the new collection prints as FIELD<TAB>value lines, its id first.
Needs a token with the write_products scope.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ changeOf }, { changeToWire }, view] = await Promise.all([
      import('./collection-flags.js'),
      import('../../api/collections/schema.js'),
      collectionViews(),
    ]);
    const change = await changeOf(options, ctx.io, false);
    if (change.title === undefined) throw new UsageError('--title is required (or give the whole collection with --file).');
    // The docs mark the type and the flag required: a create always sends both.
    const wire = changeToWire({ collectionType: 'custom', published: true, ...change });
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.collections.create(wire));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const created = await ctx.spin('Creating the collection…', () => api.collections.create(wire));
    if (created === undefined) {
      ctx.say('The store accepted the collection but sent none back, so its id is not known: shown as sent.');
      await out.item({ collectionId: '', ...wire }, view.detail);
      return;
    }
    await out.item(created, view.detail);
    if (!out.isJson && ctx.io.isStderrTTY) ctx.say(`Created collection ${String(created.collectionId)}.`);
  },
});
