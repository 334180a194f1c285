// The `category` noun: the store's product categories, searched for the ids product create and
// product list take (both also take a category's name and look it up themselves).
import type { Noun } from '../types.js';
import search from './search.js';

export const category: Noun = {
  name: 'category',
  summary: 'Search product categories (the ids product create takes)',
  verbs: [search],
};
