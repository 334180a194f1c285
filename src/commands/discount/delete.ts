// `discount delete`: the kit's verb over the declaration (api/discounts/declaration.ts), in a file
// of its own so that it loads on its own (verb-loaders.ts).
import { discounts } from '../../api/discounts/declaration.js';
import { crudVerbs } from '../crud.js';
import { DRY_RUN_NOTE } from '../dry-run.js';

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

export default kit.delete!;
