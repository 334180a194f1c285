// `theme asset put THEME KEY --file PATH|--value TEXT`: one asset of a theme written (made, or
// replaced) with the text given, sent as the docs' write (POST themes/{id}/assets). Writing to
// the published theme changes what shoppers see at once: a person is asked in a terminal, and
// a script needs --yes; the theme is read first to know. --dry-run shows the exact request.
import { basename, extname } from 'node:path';
import { checkAssetKey, isPublished, themeAssets, type AssetWrite } from '../../../api/themes/declaration.js';
import { checkId, checkValues, kind } from '../../../api/rest-resource.js';
import { FieldError, UsageError } from '../../../core/errors.js';
import { tableViews } from '../../crud.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../../dry-run.js';
import { arg, defineVerb, text, yesFlag } from '../../verb.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  name: 'put',
  summary: 'Write a theme asset from --file or --value; on the published theme, asks first',
  args: { theme: arg('the theme id (theme list shows them)'), key: arg('the asset key, such as templates/index.json') },
  flags: {
    file: text('<path>', 'the text to write, read from this file (- for stdin): UTF-8, at most 1 MiB'),
    value: text('<text>', 'the text to write, as given'),
    code: text('<code>', "the asset's code, such as PAGE for a page template (sent only when given)"),
    yes: yesFlag(),
    dryRun: dryRunFlag(),
  },
  json: { fields: Object.keys(themeAssets.fields) },
  examples: [
    'store-cli theme asset put 7220000000000000002 assets/base.css --file base.css',
    'store-cli theme asset put 7220000000000000001 templates/index.json --file index.json --yes',
    'store-cli theme asset put 7220000000000000002 snippets/note.liquid --value "<p>Closed on Sunday</p>" --dry-run',
  ],
  notes: `
Sends POST themes/{id}/assets with {"assets": {"url": KEY, "name", "fileType", "context":
TEXT}}: the asset is made, or replaced whole. The theme list is read first: writing to the
published theme (PUBLISHED true in theme list) changes the live store, so it asks in a
terminal and needs --yes otherwise. Text assets only (a template, a section, a stylesheet,
a script). Needs a token with the write_themes scope.
${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const themeId = checkId(options.theme, 'theme');
    const key = checkAssetKey(options.key, 'key');
    if ((options.file === undefined) === (options.value === undefined))
      throw new UsageError(`Give --file PATH or --value TEXT${options.file === undefined ? '' : ', not both'}: the text of ${key}. Nothing was sent.`);
    let code: string | undefined;
    try {
      code = checkValues({ code: kind.text({ max: 64, notBlank: true }) }, { code: options.code }).code as string | undefined;
    } catch (error) {
      throw error instanceof FieldError ? error.named(() => '--code') : error;
    }
    const out = options.dryRun ? undefined : await ctx.output();
    const { MAX_INPUT_BYTES, readInputText } = await import('../../../core/input-text.js');
    if (options.value !== undefined && Buffer.byteLength(options.value) > MAX_INPUT_BYTES)
      throw new UsageError(`--value is longer than the limit of 1 MiB (${MAX_INPUT_BYTES} bytes), the largest request body a store takes; nothing was sent.`);
    const context = options.value ?? (await readInputText(options.file!, ctx.io.stdin, `--file ${options.file!}`));
    const extension = extname(key);
    const asset: AssetWrite = { url: key, name: basename(key, extension), fileType: extension.slice(1).toLowerCase(), context, code };
    if (options.dryRun) {
      const { runDry } = await import('../../dry-run.js');
      return runDry(ctx, options, (api) => api.themes.putAsset(themeId, asset));
    }
    const [views, api] = await Promise.all([
      tableViews({ detail: ['url', 'name', 'theme_id'], columns: { theme_id: 'THEME' } }, Object.keys(themeAssets.fields)),
      ctx.api(),
    ]);
    const found = (await ctx.spin('Reading the themes…', () => api.themes.list())).find((theme) => String(theme.shopThemeId) === themeId);
    if (found === undefined) throw new UsageError(`No theme has the id ${themeId}: 'store-cli theme list' shows them. Nothing was sent.`);
    if (isPublished(found)) {
      const { confirmOrRequireYes } = await import('../../../core/prompts.js');
      const name = typeof found.shopThemeName === 'string' ? ` (${found.shopThemeName})` : '';
      await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
        action: `write ${key} to the published theme ${themeId}`,
        question: `Write ${key} to theme ${themeId}${name}, the published theme shoppers see?`,
      });
    }
    const written = await ctx.spin(`Writing ${key}…`, () => api.themes.putAsset(themeId, asset));
    await out!.item(written, views.detail);
  },
});
