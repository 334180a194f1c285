// A location (a warehouse or shop the store keeps stock at, `/shops/locations`, About Shop),
// described once: its fields, routes and scopes. The record table makes the rest: its section
// of the data file, the journal and a seed, request bodies, the wire form, the listing (by Link
// and pageToken). Stock is not here: it lives in the product variants' `inventoryQuantities`
// (one source of truth), which name locations by id. Decisions where the docs are silent
// (field names, the default location): docs/decisions.md "Locations".
import { DEFAULT_LOCATION_ID, MAX_TEXT_LENGTH } from '../products/decisions.js';
import { createTime, text, updateTime } from '../record-fields.js';
import { recordTable, type TableRecord } from '../record-table.js';
import demo from './demo.json' with { type: 'json' };

/** The scopes of the shop's routes (shop info and locations), in the order a token's grant lists them. */
export const SCOPES = ['read_shops', 'write_shops'] as const;

const address = text({ max: MAX_TEXT_LENGTH });

export const locationTable = recordTable({
  key: 'locations',
  wrap: { one: 'location', many: 'locations' },
  id: 'locationId',
  fields: {
    name: text({ max: MAX_TEXT_LENGTH, required: true, notBlank: true }),
    address1: address,
    address2: address,
    city: address,
    province: address,
    country: text({ max: MAX_TEXT_LENGTH, rule: { test: /^[A-Z]{2}$/, message: 'must be a two-letter country code such as US' } }),
    zip: address,
    phone: address,
    createTime: createTime(),
    updateTime: updateTime(),
  },
  // Made at the singular path, as the docs have it.
  routes: { path: '/shops/locations', create: '/shops/location', list: true, count: true, get: true, update: true, delete: true },
  // Reads take either scope, as the docs say of the shop's (`ANY of read_shops, write_shops`).
  scopes: { read: ['read_shops', 'write_shops'], write: 'write_shops' },
  // Stock sent without a location is kept there; it cannot be deleted (routes.ts).
  always: [{ locationId: DEFAULT_LOCATION_ID, name: 'Default location' }],
  demo,
});

export type LocationRecord = TableRecord<typeof locationTable>;
