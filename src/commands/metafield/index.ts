// The `metafield` noun: the typed custom values of business objects (products, variants,
// customers, orders...), each addressed as DOMAIN BIZ-ID; their definitions are the sub-noun
// `metafield definition`.
import type { Noun } from '../types.js';
import count from './count.js';
import { definition } from './definition/index.js';
import del from './delete.js';
import exportValues from './export.js';
import get from './get.js';
import importValues from './import.js';
import list from './list.js';
import set from './set.js';

export const metafield: Noun = {
  name: 'metafield',
  summary: 'The typed custom values (metafields) of products, variants, customers, orders and other business objects',
  verbs: [set, get, list, count, del, importValues, exportValues],
  nouns: [definition],
};
