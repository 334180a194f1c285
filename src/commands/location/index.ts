import type { Noun } from '../types.js';
import count from './count.js';
import create from './create.js';
import del from './delete.js';
import get from './get.js';
import list from './list.js';
import update from './update.js';

export const location: Noun = {
  name: 'location',
  summary: "List, show, count, create, change and delete the store's locations (where stock is kept)",
  verbs: [list, get, count, create, update, del],
};
