import type { Noun } from '../types.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as edit from './edit.js';
import * as get from './get.js';

export const product: Noun = {
  name: 'product',
  summary: 'Create, get, edit and delete products (category and collections by name)',
  verbs: [create, get, edit, del],
};
