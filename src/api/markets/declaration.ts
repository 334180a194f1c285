// Markets, the store's regions sold to with their own currency and language (About Market,
// partners.genstore.ai/docs/api-rest/29): get, list (at most 250 a page), count, create,
// update, delete. The page's paths and the object's fields are past the readable part: the
// paths follow the family's (`/markets`, `/markets/{id}`, `/markets/count`) and the fields
// the features the page names (regions, handle, name, currency, primary language, primary
// market status); docs/decisions.md "Markets". Read tolerantly: only the id is required.
import { kind, restResource, type RecordOf } from '../rest-resource.js';

export const markets = restResource({
  name: 'market',
  path: '/markets',
  wrap: { item: 'market', list: 'markets' },
  paging: { max: 250, defaultLimit: 50 },
  count: 'endpoint',
  id: 'id',
  fields: {
    id: kind.id(),
    name: kind.text({ max: 255, notBlank: true, write: 'required' }),
    /** Unique in the store; the store makes one from the name when none is sent. */
    handle: kind.pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters, digits and single hyphens, such as europe-west', { max: 255, write: true }),
    currency: kind.pattern(/^[A-Z]{3}$/, 'a three-letter currency code such as EUR', { write: true }),
    primaryLanguage: kind.pattern(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/, 'a language code such as en or pt-BR', { write: true }),
    regions: kind.list(kind.pattern(/^[A-Z]{2}$/, 'a two-letter country code such as DE'), { write: true }),
    /** The store's default market: set by the store, never sent. */
    primary: kind.asSent(),
    createTime: kind.timestamp(),
    updateTime: kind.timestamp(),
  },
  // A handle is unique, but the store makes one when none is sent: a second send could make a
  // second market, so a create whose answer is lost is not resent.
  createOnce: true,
});

export type Market = RecordOf<typeof markets>;
