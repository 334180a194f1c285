import type { Noun } from '../types.js';
import * as count from './count.js';
import * as create from './create.js';
import * as disable from './disable.js';
import * as exporter from './export.js';
import * as get from './get.js';
import * as importer from './import.js';
import * as search from './search.js';
import * as update from './update.js';

export const giftcard: Noun = {
  name: 'giftcard',
  summary: 'Create, update, disable, get, search, count, import and export gift cards',
  verbs: [create, update, disable, get, search, count, importer, exporter],
};
