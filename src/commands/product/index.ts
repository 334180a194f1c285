import type { Noun } from '../types.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as edit from './edit.js';
import * as get from './get.js';
import * as list from './list.js';
import * as count from './count.js';

export const product: Noun = {
  name: 'product',
  summary: 'List, count, create, get, edit and delete products (category and collections by name)',
  verbs: [list, count, create, get, edit, del],
};
