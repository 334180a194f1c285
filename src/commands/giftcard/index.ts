// The `giftcard` noun: its verbs in the order `giftcard --help` lists them. There is no delete:
// the API takes a card out of use only by disabling it, for good.
import type { Noun } from '../types.js';
import count from './count.js';
import create from './create.js';
import disable from './disable.js';
import exporter from './export.js';
import get from './get.js';
import importer from './import.js';
import search from './search.js';
import update from './update.js';

export const giftcard: Noun = {
  name: 'giftcard',
  summary: 'Create, update, disable, get, search, count, import and export gift cards',
  verbs: [create, update, disable, get, search, count, importer, exporter],
};
