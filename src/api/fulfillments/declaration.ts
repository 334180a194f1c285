// Fulfillments, an order's shipments with their tracking (About Fulfillment,
// partners.genstore.ai/docs/api-rest/17; the fulfilment guide): made at `POST /fulfillments`,
// tracking changed at `PUT /fulfillments/{id}/update_tracking`, cancelled at `PUT
// /fulfillments/{id}/cancel`, an order's listed at `GET /orders/{id}/fulfillments` and counted
// beside it. The bodies are past the readable part: the fields are this project's choice
// (docs/decisions.md "Fulfillments"), read tolerantly (only the id is required). None of the
// requests is the kit's, so FulfillmentsApi writes them over the declaration.
import { isHttpUrl } from '../../core/target.js';
import { definedOnly } from '../../core/defined-only.js';
import { kind, readRecord, readRecords, restResource, RestApi, type RecordOf } from '../rest-resource.js';
import { API_PREFIX, createOnce, parseCount, segment } from '../wire.js';

export const fulfillments = restResource({
  name: 'fulfillment',
  path: '/fulfillments',
  wrap: { item: 'fulfillment', list: 'fulfillments' },
  id: 'id',
  fields: {
    id: kind.id(),
    orderId: kind.id(),
    /** success, or cancelled. */
    status: kind.asSent(),
    trackingCompany: kind.text({ max: 255, notBlank: true, write: true }),
    trackingNumber: kind.text({ max: 255, notBlank: true, write: true }),
    trackingUrl: kind.pattern(isHttpUrl, 'an absolute http or https URL such as https://track.example.com/1Z999', { max: 2048, write: true }),
    notifyCustomer: kind.bool({ write: true }),
    /** The order's line items it ships: `[{id, quantity}]`. */
    lineItems: kind.asSent(),
    createTime: kind.timestamp(),
    updateTime: kind.timestamp(),
  },
  createOnce: true,
});

export type Fulfillment = RecordOf<typeof fulfillments>;

/** The tracking a fulfillment is made with, or changed to. */
export interface Tracking {
  trackingCompany?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  notifyCustomer?: boolean;
}

/** One line an order ships: its line item id and how many (all of it when left out). */
export interface ShippedLine {
  id: string;
  quantity?: number;
}

export class FulfillmentsApi extends RestApi<typeof fulfillments> {
  /** An order's fulfillments, cancelled ones too. */
  async listFor(orderId: string): Promise<Fulfillment[]> {
    const response = await this.transport.request({ method: 'GET', path: `${API_PREFIX}/orders/${segment(orderId)}/fulfillments` });
    return readRecords(fulfillments, response.body);
  }

  async countFor(orderId: string): Promise<string> {
    const response = await this.transport.request({ method: 'GET', path: `${API_PREFIX}/orders/${segment(orderId)}/fulfillments/count` });
    return parseCount(response.body);
  }

  /**
   * Ships lines of an order (none: every line left to ship). Never sent twice, not even by a
   * bulk run's retries (`once`): a second send would ship twice. A lost answer is an
   * UnconfirmedCreateError.
   */
  async createFor(orderId: string, lines: readonly ShippedLine[], tracking: Tracking): Promise<Fulfillment> {
    const body = {
      fulfillment: definedOnly({ orderId, ...(lines.length > 0 ? { lineItems: lines.map((line) => definedOnly({ ...line })) } : {}), ...tracking }),
    };
    return createOnce(async () => {
      const response = await this.transport.request({ method: 'POST', path: `${API_PREFIX}/fulfillments`, body, once: true });
      return readRecord(fulfillments, response.body);
    }, 'The fulfillment may have been created anyway.');
  }

  async updateTracking(id: string, tracking: Tracking): Promise<Fulfillment> {
    const response = await this.transport.request({
      method: 'PUT',
      path: `${this.at(id)}/update_tracking`,
      body: { fulfillment: definedOnly({ ...tracking }) },
    });
    return readRecord(fulfillments, response.body);
  }

  /** Cancelling a cancelled fulfillment answers it as it is. */
  async cancel(id: string): Promise<Fulfillment> {
    const response = await this.transport.request({ method: 'PUT', path: `${this.at(id)}/cancel` });
    return readRecord(fulfillments, response.body);
  }
}
