// The shop's languages, declared (`GET /shops/languages`, About Shop "Get language list",
// partners.genstore.ai/docs/api-rest/28; scopes read_shops or write_shops). The answer's form is
// past the readable part: a `languages` list of records, each shown as sent (docs/decisions.md
// "Markets and pages"); no record needs an id, and nothing in one may refuse the listing.
import { kind, restResource, type RecordOf } from '../rest-resource.js';

export const shopLanguages = restResource({
  name: 'language',
  path: '/shops/languages',
  wrap: { list: 'languages' },
  paging: 'unpaged',
  fields: {
    /** BCP 47, such as en or pt-BR. */
    languageCode: kind.asSent(),
    name: kind.asSent(),
    /** The shop's default language. */
    primary: kind.asSent(),
  },
});

export type ShopLanguage = RecordOf<typeof shopLanguages>;
