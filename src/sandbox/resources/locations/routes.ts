// The shop (`GET /shops/info`) and its locations, as the store documents them under About Shop
// (partners.genstore.ai/docs/api-rest/28):
// create at the singular `POST /shops/location`, read, change, delete and count under
// `/shops/locations`, and a listing that pages by Link and pageToken ("scroll pagination").
// Stock is not theirs: it lives in the catalog's variants (inventory/routes.ts, served here,
// reads and writes it), so this resource comes from the catalog's factory and shares its state. Decisions where the
// docs are silent (field names, the default location, deleting one that holds stock):
// docs/decisions.md "Locations".
import * as z from 'zod';
import type { ScopeRequirement } from '../../http/scopes.js';
import { isJsonObject, JsonInteger } from '../../http/body-json.js';
import { conflict, FieldErrors, invalidField, notFound } from '../../http/sandbox-errors.js';
import { canonicalId } from '../../state/ids.js';
import { formatTimestamp } from '../dates.js';
import { byId, listPage } from '../pagination.js';
import { characterCount } from '../text.js';
import type { Catalog } from '../products/catalog-state.js';
import { DEFAULT_LOCATION_ID, DEFAULT_WEIGHT_UNIT, MAX_TEXT_LENGTH } from '../products/decisions.js';
import { inventoryRoutes } from '../inventory/routes.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import { ADDRESS_FIELDS, changeSchema, KEY, LocationBook, locationRecordSchema, type LocationRecord } from './record.js';

/** The scopes of the shop's routes (shop info and locations), in the order a token's grant lists them. */
export const SCOPES = ['read_shops', 'write_shops'] as const;

/** The sandbox shop's id, as `GET /shops/info` answers it (the docs' sample has one of 10 digits). */
const SHOP_ID = '1000000001';

/** Reads take either scope, as the docs say of the shop's (`ANY of read_shops, write_shops`). */
const READ: ScopeRequirement = ['read_shops', 'write_shops'];
const WRITE: ScopeRequirement = 'write_shops';

const LIST_PATH = '/api/202412/shops/locations';

type LocationInput = Partial<Omit<LocationRecord, 'locationId' | 'createTime' | 'updateTime'>>;

/** `{"location": {...}}`: a name is required on create; other fields are optional text; others are ignored. */
function readInput(body: unknown, creating: boolean): LocationInput {
  if (!isJsonObject(body) || !isJsonObject(body.location)) throw invalidField('location', 'is required: the body must be {"location": {...}}');
  const fields = body.location;
  const errors = new FieldErrors();
  const input: LocationInput = {};
  const readText = (name: 'name' | (typeof ADDRESS_FIELDS)[number]): void => {
    const value = fields[name];
    if (value === undefined || value === null) {
      if (name === 'name' && creating) errors.add('location.name', 'is required');
      return;
    }
    if (typeof value !== 'string') errors.add(`location.${name}`, 'must be a string');
    else if (characterCount(value) > MAX_TEXT_LENGTH) errors.add(`location.${name}`, `must be at most ${MAX_TEXT_LENGTH} characters`);
    else if (name === 'name' && value.trim() === '') errors.add('location.name', 'must not be blank');
    else if (name === 'country' && !/^[A-Z]{2}$/.test(value)) errors.add('location.country', 'must be a two-letter country code such as US');
    else input[name] = value;
  };
  readText('name');
  for (const name of ADDRESS_FIELDS) readText(name);
  errors.throwIfAny();
  return input;
}

/**
 * The locations resource, over the catalog it shares (a location that holds stock cannot be
 * deleted) and the book of locations the products' stock names.
 */
export function createLocationResource(env: ResourceEnv, catalog: Catalog, book: LocationBook): Resource {
  const present = (record: LocationRecord): Record<string, unknown> => ({
    locationId: new JsonInteger(record.locationId),
    name: record.name,
    ...Object.fromEntries(ADDRESS_FIELDS.filter((name) => record[name] !== undefined).map((name) => [name, record[name]])),
    createTime: env.dialect.time(record.createTime),
    updateTime: env.dialect.time(record.updateTime),
  });

  function find(rawId: string | undefined): LocationRecord {
    const id = rawId === undefined ? null : canonicalId(rawId);
    const found = id === null ? undefined : book.get(id);
    if (found === undefined) throw notFound(`No location has the id ${String(rawId).slice(0, 40)}.`);
    return found;
  }

  function put(record: LocationRecord): void {
    book.put(record);
    if (record.locationId !== DEFAULT_LOCATION_ID) env.ids.observe(record.locationId);
  }

  function save(record: LocationRecord): void {
    put(record);
    env.changed(KEY, { put: record });
  }

  function create(request: RouteRequest): RouteReply {
    const input = readInput(request.body, true) as LocationInput & { name: string };
    const stamp = formatTimestamp(request.now);
    const record: LocationRecord = { locationId: env.ids.next(), ...input, createTime: stamp, updateTime: stamp };
    save(record);
    return { body: { location: present(record) }, created: true };
  }

  function update(request: RouteRequest): RouteReply {
    const existing = find(request.params.id);
    const record: LocationRecord = { ...existing, ...readInput(request.body, false), updateTime: formatTimestamp(request.now) };
    save(record);
    return { body: { location: present(record) } };
  }

  function remove(request: RouteRequest): RouteReply {
    const { locationId } = find(request.params.id);
    if (locationId === DEFAULT_LOCATION_ID) throw conflict("The store's default location cannot be deleted: stock sent without a location is kept there.");
    const stocked = catalog.allProducts().flatMap((product) => product.variants.filter((variant) => variant.inventoryQuantities.some((item) => item.locationId === locationId)));
    if (stocked.length > 0) {
      throw conflict(`The location ${locationId} still holds stock of ${stocked.length} variant${stocked.length === 1 ? '' : 's'}; move it elsewhere before deleting the location.`);
    }
    book.remove(locationId);
    env.changed(KEY, { remove: locationId });
    return { body: {} };
  }

  function list(request: RouteRequest): RouteReply {
    const { page, links } = listPage(book.all(), request.query, { path: LIST_PATH, order: byId((record) => record.locationId), sinceId: true }, env.dialect.pageTokenAlone);
    return { body: { locations: page.map(present) }, links };
  }

  /** The shop as About Shop's sample writes it, from the sandbox's options. */
  function shopInfo(): RouteReply {
    const { name, domain } = env.shop;
    return {
      body: {
        shop: {
          country: 'US',
          mail: `owner@${domain}`,
          timezone: '0',
          domain,
          shopName: name,
          description: '',
          logo: '',
          currency: env.currency,
          shopId: new JsonInteger(SHOP_ID),
          ianaTimezone: 'UTC',
          weightUnit: DEFAULT_WEIGHT_UNIT,
        },
      },
    };
  }

  const routes: Route[] = [
    { method: 'GET', path: '/shops/info', scope: READ, handle: shopInfo },
    { method: 'POST', path: '/shops/location', scope: WRITE, handle: create },
    { method: 'GET', path: '/shops/locations', scope: READ, handle: list },
    { method: 'GET', path: '/shops/locations/count', scope: READ, handle: () => ({ body: { count: new JsonInteger(String(book.all().length)) } }) },
    { method: 'GET', path: '/shops/locations/:id', scope: READ, handle: (request) => ({ body: { location: present(find(request.params.id)) } }) },
    { method: 'PUT', path: '/shops/locations/:id', scope: WRITE, handle: update },
    { method: 'DELETE', path: '/shops/locations/:id', scope: WRITE, handle: remove },
    ...inventoryRoutes(env, catalog, book),
  ];

  function replaceAll(records: readonly LocationRecord[], stamp: string): void {
    book.replace(records, stamp);
    for (const record of records) if (record.locationId !== DEFAULT_LOCATION_ID) env.ids.observe(record.locationId);
  }

  return {
    key: KEY,
    routes,
    load(section) {
      // A data file written before locations existed has none: the default one is added.
      replaceAll(z.array(locationRecordSchema).parse(section ?? []), formatTimestamp(new Date()));
    },
    dump() {
      return book.all();
    },
    apply(change) {
      const parsed = changeSchema.parse(change);
      if ('put' in parsed) put(parsed.put);
      else book.remove(parsed.remove);
    },
    seed(section: LocationRecord[]) {
      replaceAll(structuredClone(section), formatTimestamp(new Date()));
    },
    snapshot() {
      return book.all();
    },
  };
}
