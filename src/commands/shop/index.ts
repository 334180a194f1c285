// `shop info`: the shop a token belongs to, the kit's get of the singleton declared in
// api/shop/declaration.ts; its time zone reads by name and by offset. `shop languages`: the
// kit's listing of api/shop/languages.ts under its own word.
import { shop as shopResource, type Shop } from '../../api/shop/declaration.js';
import { shopLanguages } from '../../api/shop/languages.js';
import { crudNoun, crudVerbs } from '../crud.js';

/** The zone by name and by offset, as the store gives them ("America/New_York (UTC-4)"). */
function timeZoneText(info: Shop, text: (value: unknown) => string): string {
  const iana = text(info.ianaTimezone);
  const offset = text(info.timezone);
  const utc = offset === '' ? '' : `UTC${/^[+-]/.test(offset) ? offset : offset === '0' ? '' : `+${offset}`}`;
  if (iana === '') return utc;
  return utc === '' || utc === iana ? iana : `${iana} (${utc})`;
}

const languages = crudVerbs(shopLanguages, {
  noun: 'shop',
  api: (api) => api.shopLanguages,
  fields: {},
  table: {
    list: ['languageCode', 'name', 'primary'],
    columns: { languageCode: 'CODE', name: { shrinkable: true } },
  },
  list: {
    name: 'languages',
    summary: "List the shop's languages: code, name, and which is the primary one",
    examples: ['store-cli shop languages', 'store-cli shop languages --json languageCode', 'store-cli shop languages --jsonl | jq -r .languageCode'],
    notes: '\nNeeds a token with the read_shops or write_shops scope. One request (GET shops/languages);\n--json prints each language as the store sent it.\n',
  },
});

export const shop = crudNoun(
  shopResource,
  {
    noun: 'shop',
    summary: 'Show the shop a token belongs to, and its languages',
    api: (api) => api.shop,
    fields: {},
    table: {
      detail: ['shopName', 'domain', 'country', 'currency', 'timezone', 'shopId'],
      columns: { shopName: 'NAME', timezone: { header: 'TIME ZONE', value: timeZoneText }, shopId: 'SHOP ID' },
    },
    get: {
      name: 'info',
      summary: 'Show the shop a token belongs to: name, domain, country, currency and time zone',
      examples: ['store-cli shop info', 'store-cli shop info --json shopName,domain', 'store-cli shop info --json | jq -r .currency'],
      notes:
        '\nNeeds a token with the read_shops or write_shops scope. One request (GET shops/info); --json\nprints the shop as the store sent it, every field.\n',
    },
  },
  [languages.list!],
);
