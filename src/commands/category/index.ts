import type { Noun } from '../types.js';
import search from './search.js';

export const category: Noun = {
  name: 'category',
  summary: 'Search product categories (the ids product create takes)',
  verbs: [search],
};
