// How the shop reads in a table or TSV; --json shows it as the store sent it.
import type { Shop } from '../../api/shop/schema.js';
import { scalarText } from '../../core/json.js';
import type { View } from '../../core/output.js';

/** The zone by name and by offset, as the store gives them ("America/New_York (UTC-4)"). */
export function timeZoneText(shop: Shop): string {
  const iana = scalarText(shop.ianaTimezone);
  const offset = scalarText(shop.timezone);
  const utc = offset === '' ? '' : `UTC${/^[+-]/.test(offset) ? offset : offset === '0' ? '' : `+${offset}`}`;
  if (iana === '') return utc;
  return utc === '' || utc === iana ? iana : `${iana} (${utc})`;
}

export const shopView: View<Shop> = {
  columns: [
    { header: 'NAME', value: (shop) => scalarText(shop.shopName) },
    { header: 'DOMAIN', value: (shop) => scalarText(shop.domain) },
    { header: 'COUNTRY', value: (shop) => scalarText(shop.country) },
    { header: 'CURRENCY', value: (shop) => scalarText(shop.currency) },
    { header: 'TIME ZONE', value: timeZoneText },
    { header: 'SHOP ID', value: (shop) => scalarText(shop.shopId) },
  ],
};
