// `collection list|get|count|create|update|delete|add|remove|products`: list, get, count and
// delete are the kit's verbs over api/collections/declaration.ts (a title resolves to an id);
// create and update (flags over a --file, the whole collection sent back), add, remove and
// products are written by hand.
import { collections } from '../../api/collections/declaration.js';
import { crudVerbs } from '../crud.js';
import { DRY_RUN_NOTE } from '../dry-run.js';
import type { Noun } from '../types.js';
import add from './add.js';
import create from './create.js';
import products from './products.js';
import remove from './remove.js';
import { COLLECTION_ARG } from './collection-flags.js';
import { COLLECTION_TABLE } from './table.js';
import update from './update.js';

const BY_TYPE = 'only collections of this type: custom or smart (manual is another name for custom); sent as the type code, 1 or 2';

const verbs = crudVerbs(collections, {
  noun: 'collection',
  api: (api) => api.collections,
  arg: { name: 'collection', help: COLLECTION_ARG },
  resolve: async (api, value, spin) => (await import('../../product/index.js')).resolveCollection(api, value, spin),
  label: (collection, text) => text(collection.title),
  fields: {
    title: { placeholder: '<text>', filter: 'only collections whose title contains this text (ignoring case)' },
    collectionType: { placeholder: '<type>', filter: BY_TYPE },
  },
  table: COLLECTION_TABLE,
  list: {
    summary: 'List collections, filtered by part of the title (ignoring case) or by type (custom or smart)',
    examples: [
      'store-cli collection list',
      'store-cli collection list --title summer',
      'store-cli collection list --collection-type smart --json collectionId,title',
    ],
    notes: `
The title and the type are sent to the store and checked by store-cli on each collection
that comes back (the store's docs show neither filter), so a store that ignores one cannot
widen the list.
`,
  },
  get: {
    summary: 'Show one collection: its title, type, published flag, number of products, image and description',
    examples: [
      'store-cli collection get 4000000000000000304',
      'store-cli collection get "Summer Sale"',
      'store-cli collection get "Summer Sale" --json collectionId,collects',
    ],
    notes: `
A title resolves as product create --collection resolves it: digits are an id, else the
exact title (ignoring case), else the only partial match; anything else exits 2 listing the
candidates. Needs a token with the read_products or write_products scope.
`,
  },
  count: {
    summary: 'Count the collections of the store, or those matching part of a title or a type',
    examples: ['store-cli collection count', 'store-cli collection count --collection-type smart --json'],
    notes: `
With --title or --collection-type the listing is read and its matches counted (a request
for every 250 collections): the store's docs show no filter for its count, and a count sent
one it ignores would count every collection. Without them, one request (collections/count).
`,
  },
  delete: {
    summary: 'Delete a collection (its products stay in the store); asks first unless --yes',
    examples: [
      'store-cli collection delete 4000000000000000335',
      'store-cli collection delete "Rainy Day Picks" --yes',
      'store-cli collection delete 4000000000000000335 --dry-run --json',
    ],
    notes:
      `\nA title is looked up first (as collection get does), so the question names the collection found.\n` +
      `Needs a token with the write_products scope.\n` +
      `${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
    consequence: 'Its products stay in the store. This cannot be undone.',
  },
});

export const collection: Noun = {
  name: 'collection',
  summary: 'List, read, create, change and delete collections, and put products into or take them out of one',
  verbs: [verbs.list!, verbs.get!, verbs.count!, create, update, verbs.delete!, add, remove, products],
};
