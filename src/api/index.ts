// Every resource module, bound to one transport: a declared resource (<resource>/declaration.ts)
// as a RestApi over its declaration, or a module of requests written by hand where a resource
// needs more (a discount's two shapes, an order's window, a customer's search). Loaded lazily
// by ctx.api(); the modules few commands use load on their first call (onFirstCall), so that
// the others start no slower, unless a command pages them: onFirstCall's stand-in answers with
// promises, so it cannot hand on a listing's async generator.
import { AccessScopesApi } from './access-scopes/requests.js';
import { CategoriesApi } from './categories/declaration.js';
import { CollectionsApi } from './collections/requests.js';
import { CustomersApi } from './customers/requests.js';
import type { SearchMethodMemory } from './customers/search-method.js';
import { DiscountsApi } from './discounts/requests.js';
import { GiftCardsApi } from './gift-cards/requests.js';
import type { MetafieldDefinitionsApi } from './metafield-definitions/requests.js';
import { MetafieldsApi } from './metafields/requests.js';
import { OrdersApi } from './orders/requests.js';
import { ProductsApi } from './products/requests.js';
import { RawApi } from './raw-api.js';
import { SandboxControlApi } from './sandbox-control/requests.js';
import type { SandboxFaultsApi } from './sandbox-control/fault-requests.js';
import type { SandboxLogApi } from './sandbox-control/log-requests.js';
import type { webhookSubscriptions } from './webhook-subscriptions/declaration.js';
import { locations } from './locations/declaration.js';
import { InventoryApi } from './inventory/declaration.js';
import type { shop } from './shop/declaration.js';
import type { StoreProbeApi } from './store-probe/requests.js';
import type { Transport } from '../core/transport.js';
import { onFirstCall } from './on-first-call.js';
import { RestApi } from './rest-resource.js';
import { API_PREFIX, versioned } from './wire.js';
import { apiRoot, type Brand } from '../core/brand.js';

export interface Api {
  giftCards: GiftCardsApi;
  metafields: MetafieldsApi;
  metafieldDefinitions: MetafieldDefinitionsApi;
  products: ProductsApi;
  categories: CategoriesApi;
  collections: CollectionsApi;
  customers: CustomersApi;
  /** The store's locations (`/shops/locations`), where stock is kept. */
  locations: RestApi<typeof locations>;
  /** Stock per variant and location (`/inventory`). */
  inventory: InventoryApi;
  /** The shop's own details (`/shops/info`). */
  shop: RestApi<typeof shop>;
  /** The store's discounts (`/discounts`), in the shape its family speaks, and a service store's codes. */
  discounts: DiscountsApi;
  /**
   * The store's header family, settled before the first request whose path or body depends on
   * it: a Genstore store is never sent a path only the service documents (a count, codes).
   */
  family(): Promise<Brand>;
  orders: OrdersApi;
  /** The store's webhook subscriptions (`/app/webhooks`). */
  webhookSubscriptions: RestApi<typeof webhookSubscriptions>;
  /** Any request, answered unparsed: the `api` command. */
  raw: RawApi;
  /** The token's granted scopes, where the store lists them (auth status). */
  accessScopes: AccessScopesApi;
  /** The reads of `store-cli doctor`, answered whatever their status. */
  storeProbe: StoreProbeApi;
  /** A running store-cli sandbox's own `/_sandbox/` endpoints (the `sandbox` commands). */
  sandboxControl: SandboxControlApi;
  /** A running sandbox's targeted fault rules (`sandbox fault ...`). */
  sandboxFaults: SandboxFaultsApi;
  /** A running sandbox's request log (`sandbox logs`). */
  sandboxLog: SandboxLogApi;
}

/**
 * `apiVersion`: the version of the store's API (the profile's `api-version`); the typed
 * modules' paths go under it, and so does a bare path of the raw API. The sandbox's own
 * control endpoints are not versioned. `brand`: the store's header family, settled before a
 * request whose path or body depends on it (a discount's shape, whether products are counted
 * by the store); without it, the service's. `customerSearch`: the method customer search asks
 * first, and where the one the store answered is remembered (default: GET first, nothing kept).
 */
export function createApi(raw: Transport, apiVersion?: () => Promise<string>, brand?: () => Promise<Brand>, customerSearch?: SearchMethodMemory): Api {
  const sandboxControl = new SandboxControlApi(raw);
  const transport = apiVersion ? versioned(raw, apiVersion) : raw;
  return {
    giftCards: new GiftCardsApi(transport),
    metafields: new MetafieldsApi(transport),
    metafieldDefinitions: onFirstCall(async () => new (await import('./metafield-definitions/requests.js')).MetafieldDefinitionsApi(transport)),
    products: new ProductsApi(transport),
    categories: new CategoriesApi(transport),
    collections: new CollectionsApi(transport),
    customers: new CustomersApi(transport, customerSearch),
    locations: new RestApi(transport, locations),
    inventory: new InventoryApi(transport),
    shop: onFirstCall(async () => new RestApi(transport, (await import('./shop/declaration.js')).shop)),
    discounts: new DiscountsApi(transport, brand),
    family: brand ?? (async () => 'service'),
    orders: new OrdersApi(transport),
    webhookSubscriptions: onFirstCall(async () => new RestApi(transport, (await import('./webhook-subscriptions/declaration.js')).webhookSubscriptions)),
    raw: new RawApi(raw, apiVersion ? async () => apiRoot(await apiVersion()) : async () => API_PREFIX),
    accessScopes: new AccessScopesApi(transport),
    storeProbe: onFirstCall(async () => new (await import('./store-probe/requests.js')).StoreProbeApi(transport)),
    sandboxControl,
    sandboxFaults: onFirstCall(async () => new (await import('./sandbox-control/fault-requests.js')).SandboxFaultsApi(sandboxControl)),
    sandboxLog: onFirstCall(async () => new (await import('./sandbox-control/log-requests.js')).SandboxLogApi(sandboxControl)),
  };
}
