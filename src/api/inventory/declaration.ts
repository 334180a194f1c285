// Inventory (About Inventory, partners.genstore.ai/docs/api-rest/11), declared: one variant's
// stock at one location, `GET /inventory` under `inventories`, filtered by product, variant or
// location. Beyond it, by hand: `POST /inventory/connect` (stock a variant at a location) and
// `PUT /inventory/{variantId}` (its quantity there). The docs show no relative change: a
// quantity is always set, never added to (docs/decisions.md "Inventory").
import type { Transport } from '../../core/transport.js';
import { kind, restResource, RestApi, type PageQuery, type RecordOf } from '../rest-resource.js';
import { API_PREFIX, isEmptyAnswer, segment } from '../wire.js';

export const inventory = restResource({
  name: 'inventory item',
  path: '/inventory',
  wrap: { item: 'inventory', list: 'inventories' },
  paging: { max: 250, defaultLimit: 50 },
  id: 'variantId',
  fields: {
    productId: kind.id(),
    variantId: kind.id(),
    sku: kind.asSent(),
    locationId: kind.id(),
    /** A whole number, negative when oversold: a JSON number or its digits as text. */
    available: kind.asSent(),
  },
  filters: ['productId', 'variantId', 'locationId'],
});

export type InventoryItem = RecordOf<typeof inventory>;

/** The store keeps quantities of at most 9 digits, negative when oversold. */
export const QUANTITY = kind.pattern(/^-?(0|[1-9][0-9]{0,8})$/, 'a whole number such as 12 (negative when oversold), at most 9 digits');

/** One variant's quantity at one location, as a write sends it. */
export interface StockLevel {
  locationId: string;
  /** A whole number as text. */
  available: string;
}

export class InventoryApi extends RestApi<typeof inventory> {
  constructor(transport: Transport) {
    super(transport, inventory);
  }

  /** Every item matching the filter, in the largest pages (next pages followed to the end). */
  override async list(query: PageQuery & { productId?: string; variantId?: string; locationId?: string; all?: boolean } = {}): Promise<InventoryItem[]> {
    return super.list({ limit: 250, ...query });
  }

  /**
   * Stocks a variant at a location it is not stocked at yet, with a quantity. Safe to resend:
   * a second connect is refused (409), it never stocks twice. Undefined on an empty answer.
   */
  async connect(variantId: string, level: StockLevel): Promise<InventoryItem | undefined> {
    const response = await this.transport.request({ method: 'POST', path: `${API_PREFIX}/inventory/connect`, body: { inventory: { variantId, ...level } } });
    return isEmptyAnswer(response.body) ? undefined : this.readItem(response.body);
  }

  /** Sets the variant's quantity at a location it is stocked at. Undefined on an empty answer. */
  async set(variantId: string, level: StockLevel): Promise<InventoryItem | undefined> {
    const response = await this.transport.request({ method: 'PUT', path: `${API_PREFIX}/inventory/${segment(variantId)}`, body: { inventory: level } });
    return isEmptyAnswer(response.body) ? undefined : this.readItem(response.body);
  }
}
