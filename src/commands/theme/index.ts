// `theme list` and `theme asset get|put`: the store's themes (About Theme) and the files they are
// made of. `list` is the kit's over api/themes/declaration.ts; an asset is read and written by
// its theme and key, requests of this resource alone, so its verbs are written by hand.
import { themes, type Theme } from '../../api/themes/declaration.js';
import { crudNoun, type TableText } from '../crud.js';
import type { Noun } from '../types.js';
import get from './asset/get.js';
import put from './asset/put.js';

const THEME_TABLE: TableText<Theme> = {
  list: ['shopThemeId', 'shopThemeName', 'isCurrent', 'status', 'updateTime'],
  drop: ['updateTime'],
  columns: { shopThemeId: 'ID', shopThemeName: { header: 'NAME', shrinkable: true }, isCurrent: 'PUBLISHED', updateTime: 'UPDATED', createTime: 'CREATED' },
};

const asset: Noun = {
  name: 'asset',
  summary: "Read and write a theme's assets (templates, sections, stylesheets) by key",
  verbs: [get, put],
};

export const theme: Noun = {
  ...crudNoun(themes, {
    noun: 'theme',
    summary: "List the store's themes, and read and write their assets",
    api: (api) => api.themes,
    fields: {},
    table: THEME_TABLE,
    list: {
      summary: "List the store's themes: id, name, which is published, install status",
      examples: ['store-cli theme list', 'store-cli theme list --json shopThemeId,shopThemeName,isCurrent'],
      notes:
        '\nNeeds a token with the read_themes or write_themes scope. One request (GET themes); a store\nhas at most 20 themes, and PUBLISHED is true for the one shoppers see.\n',
    },
  }),
  nouns: [asset],
};
