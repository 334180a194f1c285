// The `product` noun: its verbs in the order `product --help` lists them. What they do is in
// src/product (names looked up, checks, the edit's merge); the verb files declare and print.
import type { Noun } from '../types.js';
import create from './create.js';
import del from './delete.js';
import edit from './edit.js';
import get from './get.js';
import list from './list.js';
import count from './count.js';
import exportVerb from './export.js';
import importVerb from './import.js';

export const product: Noun = {
  name: 'product',
  summary: 'List, count, create, get, edit, delete, export and import products (category and collections by name)',
  verbs: [list, count, create, get, edit, del, exportVerb, importVerb],
};
