import type { Noun } from '../types.js';
import * as count from './count.js';
import { definition } from './definition/index.js';
import * as del from './delete.js';
import * as exportValues from './export.js';
import * as get from './get.js';
import * as importValues from './import.js';
import * as list from './list.js';
import * as set from './set.js';

export const metafield: Noun = {
  name: 'metafield',
  summary: 'The typed custom values (metafields) of products, variants, customers, orders and other business objects',
  verbs: [set, get, list, count, del, importValues, exportValues],
  nouns: [definition],
};
