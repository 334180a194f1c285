// Locations, the store's warehouses and shops that hold stock (About Shop,
// partners.genstore.ai/docs/api-rest/28): `/shops/locations`, created at the singular
// `/shops/location` as documented. The docs call the listing "scroll pagination" without
// showing its parameters, so it pages as every other listing (Link with pageToken, `limit`,
// `sinceId`), and show no field past the readable part: the names here are the sandbox's
// choice (docs/decisions.md "Locations"), read tolerantly: only the id is required.
import { kind, restResource, type RecordOf } from '../rest-resource.js';

const line = kind.text({ max: 255, write: true });

export const locations = restResource({
  name: 'location',
  path: '/shops/locations',
  createPath: '/shops/location',
  wrap: { item: 'location', list: 'locations' },
  paging: { max: 250, defaultLimit: 50 },
  count: 'endpoint',
  id: 'locationId',
  fields: {
    locationId: kind.id(),
    /** A store may call it `locationName` instead (the views read either). */
    name: kind.text({ max: 255, notBlank: true, write: 'required' }),
    address1: line,
    address2: line,
    city: line,
    province: line,
    country: kind.pattern(/^[A-Z]{2}$/, 'a two-letter country code such as US', { write: true }),
    zip: line,
    phone: line,
    createTime: kind.timestamp(),
    updateTime: kind.timestamp(),
  },
  // A location has no unique key: a second send could make a second one.
  createOnce: true,
});

export type Location = RecordOf<typeof locations>;
