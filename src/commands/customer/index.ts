import type { Noun } from '../types.js';
import count from './count.js';
import create from './create.js';
import del from './delete.js';
import get from './get.js';
import list from './list.js';
import search from './search.js';
import update from './update.js';

export const customer: Noun = {
  name: 'customer',
  summary: 'List, search, count, get, create, update and delete customers (protected fields shown as withheld)',
  verbs: [list, search, get, count, create, update, del],
};
