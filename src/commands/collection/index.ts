import type { Noun } from '../types.js';
import add from './add.js';
import count from './count.js';
import create from './create.js';
import del from './delete.js';
import get from './get.js';
import list from './list.js';
import products from './products.js';
import remove from './remove.js';
import update from './update.js';

export const collection: Noun = {
  name: 'collection',
  summary: 'List, read, create, change and delete collections, and put products into or take them out of one',
  verbs: [list, get, count, create, update, del, add, remove, products],
};
