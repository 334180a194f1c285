// The `inventory` noun: stock as the store keeps it, a quantity for each variant at each location
// (the `location` noun manages the locations themselves).
import type { Noun } from '../types.js';
import list from './list.js';
import set from './set.js';

export const inventory: Noun = {
  name: 'inventory',
  summary: 'List and set stock: each variant at each location',
  verbs: [list, set],
};
