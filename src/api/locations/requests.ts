// Location requests: paths and the `location` wrapper of the store's `/shops/locations` API
// (About Shop, partners.genstore.ai/docs/api-rest/28). Note the create's singular
// `/shops/location`, as documented. Commands call these with domain values and never see a
// path. The schema (zod) loads only when an answer is read.
import type { Location, LocationChange, LocationCreate } from './schema.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, createOnce, isEmptyAnswer, pagesOf, parseCount, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/shops/locations`;
const CREATE_PATH = `${API_PREFIX}/shops/location`;
/** The page size of a listing that sends no limit, as every listing of the API has it. */
const DEFAULT_PAGE_SIZE = 50;

/**
 * One page of the listing: the docs call it "scroll pagination" without showing its
 * parameters, so it pages as every other listing (Link with pageToken, `limit`, `sinceId`;
 * docs/decisions.md "Locations").
 */
export interface LocationPage {
  limit?: number;
  sinceId?: string;
  /** Sent with `limit` alone: the token carries the rest. */
  pageToken?: string;
}

export interface LocationListing extends LocationPage {
  /** Follow next pages to the end. */
  all: boolean;
}

export class LocationsApi {
  constructor(private readonly transport: Transport) {}

  /** Every location with `all` (next pages followed to the end); else the first page only. */
  async list(listing: LocationListing): Promise<Location[]> {
    const found: Location[] = [];
    const { all, ...page } = listing;
    for await (const items of this.pages(page, all)) found.push(...items);
    return found;
  }

  /** Page after page as they arrive; without `all`, one page and the next page's token. */
  async *pages(page: LocationPage, all: boolean): AsyncGenerator<Location[], string | undefined> {
    const query = page.pageToken
      ? { pageToken: page.pageToken, limit: page.limit === undefined ? undefined : String(page.limit) }
      : { limit: page.limit === undefined ? undefined : String(page.limit), sinceId: page.sinceId };
    const read = async (body: unknown) => (await schemas()).checkLocationList(unwrap(body, 'locations', 'list'));
    return yield* pagesOf(this.transport, BASE, query, read, { all, defaultLimit: DEFAULT_PAGE_SIZE });
  }

  async get(locationId: string): Promise<Location> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(locationId)}` });
    return readLocation(response.body);
  }

  /** How many locations the store has: the digits as sent. */
  async count(): Promise<string> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/count` });
    return parseCount(response.body);
  }

  /**
   * Never resent once it may have reached the store: a location has no unique key, so a second
   * send could make a second one. Undefined when the store answered without a body.
   */
  async create(input: LocationCreate): Promise<Location | undefined> {
    return createOnce(async () => {
      const response = await this.transport.request({ method: 'POST', path: CREATE_PATH, body: { location: input } });
      return isEmptyAnswer(response.body) ? undefined : await readLocation(response.body);
    }, 'The location may have been created anyway.');
  }

  /** Sends only what changes; undefined when the store answered without a body. */
  async update(locationId: string, change: LocationChange): Promise<Location | undefined> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(locationId)}`, body: { location: change } });
    return isEmptyAnswer(response.body) ? undefined : readLocation(response.body);
  }

  async delete(locationId: string): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: `${BASE}/${segment(locationId)}` });
  }
}

async function readLocation(body: unknown): Promise<Location> {
  const { checkLocation } = await schemas();
  return checkLocation(unwrap(body, 'location', 'object'));
}
