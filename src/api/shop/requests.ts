// The shop's own details (`GET /shops/info`; scopes read_shops or write_shops): its name,
// domain, country, currency and time zone. The schema (zod) loads only when it is read.
import type { Shop } from './schema.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, unwrap } from '../wire.js';

export class ShopApi {
  constructor(private readonly transport: Transport) {}

  async info(): Promise<Shop> {
    const response = await this.transport.request({ method: 'GET', path: `${API_PREFIX}/shops/info` });
    const { checkShop } = await import('./schema.js');
    return checkShop(unwrap(response.body, 'shop', 'object'));
  }
}
