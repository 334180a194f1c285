// `discount`: the store's discounts, in the shape its family speaks (api/discounts), one verb a
// file (each loads on its own: verb-loaders.ts). delete is the kit's verb over the declaration
// (delete.ts). The rest is written by hand (DESIGN: an option that serves one resource is never
// added to the kit): list and count take a documented value or its short word and filter on the
// client where Genstore documents no filter, get and the status verbs show a status in words by
// the time the command runs, create and update send the store's shape, and a service discount's
// codes are apart.
import type { Noun } from '../types.js';
import count from './count.js';
import create from './create.js';
import remove from './delete.js';
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
  verbs: [list, get, count, create, update, enable, disable, remove, importer, exporter],
};
