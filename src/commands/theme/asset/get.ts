// `theme asset get THEME KEY`: one asset's text, to stdout (escaped at a terminal, exact when
// piped) or, with --output, to a file written whole: checked before the request (a folder, an
// unwritable place), written beside it and renamed into place, so a failed run never leaves
// half a template under the name. --json prints the asset as the store sent it instead.
import { checkAssetKey, themeAssets } from '../../../api/themes/declaration.js';
import { checkId } from '../../../api/rest-resource.js';
import { RuntimeError } from '../../../core/errors.js';
import { arg, defineVerb, text } from '../../verb.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: "Print a theme asset's text, or write it to a file with --output",
  args: { theme: arg('the theme id (theme list shows them)'), key: arg('the asset key, such as templates/index.json') },
  flags: { output: text('<file>', 'write the text to this file (replaced whole once complete) instead of stdout') },
  json: { fields: Object.keys(themeAssets.fields), what: 'the asset as the store sent it (its text in context), not the text alone' },
  examples: [
    'store-cli theme asset get 7220000000000000001 templates/index.json',
    'store-cli theme asset get 7220000000000000001 assets/base.css --output base.css',
    'store-cli theme asset get 7220000000000000001 config/settings_data.json --json fileType,updateTime',
  ],
  notes: `
One request (GET themes/{id}/assets?asset=KEY). The text goes out exactly as the store sent
it: piped or to --output byte for byte, at a terminal with control characters shown as
escapes. Needs a token with the read_themes or write_themes scope.
`,
  async run(options, ctx) {
    const themeId = checkId(options.theme, 'theme');
    const key = checkAssetKey(options.key, 'key');
    const json = options.json !== undefined;
    const out = json ? await ctx.output() : undefined;
    const [{ checkOutputs }, { writeOutput }, { dataStdout }] = await Promise.all([
      import('../../../bulk/engine/output-check.js'),
      import('../../../bulk/engine/output-sink.js'),
      import('../../../core/escaping-stream.js'),
    ]);
    // The file is checked before the request: a refusal sends nothing.
    const planned = { field: 'output', path: options.output ?? '-', contract: 'whole' as const };
    const write = options.output !== undefined || !json;
    const targets = write
      ? await checkOutputs([planned], {
          stdin: ctx.io.stdin,
          stdout: ctx.io.stdout,
          isStdoutTTY: ctx.io.isStdoutTTY,
          ...(json ? { stdoutHolds: 'the --json asset goes' } : {}),
          inputs: [],
        })
      : undefined;
    const api = await ctx.api();
    const asset = await ctx.spin('Fetching the asset…', () => api.themes.asset(themeId, key));
    if (write) {
      if (typeof asset.context !== 'string') throw new RuntimeError(`The store sent ${key} of theme ${themeId} without its text (no context).`);
      await writeOutput(targets!.get(planned)!, asset.context, { field: 'output', contract: 'whole', stdout: dataStdout(ctx.io) });
      if (options.output !== undefined && options.output !== '-') ctx.say(`Wrote ${key} of theme ${themeId} to ${options.output}.`);
    }
    if (out) await out.item(asset, { columns: [] });
  },
});
