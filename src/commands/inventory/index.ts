import type { Noun } from '../types.js';
import list from './list.js';
import set from './set.js';

export const inventory: Noun = {
  name: 'inventory',
  summary: 'List and set stock: each variant at each location',
  verbs: [list, set],
};
