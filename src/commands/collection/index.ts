import type { Noun } from '../types.js';
import list from './list.js';

export const collection: Noun = {
  name: 'collection',
  summary: 'List collections (the ids product create takes)',
  verbs: [list],
};
