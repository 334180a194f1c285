import type { Noun } from '../types.js';
import count from './count.js';
import create from './create.js';
import deleter from './delete.js';
import disable from './disable.js';
import enable from './enable.js';
import exporter from './export.js';
import get from './get.js';
import importer from './import.js';
import list from './list.js';
import update from './update.js';

export const discount: Noun = {
  name: 'discount',
  summary: 'List, get, count, create, update, enable, disable and delete discounts; import and export them as rows, one a discount with its code',
  verbs: [list, get, count, create, update, enable, disable, deleter, importer, exporter],
};
