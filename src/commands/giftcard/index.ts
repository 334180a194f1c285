import type { Noun } from '../types.js';
import * as count from './count.js';
import * as create from './create.js';
import * as disable from './disable.js';
import * as get from './get.js';
import * as search from './search.js';
import * as update from './update.js';

export const giftcard: Noun = {
  name: 'giftcard',
  summary: 'create, update, disable, get, search and count gift cards',
  verbs: [create, update, disable, get, search, count],
};
