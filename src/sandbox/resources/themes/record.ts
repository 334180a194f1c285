// Themes and their assets (About Theme, partners.genstore.ai/docs/api-rest/27), described once
// each. A theme as the docs' object writes it (`isCurrent` as text, "false"; at most 20 a store,
// one published); the store's themes are listed at `GET /themes`, and no documented request
// makes or changes one. An asset is a file of a theme, known by its key (`url`,
// `templates/index.json`) and its theme, its text in `context`: read and written by the routes
// in routes.ts, its records kept here (data file, journal, seed) under an id of the sandbox's
// own that no answer shows. Scopes: reads ANY of read_themes, write_themes; writes write_themes.
import { choice, createTime, flag, text, updateTime } from '../record-fields.js';
import { recordTable, type TableRecord } from '../record-table.js';
import { seedSection, type SeedReport } from '../resource.js';
import { ID_PATTERN } from '../../state/ids.js';
import demo from './demo.json' with { type: 'json' };
import assetsDemo from './assets-demo.json' with { type: 'json' };

export const SCOPES = ['read_themes', 'write_themes'] as const;

const SCOPE_RULES = { read: ['read_themes', 'write_themes'], write: 'write_themes' } as const;

export const MAX_THEMES = 20;

/** `/asset_directory/asset_filename.extension` without its first slash: folders, a file name, an extension. */
export const ASSET_KEY = /^(?:(?!\.\.?\/)[A-Za-z0-9_.-]+\/)+[A-Za-z0-9_.-]*[A-Za-z0-9_-]\.[A-Za-z0-9]+$/;

export const themeTable = recordTable({
  key: 'themes',
  wrap: { one: 'theme', many: 'themes' },
  id: 'shopThemeId',
  fields: {
    isCurrent: flag({ initial: false, writable: false, shown: 'text' }),
    shopThemeName: text({ max: 255, required: true, notBlank: true }),
    createTime: createTime(),
    updateTime: updateTime(),
    status: choice(['INIT', 'SUCCESS', 'FAIL'], { initial: 'SUCCESS' }),
  },
  routes: { path: '/themes', list: true },
  scopes: SCOPE_RULES,
  check(themes, report) {
    if (themes.length > MAX_THEMES) report(MAX_THEMES, undefined, `a store has at most ${MAX_THEMES} themes`);
    const published = themes.flatMap((theme, index) => (theme.isCurrent === true ? [index] : []));
    if (published.length > 1) report(published[1]!, 'isCurrent', `themes[${published[0]}] is the published theme already: a store publishes one`);
  },
  demo,
});

export type ThemeRecord = TableRecord<typeof themeTable>;

/** The table of assets: its create and update are the asset write's (routes.ts), served at no path of their own. */
export const assetTable = recordTable({
  key: 'themeAssets',
  // The write's body wraps the asset as `assets` (the docs' sample), so errors name `assets.url`.
  wrap: { one: 'assets', many: 'assets' },
  noun: 'theme asset',
  fields: {
    themeId: text({ max: 20, required: true, rule: { test: ID_PATTERN, message: 'must be the id of a theme' } }),
    url: text({ max: 255, required: true, rule: { test: ASSET_KEY, message: 'must be an asset key such as templates/index.json' } }),
    name: text({ max: 255, notBlank: true }),
    code: text({ max: 64, notBlank: true }),
    fileType: text({ max: 32, notBlank: true }),
    context: text({ max: 1024 * 1024 }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  routes: { path: '/themes/assets', create: true, update: true },
  scopes: SCOPE_RULES,
  check(assets, report) {
    const keys = new Map<string, number>();
    assets.forEach((asset, index) => {
      const key = `${asset.themeId} ${asset.url}`;
      const same = keys.get(key);
      if (same !== undefined) report(index, 'url', `is the key of themeAssets[${same}] of the same theme too`);
      keys.set(key, index);
    });
  },
  demo: assetsDemo,
});

export type AssetRecord = TableRecord<typeof assetTable>;

/** The assets' seed section, whose every asset must belong to a theme of the seed. */
export const assetSeed = seedSection({
  ...assetTable.seed,
  check(seed: { themes: readonly { shopThemeId: string }[]; themeAssets: readonly { themeId?: string }[] }, report) {
    (assetTable.seed.check as (seed: unknown, report: SeedReport) => void)(seed, report);
    const themes = new Set(seed.themes.map((theme) => theme.shopThemeId));
    seed.themeAssets.forEach((asset, index) => {
      if (asset.themeId !== undefined && !themes.has(asset.themeId)) report(['themeAssets', index, 'themeId'], `is no theme's id (${asset.themeId})`);
    });
  },
});
