import type { ResourceFactory } from './resource.js';
import { createGiftCardResource } from './routes/gift-card-routes.js';
import { createMetafieldResources } from './routes/metafield-routes.js';
import { createCatalogResources } from './routes/product-routes.js';
import { createSubscriptionResource } from './routes/webhook-subscription-routes.js';

/** Every resource the sandbox serves; a new one also needs its seed section in seed.ts (see Resource). */
export const RESOURCE_FACTORIES: readonly ResourceFactory[] = [createGiftCardResource, createMetafieldResources, createCatalogResources, createSubscriptionResource];
