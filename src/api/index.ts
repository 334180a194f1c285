// Every resource module, bound to one transport. Loaded lazily by ctx.api().
import { GiftCardsApi } from './gift-cards-api.js';
import { MetafieldsApi } from './metafields-api.js';
import type { Transport } from './transport.js';

export interface Api {
  giftCards: GiftCardsApi;
  metafields: MetafieldsApi;
}

export function createApi(transport: Transport): Api {
  return { giftCards: new GiftCardsApi(transport), metafields: new MetafieldsApi(transport) };
}
