// `market list|get|count|create|update|delete`: the store's markets (the regions it sells to,
// each with its currency and language), the kit's verbs over api/markets/declaration.ts.
import { markets } from '../../api/markets/declaration.js';
import { crudNoun } from '../crud.js';
import { DRY_RUN_NOTE } from '../dry-run.js';

const READ_SCOPES = 'Needs a token with the read_markets or write_markets scope.';

/** A market's regions, one code after another, whether the store sent a list or text. */
const regionsText = (regions: unknown, text: (value: unknown) => string) =>
  Array.isArray(regions) ? regions.map((code) => text(code)).join(', ') : text(regions);

export const market = crudNoun(markets, {
  noun: 'market',
  summary: "List, show, count, create, change and delete the store's markets (regions with their currency and language)",
  api: (api) => api.markets,
  arg: { name: 'id', help: 'the market id (market list shows them)' },
  label: (record, text) => text(record.name),
  fields: {
    name: { placeholder: '<name>', help: { create: 'the name merchants know it by, 1..255 characters', update: 'a new name, 1..255 characters' } },
    handle: {
      placeholder: '<handle>',
      help: {
        create: 'its unique handle (lowercase, digits, hyphens); the store makes one from the name when left out',
        update: 'a new handle, unique in the store (lowercase letters, digits, hyphens)',
      },
    },
    currency: { placeholder: '<code>', help: 'three-letter currency code, such as EUR' },
    primaryLanguage: { placeholder: '<code>', help: 'primary language code, such as en or pt-BR' },
    regions: {
      placeholder: '<code>',
      help: {
        create: 'a country or region it serves, such as DE; repeat for each',
        update: 'a two-letter country code such as DE, replacing all regions; repeat for each',
      },
    },
  },
  table: {
    list: ['id', 'handle', 'name', 'currency', 'primaryLanguage', 'primary', 'regions'],
    drop: ['regions', 'primaryLanguage', 'primary'],
    columns: {
      id: 'ID',
      name: { shrinkable: true },
      primaryLanguage: 'LANGUAGE',
      regions: { shrinkable: true, value: (record, text) => regionsText(record.regions, text) },
      createTime: 'CREATED',
      updateTime: 'UPDATED',
    },
  },
  list: {
    summary: "List the store's markets, up to 250 a page; --all follows every page",
    examples: ['store-cli market list', 'store-cli market list --all --json id,handle,currency', 'store-cli market list --jsonl | jq -r .handle'],
    notes: `\n${READ_SCOPES} Ascending by id. PRIMARY is true for the store's default market.\n`,
  },
  get: {
    summary: 'Show one market: its handle, currency, language and regions',
    examples: ['store-cli market get 7100000000000000001', 'store-cli market get 7100000000000000002 --json regions'],
    notes: `\n${READ_SCOPES}\n`,
  },
  count: {
    summary: "Count the store's markets",
    examples: ['store-cli market count', 'store-cli market count --json'],
    notes: `\n${READ_SCOPES} One request (GET markets/count).\n`,
  },
  create: {
    summary: 'Create a market: a name, and the regions, currency and language it sells in',
    examples: [
      'store-cli market create --name Europe --handle europe --currency EUR --primary-language en --region DE --region FR',
      'store-cli market create --name Canada --region CA --json id,handle',
      'store-cli market create --name Japan --region JP --dry-run',
    ],
    notes: `
Needs a token with the write_markets scope. Sends POST markets with {"market": {...}} and
prints the market as the store answers it. A handle is unique in the store (a taken one
is refused); without one the store makes it from the name, so a create whose answer is
lost is not sent again (market list shows whether it was made).
${DRY_RUN_NOTE}`,
    lost: () => "'store-cli market list' shows whether it was made.",
  },
  update: {
    summary: "Change a market's name, handle, currency, language or regions; only the fields given are sent",
    examples: ['store-cli market update 7100000000000000002 --currency GBP', 'store-cli market update 7100000000000000002 --region DE --region AT --dry-run'],
    notes: `
Needs a token with the write_markets scope. Sends PUT markets/{id} with only the fields
given and prints the market as the store answers it. --region replaces the whole list. No
field exits 2. Changing a market's regions changes which prices and products its
customers see.
${DRY_RUN_NOTE}`,
  },
  delete: {
    summary: 'Delete a market; asks first unless --yes',
    examples: [
      'store-cli market delete 7100000000000000002',
      'store-cli market delete 7100000000000000002 --yes',
      'store-cli market delete 7100000000000000002 --dry-run --json',
    ],
    notes: `
Needs a token with the write_markets scope. The store's primary market cannot be deleted.
Customers in its regions are then served by no market's settings.
${DRY_RUN_NOTE}A dry run asks no confirmation.
`,
    consequence: 'Its regions are then served by no market.',
  },
});
