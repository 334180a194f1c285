// The `order` noun: its verbs, each in its own file.
import type { Noun } from '../types.js';
import cancel from './cancel.js';
import count from './count.js';
import create from './create.js';
import exporter from './export.js';
import get from './get.js';
import list from './list.js';
import update from './update.js';

export const order: Noun = {
  name: 'order',
  summary: 'List, count, get, create, update, cancel and export orders',
  verbs: [list, get, count, create, update, cancel, exporter],
};
