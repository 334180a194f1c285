// Inventory requests (About Inventory, partners.genstore.ai/docs/api-rest/11): the listing
// `GET /inventory`, `POST /inventory/connect` (stock a variant at a location) and `PUT
// /inventory/{variantId}` (its quantity there). The docs show no relative change: a quantity
// is always set, never added to (docs/decisions.md "Inventory"). The schema loads lazily.
import type { InventoryFilter, InventoryItem } from './schema.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, isEmptyAnswer, pagesOf, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/inventory`;
/** The page size of a listing that sends no limit, as every listing of the API has it. */
const DEFAULT_PAGE_SIZE = 50;

export interface InventoryPage extends InventoryFilter {
  limit?: number;
  /** Sent with `limit` alone: the token carries the filters. */
  pageToken?: string;
}

/** One variant's quantity at one location, as a write sends it. */
export interface StockLevel {
  locationId: string;
  /** A whole number as text. */
  available: string;
}

export class InventoryApi {
  constructor(private readonly transport: Transport) {}

  /** Page after page as they arrive; without `all`, one page and the next page's token. */
  async *pages(page: InventoryPage, all: boolean): AsyncGenerator<InventoryItem[], string | undefined> {
    const limit = page.limit === undefined ? undefined : String(page.limit);
    const query = page.pageToken ? { pageToken: page.pageToken, limit } : { productId: page.productId, variantId: page.variantId, locationId: page.locationId, limit };
    const read = async (body: unknown) => (await schemas()).checkInventoryList(unwrap(body, 'inventories', 'list'));
    return yield* pagesOf(this.transport, BASE, query, read, { all, defaultLimit: DEFAULT_PAGE_SIZE });
  }

  /** Every item matching the filter (next pages followed to the end). */
  async list(filter: InventoryFilter): Promise<InventoryItem[]> {
    const found: InventoryItem[] = [];
    for await (const items of this.pages({ ...filter, limit: 250 }, true)) found.push(...items);
    return found;
  }

  /**
   * Stocks a variant at a location it is not stocked at yet, with a quantity. Safe to resend:
   * a second connect is refused (409), it never stocks twice. Undefined on an empty answer.
   */
  async connect(variantId: string, level: StockLevel): Promise<InventoryItem | undefined> {
    const response = await this.transport.request({ method: 'POST', path: `${BASE}/connect`, body: { inventory: { variantId, ...level } } });
    return readItem(response.body);
  }

  /** Sets the variant's quantity at a location it is stocked at. Undefined on an empty answer. */
  async set(variantId: string, level: StockLevel): Promise<InventoryItem | undefined> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(variantId)}`, body: { inventory: level } });
    return readItem(response.body);
  }
}

async function readItem(body: unknown): Promise<InventoryItem | undefined> {
  if (isEmptyAnswer(body)) return undefined;
  return (await schemas()).checkInventoryItem(unwrap(body, 'inventory', 'object'));
}
