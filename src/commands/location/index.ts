// `location list|get|count|create|update|delete`: the store's locations (where stock is kept),
// the kit's verbs over the declaration in api/locations/declaration.ts. get, update and delete
// take a name as well as an id, looked up as inventory set --location looks it up.
import { locations, type Location } from '../../api/locations/declaration.js';
import { crudNoun } from '../crud.js';
import { DRY_RUN_NOTE } from '../dry-run.js';

const BY_NAME_NOTE = `A name resolves as inventory set --location resolves it: digits are an id, else the exact
name (ignoring case), else the only partial match; anything else exits 2 listing the
matches, and nothing is sent.
`;

/** The name as sent, under `name` or (another store's spelling) `locationName`. */
const nameOf = (location: Location, text: (value: unknown) => string) => text(location.name ?? location.locationName);

const line = (what: string) => ({ placeholder: '<text>', help: `${what}, at most 255 characters` }) as const;

export const location = crudNoun(locations, {
  noun: 'location',
  summary: "List, show, count, create, change and delete the store's locations (where stock is kept)",
  api: (api) => api.locations,
  arg: { name: 'location', help: 'the location: an id, or a name looked up with location list' },
  resolve: async (api, value, spin) => (await import('../../product/stock.js')).resolveLocation(api, value, spin),
  label: nameOf,
  fields: {
    name: { placeholder: '<name>', help: { create: 'the name merchants know it by, 1..255 characters', update: 'a new name, 1..255 characters' } },
    address1: line('first line of the street address'),
    address2: line('second line of the street address'),
    city: line('city'),
    province: line('province or state'),
    country: { placeholder: '<code>', help: 'two-letter country code, such as US' },
    zip: line('postal code'),
    phone: line('phone number'),
  },
  table: {
    list: ['locationId', 'name', 'city', 'country'],
    drop: ['city', 'country'],
    columns: { locationId: 'ID', name: { shrinkable: true, value: nameOf }, createTime: 'CREATED', updateTime: 'UPDATED' },
  },
  list: {
    summary: "List the store's locations (warehouses and shops that hold stock); --all follows every page",
    examples: ['store-cli location list', 'store-cli location list --all --json locationId,name', 'store-cli location list --all --jsonl | jq -r .name'],
    notes:
      '\nNeeds a token with the read_shops or write_shops scope. Ascending by id; the names are what\n' +
      'inventory set --location and product create --location take.\n',
  },
  get: {
    summary: 'Show one location: its name and address',
    examples: [
      'store-cli location get 8100000000000000001',
      'store-cli location get "Downtown Store"',
      'store-cli location get 8100000000000000001 --json name,city',
    ],
    notes: `\n${BY_NAME_NOTE}Needs a token with the read_shops or write_shops scope.\n`,
  },
  count: {
    summary: "Count the store's locations",
    examples: ['store-cli location count', 'store-cli location count --json'],
    notes: '\nNeeds a token with the read_shops or write_shops scope. One request (GET shops/locations/count).\n',
  },
  create: {
    summary: 'Create a location (a warehouse or shop that holds stock) with a name and an address',
    examples: [
      'store-cli location create --name "Downtown Store" --city "San Francisco" --country US',
      'store-cli location create --name "Pop-up" --json locationId',
      'store-cli location create --name "Pop-up" --dry-run',
    ],
    notes: `
Needs a token with the write_shops scope. Sends POST shops/location (the store's path is
singular) with {"location": {...}} and prints the location as the store answers it. A
location has no unique key: a create whose answer is lost is not sent again (location list
shows whether it was made).
${DRY_RUN_NOTE}`,
  },
  update: {
    summary: "Change a location's name or address; only the fields given are sent",
    examples: [
      'store-cli location update 4000000000000000003 --name "Downtown Flagship"',
      'store-cli location update "Downtown Store" --phone "+1 415 555 0199" --dry-run',
    ],
    notes: `
${BY_NAME_NOTE}Needs a token with the write_shops scope (and read_shops to look a name up). Sends PUT shops/locations/{id} with only the
fields given and prints the location as the store answers it. No field exits 2.
${DRY_RUN_NOTE}`,
  },
  delete: {
    summary: 'Delete a location; asks first unless --yes',
    examples: [
      'store-cli location delete 4000000000000000005',
      'store-cli location delete "Pop-up Stand" --yes',
      'store-cli location delete 4000000000000000005 --dry-run --json',
    ],
    notes: `
${BY_NAME_NOTE}Needs a token with the write_shops scope (and read_shops to look a name up). A store refuses to delete its default location, and
(the sandbox, at least) one that still holds stock of a variant: inventory list --location
shows what is there.
${DRY_RUN_NOTE}A dry run asks no confirmation.
`,
    consequence: 'Stock can no longer be kept there.',
  },
});
