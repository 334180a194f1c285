// The shop a token belongs to, declared (`GET /shops/info`, About Shop,
// partners.genstore.ai/docs/api-rest/28; scopes read_shops or write_shops): one record, no
// id, every field shown as sent, whatever its type; nothing may refuse the answer over them.
import { kind, restResource, type RecordOf } from '../rest-resource.js';

export const shop = restResource({
  name: 'shop',
  path: '/shops/info',
  wrap: { item: 'shop' },
  fields: {
    shopId: kind.asSent(),
    shopName: kind.asSent(),
    domain: kind.asSent(),
    /** Two-letter country code. */
    country: kind.asSent(),
    currency: kind.asSent(),
    /** Hours from UTC, as text ("-4"). */
    timezone: kind.asSent(),
    ianaTimezone: kind.asSent(),
    mail: kind.asSent(),
    description: kind.asSent(),
    logo: kind.asSent(),
    weightUnit: kind.asSent(),
  },
});

export type Shop = RecordOf<typeof shop>;
