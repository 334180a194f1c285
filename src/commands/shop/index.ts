// `shop info`: the shop a token belongs to, the kit's get of the singleton declared in
// api/shop/declaration.ts; its time zone reads by name and by offset.
import { shop as shopResource, type Shop } from '../../api/shop/declaration.js';
import { crudNoun } from '../crud.js';

/** The zone by name and by offset, as the store gives them ("America/New_York (UTC-4)"). */
function timeZoneText(info: Shop, text: (value: unknown) => string): string {
  const iana = text(info.ianaTimezone);
  const offset = text(info.timezone);
  const utc = offset === '' ? '' : `UTC${/^[+-]/.test(offset) ? offset : offset === '0' ? '' : `+${offset}`}`;
  if (iana === '') return utc;
  return utc === '' || utc === iana ? iana : `${iana} (${utc})`;
}

export const shop = crudNoun(shopResource, {
  noun: 'shop',
  summary: 'Show the shop a token belongs to',
  one: 'shop',
  many: 'shops',
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
});
