// `file search`: the library's files by part of their title or by kind, shown as `file list`
// shows them (the noun's table, handed in). The store's search takes `title` and
// `materialType`; each file that comes back is checked against them again (MaterialsApi).
import { MATERIAL_KINDS, MATERIAL_PAGING, MATERIAL_TYPE, materials, type Material } from '../../api/materials/declaration.js';
import { checkValues, kind } from '../../api/rest-resource.js';
import { FieldError, UsageError } from '../../core/errors.js';
import { tableViews, type TableText } from '../crud.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, nextPageHint, pagingFlags, printPages } from '../paging.js';
import { defineVerb, oneOf, text } from '../verb.js';

export default (table: TableText<Material>) =>
  defineVerb({
    mutates: false,
    name: 'search',
    summary: 'Find files by part of their title or by type; --all follows every page',
    flags: {
      title: text('<text>', 'files whose title contains this text (ignoring case)'),
      type: oneOf('<type>', 'files of this kind', MATERIAL_KINDS),
      ...pagingFlags(MATERIAL_PAGING.max),
    },
    json: { fields: Object.keys(materials.fields), list: true, columns: table.list! },
    examples: ['store-cli file search --title logo', 'store-cli file search --type video --json id,title,url', 'store-cli file search --type image --all'],
    notes: `
Sends GET materials with title and materialType (1 image, 2 audio, 3 video, 4 file); each
file that comes back is checked again, so a store that ignores one cannot widen the answer.
Give --title, --type or both; --page-token goes alone. Needs a token with the
read_materials or write_materials scope.
`,
    async run(options, ctx) {
      const filters = { '--title': options.title, '--type': options.type };
      checkPageTokenAlone(options.pageToken, filters);
      if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
      if (options.pageToken === undefined && options.title === undefined && options.type === undefined)
        throw new UsageError("Give --title or --type (or --page-token): 'file list' lists every file.");
      let title: string | undefined;
      try {
        title = checkValues({ title: kind.text({ max: 255, notBlank: true }) }, { title: options.title }).title as string | undefined;
      } catch (error) {
        throw error instanceof FieldError ? error.named(() => '--title') : error;
      }
      const filter = { ...(title !== undefined ? { title } : {}), ...(options.type !== undefined ? { materialType: MATERIAL_TYPE[options.type] } : {}) };
      const all = options.all === true;
      const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), all, MATERIAL_PAGING.max);
      const [views, out, api] = await Promise.all([tableViews(table, Object.keys(materials.fields)), ctx.output(), ctx.api()]);
      const page = { ...(limit !== undefined ? { limit } : {}), ...(options.pageToken !== undefined ? { pageToken: options.pageToken } : {}) };
      const next = await printPages(ctx, out, api.materials.search(filter, page, all), 'Searching files…', views.list(table.list!), 'No files match.');
      if (next) ctx.say(nextPageHint('files', next, title !== undefined || options.type !== undefined));
    },
  });
