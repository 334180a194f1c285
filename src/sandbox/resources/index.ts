import type { ResourceFactory } from './resource.js';
import { createGiftCardResource } from './gift-cards/routes.js';
import { createMetafieldResources } from './metafields/routes.js';
import { createCatalogResources } from './products/routes.js';
import { createSubscriptionResource } from './webhook-subscriptions/routes.js';

/** Every resource the sandbox serves; a new one also needs its seed section in seed.ts (see Resource). */
export const RESOURCE_FACTORIES: readonly ResourceFactory[] = [createGiftCardResource, createMetafieldResources, createCatalogResources, createSubscriptionResource];
