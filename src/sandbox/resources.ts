import type { ResourceFactory } from './resource.js';
import { createGiftCardResource } from './routes/gift-cards.js';
import { createMetafieldResource } from './routes/metafields.js';
import { createCatalogResources } from './routes/products.js';

/** Every resource the sandbox serves; a new resource is one routes module plus one line here. */
export const RESOURCE_FACTORIES: readonly ResourceFactory[] = [createGiftCardResource, createMetafieldResource, createCatalogResources];
