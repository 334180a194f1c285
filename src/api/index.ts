// Every resource module, bound to one transport. Loaded lazily by ctx.api(); the modules few
// commands use load on their first call (onFirstCall), so that the others start no slower.
import { AccessScopesApi } from './access-scopes-api.js';
import { CategoriesApi } from './categories-api.js';
import { CollectionsApi } from './collections-api.js';
import { GiftCardsApi } from './gift-cards-api.js';
import type { MetafieldDefinitionsApi } from './metafield-definitions-api.js';
import { MetafieldsApi } from './metafields-api.js';
import { ProductsApi } from './products-api.js';
import { RawApi } from './raw-api.js';
import { SandboxControlApi } from './sandbox-control-api.js';
import type { SandboxFaultsApi } from './sandbox-faults-api.js';
import type { SandboxLogApi } from './sandbox-log-api.js';
import type { WebhookSubscriptionsApi } from './webhook-subscriptions-api.js';
import type { Transport } from '../core/transport.js';
import { onFirstCall } from './on-first-call.js';

export interface Api {
  giftCards: GiftCardsApi;
  metafields: MetafieldsApi;
  metafieldDefinitions: MetafieldDefinitionsApi;
  products: ProductsApi;
  categories: CategoriesApi;
  collections: CollectionsApi;
  /** The store's webhook subscriptions (`/app/webhooks`). */
  webhookSubscriptions: WebhookSubscriptionsApi;
  /** Any request, answered unparsed: the `api` command. */
  raw: RawApi;
  /** The token's granted scopes, where the store lists them (auth status). */
  accessScopes: AccessScopesApi;
  /** A running store-cli sandbox's own `/_sandbox/` endpoints (the `sandbox` commands). */
  sandboxControl: SandboxControlApi;
  /** A running sandbox's targeted fault rules (`sandbox fault ...`). */
  sandboxFaults: SandboxFaultsApi;
  /** A running sandbox's request log (`sandbox logs`). */
  sandboxLog: SandboxLogApi;
}

export function createApi(transport: Transport): Api {
  const sandboxControl = new SandboxControlApi(transport);
  return {
    giftCards: new GiftCardsApi(transport),
    metafields: new MetafieldsApi(transport),
    metafieldDefinitions: onFirstCall(async () => new (await import('./metafield-definitions-api.js')).MetafieldDefinitionsApi(transport)),
    products: new ProductsApi(transport),
    categories: new CategoriesApi(transport),
    collections: new CollectionsApi(transport),
    webhookSubscriptions: onFirstCall(async () => new (await import('./webhook-subscriptions-api.js')).WebhookSubscriptionsApi(transport)),
    raw: new RawApi(transport),
    accessScopes: new AccessScopesApi(transport),
    sandboxControl,
    sandboxFaults: onFirstCall(async () => new (await import('./sandbox-faults-api.js')).SandboxFaultsApi(sandboxControl)),
    sandboxLog: onFirstCall(async () => new (await import('./sandbox-log-api.js')).SandboxLogApi(sandboxControl)),
  };
}
