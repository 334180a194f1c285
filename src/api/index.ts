// Every resource module, bound to one transport. Loaded lazily by ctx.api().
import { AccessScopesApi } from './access-scopes-api.js';
import { CategoriesApi } from './categories-api.js';
import { CollectionsApi } from './collections-api.js';
import { GiftCardsApi } from './gift-cards-api.js';
import { MetafieldDefinitionsApi } from './metafield-definitions-api.js';
import { MetafieldsApi } from './metafields-api.js';
import { ProductsApi } from './products-api.js';
import { RawApi } from './raw-api.js';
import type { Transport } from '../core/transport.js';

export interface Api {
  giftCards: GiftCardsApi;
  metafields: MetafieldsApi;
  metafieldDefinitions: MetafieldDefinitionsApi;
  products: ProductsApi;
  categories: CategoriesApi;
  collections: CollectionsApi;
  /** Any request, answered unparsed: the `api` command. */
  raw: RawApi;
  /** The token's granted scopes, where the store lists them (auth status). */
  accessScopes: AccessScopesApi;
}

export function createApi(transport: Transport): Api {
  return {
    giftCards: new GiftCardsApi(transport),
    metafields: new MetafieldsApi(transport),
    metafieldDefinitions: new MetafieldDefinitionsApi(transport),
    products: new ProductsApi(transport),
    categories: new CategoriesApi(transport),
    collections: new CollectionsApi(transport),
    raw: new RawApi(transport),
    accessScopes: new AccessScopesApi(transport),
  };
}
