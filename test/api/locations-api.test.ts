import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { RuntimeError } from '../../src/core/errors.js';
import { locations } from '../../src/api/locations/declaration.js';
import { RestApi } from '../../src/api/rest-resource.js';
import type { Transport } from '../../src/core/transport.js';

const LocationsApi = class extends RestApi<typeof locations> {
  constructor(transport: Transport) {
    super(transport, locations);
  }
};
import { FakeTransport } from '../helpers/fake-transport.js';

// The locations client (`/shops/locations`, About Shop): paths, the `location` wrapper, the
// singular create path the docs give, paging, and tolerant reads.

const MAIN = '{"locationId":81000000000000000011,"name":"Main Warehouse","country":"US","extra":{"kept":true}}';
const DOWNTOWN = '{"locationId":"4000000000000000003","name":"Downtown Store"}';

describe('LocationsApi', () => {
  it('list({all}) follows next pages to the end and keeps ids digit-exact and unknown fields', async () => {
    const t = new FakeTransport([
      { body: `{"locations":[${MAIN}]}`, headers: { link: '</api/202412/shops/locations?limit=1&pageToken=p2>; rel="next"' } },
      { body: `{"locations":[${DOWNTOWN}]}` },
    ]);
    const locations = await new LocationsApi(t).list({ all: true, limit: 1 });
    expect(t.requests.map((r) => [r.path, r.query])).toEqual([
      ['/api/202412/shops/locations', { limit: '1', sinceId: undefined }],
      ['/api/202412/shops/locations', { limit: '1', pageToken: 'p2' }],
    ]);
    expect(toJson(locations)).toBe(`[${MAIN},${DOWNTOWN}]`);
  });

  it('without all, one page, and the next page token for the caller', async () => {
    const t = new FakeTransport([{ body: `{"locations":[${MAIN}]}`, headers: { link: '</api/202412/shops/locations?limit=1&pageToken=p2>; rel="next"' } }]);
    const pages = new LocationsApi(t).pages({ limit: 1 }, false);
    const first = await pages.next();
    expect(first.value).toHaveLength(1);
    expect(await pages.next()).toEqual({ done: true, value: 'p2' });
  });

  it('creates at the singular /shops/location, and reads, changes, counts and deletes under /shops/locations', async () => {
    const t = new FakeTransport([
      { body: `{"location":${DOWNTOWN}}` },
      { body: `{"location":${DOWNTOWN}}` },
      { body: `{"location":${DOWNTOWN}}` },
      { body: '{"count":"3"}' },
      { body: '' },
    ]);
    const api = new LocationsApi(t);
    expect(toJson(await api.create({ name: 'Downtown Store' }))).toBe(DOWNTOWN);
    await api.get('4000000000000000003');
    await api.update('4/../x', { city: 'Oakland' });
    expect(await api.count()).toBe('3');
    await api.delete('4000000000000000003');
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/202412/shops/location',
      'GET /api/202412/shops/locations/4000000000000000003',
      'PUT /api/202412/shops/locations/4%2F..%2Fx',
      'GET /api/202412/shops/locations/count',
      'DELETE /api/202412/shops/locations/4000000000000000003',
    ]);
    expect(t.requests[0]!.body).toEqual({ location: { name: 'Downtown Store' } });
    expect(t.requests[2]!.body).toEqual({ location: { city: 'Oakland' } });
  });

  it('an answer without a location id is a runtime error; an empty answer to a change is no failure', async () => {
    const api = new LocationsApi(new FakeTransport([{ body: '{"location":{"name":"no id"}}' }, { body: '' }]));
    await expect(api.get('1')).rejects.toThrow(RuntimeError);
    expect(await api.update('1', { name: 'A' })).toBeUndefined();
  });
});
