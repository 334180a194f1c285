// `discount`: the store's discounts, in the shape its family speaks (api/discounts). delete is
// the kit's verb over the declaration (api/discounts/declaration.ts). The rest is written by
// hand (DESIGN: an option that serves one resource is never added to the kit): list and count
// take a documented value or its short word and filter on the client where Genstore documents
// no filter, get and the status verbs show a status in words by the time the command runs,
// create and update send the store's shape, and a service discount's codes are apart.
import { discounts } from '../../api/discounts/declaration.js';
import { crudVerbs } from '../crud.js';
import { DRY_RUN_NOTE } from '../dry-run.js';
import type { Noun } from '../types.js';
import count from './count.js';
import create from './create.js';
import disable from './disable.js';
import enable from './enable.js';
import exporter from './export.js';
import get from './get.js';
import importer from './import.js';
import list from './list.js';
import update from './update.js';

const kit = crudVerbs(discounts, {
  noun: 'discount',
  api: (api) => api.discountRecords,
  arg: { name: 'discountId', help: 'the discount id (discount list shows them)' },
  label: (discount, text) => text(discount.title),
  fields: {},
  table: {},
  delete: {
    summary: 'Delete a discount and its codes; asks first unless --yes',
    examples: [
      'store-cli discount delete 6100000000000000013',
      'store-cli discount delete 6100000000000000013 --yes',
      'store-cli discount delete 6100000000000000013 --dry-run --json',
    ],
    notes:
      `\nNeeds a token with the write_discounts scope. To stop a discount for a while, disable it instead.\n` +
      `${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
    consequence: 'Its codes stop working, and this cannot be undone.',
  },
});

export const discount: Noun = {
  name: 'discount',
  summary: 'List, get, count, create, update, enable, disable and delete discounts; import and export them as rows, one a discount with its code',
  verbs: [list, get, count, create, update, enable, disable, kit.delete!, importer, exporter],
};
