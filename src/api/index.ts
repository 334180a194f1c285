// Every resource module, bound to one transport: a declared resource (<resource>/declaration.ts)
// as a RestApi over its declaration, or a module of requests written by hand where a resource
// needs more (a discount's two shapes, an order's window, a customer's search). Loaded lazily by
// ctx.api(); each resource's module loads on its first call (onFirstCall), so a command loads
// only the resources it uses and a resource added costs the other commands nothing.
import type { AccessScopesApi } from './access-scopes/requests.js';
import type { CategoriesApi } from './categories/declaration.js';
import type { CollectionsApi } from './collections/requests.js';
import type { CustomersApi } from './customers/requests.js';
import type { SearchMethodMemory } from './customers/search-method.js';
import type { DiscountsApi } from './discounts/requests.js';
import type { GiftCardsApi } from './gift-cards/requests.js';
import type { MetafieldDefinitionsApi } from './metafield-definitions/requests.js';
import type { MetafieldsApi } from './metafields/requests.js';
import type { OrdersApi } from './orders/requests.js';
import type { ProductsApi } from './products/requests.js';
import type { RawApi } from './raw-api.js';
import type { SandboxControlApi } from './sandbox-control/requests.js';
import type { SandboxFaultsApi } from './sandbox-control/fault-requests.js';
import type { SandboxLogApi } from './sandbox-control/log-requests.js';
import type { webhookSubscriptions } from './webhook-subscriptions/declaration.js';
import type { locations } from './locations/declaration.js';
import type { markets } from './markets/declaration.js';
import type { FulfillmentsApi } from './fulfillments/declaration.js';
import type { RefundsApi } from './refunds/declaration.js';
import type { pages } from './pages/declaration.js';
import type { MaterialsApi } from './materials/declaration.js';
import type { ThemesApi } from './themes/declaration.js';
import type { payments } from './payments/declaration.js';
import type { InventoryApi } from './inventory/declaration.js';
import type { shop } from './shop/declaration.js';
import type { shopLanguages } from './shop/languages.js';
import type { discounts as discountRecords } from './discounts/declaration.js';
import type { RestApi } from './rest-resource.js';
import type { StoreProbeApi } from './store-probe/requests.js';
import type { Transport } from '../core/transport.js';
import { onFirstCall } from './on-first-call.js';
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
  /** The store's markets (`/markets`): regions with their currency and language. */
  markets: RestApi<typeof markets>;
  /** The store's pages of static content (`/pages`; no listing is documented). */
  pages: RestApi<typeof pages>;
  /** The files of the store's library (`/materials`): made from a URL, listed and searched. */
  materials: MaterialsApi;
  /** The store's themes (`/themes`) and their assets. */
  themes: ThemesApi;
  /** Payment transactions (`/payment/{paymentId}`), read one at a time, secrets masked. */
  payments: RestApi<typeof payments>;
  /** Stock per variant and location (`/inventory`). */
  inventory: InventoryApi;
  /** The shop's own details (`/shops/info`). */
  shop: RestApi<typeof shop>;
  /** The shop's languages (`/shops/languages`). */
  shopLanguages: RestApi<typeof shopLanguages>;
  /** The store's discounts (`/discounts`), in the shape its family speaks, and a service store's codes. */
  discounts: DiscountsApi;
  /** A discount's read and delete as the kit does them, alike in both shapes (`discount delete` is the kit's verb). */
  discountRecords: RestApi<typeof discountRecords>;
  /**
   * The store's header family, settled before the first request whose path or body depends on
   * it: a Genstore store is never sent a path only the service documents (a count, codes).
   */
  family(): Promise<Brand>;
  orders: OrdersApi;
  /** Orders' fulfillments (`/fulfillments`, `/orders/{id}/fulfillments`): shipments with tracking. */
  fulfillments: FulfillmentsApi;
  /** Orders' refunds (`/refunds`, `/orders/{id}/refunds`): money given back. */
  refunds: RefundsApi;
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
  const sandboxControl = onFirstCall(async () => new (await import('./sandbox-control/requests.js')).SandboxControlApi(raw));
  const transport = apiVersion ? versioned(raw, apiVersion) : raw;
  return {
    giftCards: onFirstCall(async () => new (await import('./gift-cards/requests.js')).GiftCardsApi(transport)),
    metafields: onFirstCall(async () => new (await import('./metafields/requests.js')).MetafieldsApi(transport)),
    metafieldDefinitions: onFirstCall(async () => new (await import('./metafield-definitions/requests.js')).MetafieldDefinitionsApi(transport)),
    products: onFirstCall(async () => new (await import('./products/requests.js')).ProductsApi(transport)),
    categories: onFirstCall(async () => new (await import('./categories/declaration.js')).CategoriesApi(transport)),
    collections: onFirstCall(async () => new (await import('./collections/requests.js')).CollectionsApi(transport)),
    customers: onFirstCall(async () => new (await import('./customers/requests.js')).CustomersApi(transport, customerSearch)),
    locations: onFirstCall(async () => declared(transport, (await import('./locations/declaration.js')).locations)),
    markets: onFirstCall(async () => declared(transport, (await import('./markets/declaration.js')).markets)),
    pages: onFirstCall(async () => declared(transport, (await import('./pages/declaration.js')).pages)),
    materials: onFirstCall(async () => {
      const { MaterialsApi, materials } = await import('./materials/declaration.js');
      return new MaterialsApi(transport, materials);
    }),
    themes: onFirstCall(async () => {
      const { ThemesApi, themes } = await import('./themes/declaration.js');
      return new ThemesApi(transport, themes);
    }),
    payments: onFirstCall(async () => declared(transport, (await import('./payments/declaration.js')).payments)),
    inventory: onFirstCall(async () => new (await import('./inventory/declaration.js')).InventoryApi(transport)),
    shop: onFirstCall(async () => declared(transport, (await import('./shop/declaration.js')).shop)),
    shopLanguages: onFirstCall(async () => declared(transport, (await import('./shop/languages.js')).shopLanguages)),
    discounts: onFirstCall(async () => new (await import('./discounts/requests.js')).DiscountsApi(transport, brand)),
    discountRecords: onFirstCall(async () => declared(transport, (await import('./discounts/declaration.js')).discounts)),
    family: brand ?? (async () => 'service'),
    orders: onFirstCall(async () => new (await import('./orders/requests.js')).OrdersApi(transport)),
    fulfillments: onFirstCall(async () => {
      const { FulfillmentsApi, fulfillments } = await import('./fulfillments/declaration.js');
      return new FulfillmentsApi(transport, fulfillments);
    }),
    refunds: onFirstCall(async () => {
      const { RefundsApi, refunds } = await import('./refunds/declaration.js');
      return new RefundsApi(transport, refunds);
    }),
    webhookSubscriptions: onFirstCall(async () => declared(transport, (await import('./webhook-subscriptions/declaration.js')).webhookSubscriptions)),
    raw: onFirstCall(async () => new (await import('./raw-api.js')).RawApi(raw, apiVersion ? async () => apiRoot(await apiVersion()) : async () => API_PREFIX)),
    accessScopes: onFirstCall(async () => new (await import('./access-scopes/requests.js')).AccessScopesApi(transport)),
    storeProbe: onFirstCall(async () => new (await import('./store-probe/requests.js')).StoreProbeApi(transport)),
    sandboxControl,
    sandboxFaults: onFirstCall(async () => new (await import('./sandbox-control/fault-requests.js')).SandboxFaultsApi(sandboxControl)),
    sandboxLog: onFirstCall(async () => new (await import('./sandbox-control/log-requests.js')).SandboxLogApi(sandboxControl)),
  };
}

/** A declared resource's requests, the kit loaded with it (on the resource's first call). */
async function declared<D extends ConstructorParameters<typeof RestApi>[1]>(transport: Transport, declaration: D): Promise<RestApi<D>> {
  return new (await import('./rest-resource.js')).RestApi(transport, declaration);
}
