// Every resource the sandbox serves, in one list: its factory (routes.ts: routes, load, dump,
// seed, snapshot), the scopes its routes require, and its seed sections (seed.ts, each with
// its demo data). Adding a resource is its folder plus one line here (docs/development.md,
// "Adding a resource: the sandbox side").
//
// The order is what is derived from it: a seed's sections (as a snapshot and the demo set write
// them), the store's resources (the data file's sections; categories before the products that
// name them), and a token's scopes (ALL_SCOPES, as access_scopes lists them). Resources that
// share state (categories, collections and products; values and definitions) come from one
// factory, and definitions are filled in before the values checked against them.
import { createGiftCardResource, SCOPES as GIFT_CARD_SCOPES } from './gift-cards/routes.js';
import { giftCardSeed } from './gift-cards/seed.js';
import { createMetafieldResources, SCOPES as METAFIELD_SCOPES } from './metafields/routes.js';
import { definitionSeed } from './metafield-definitions/seed.js';
import { metafieldSeed } from './metafields/seed.js';
import { createCatalogResources, SCOPES as PRODUCT_SCOPES } from './products/routes.js';
import { productSeed } from './products/seed.js';
import { categoryTable } from './categories/record.js';
import { collectionSeed } from './collections/seed.js';
import { locationTable, SCOPES as SHOP_SCOPES } from './locations/record.js';
import { SCOPES as INVENTORY_SCOPES } from './inventory/routes.js';
import { createSubscriptionResource, SCOPES as APP_SCOPES } from './webhook-subscriptions/routes.js';
import { subscriptionTable } from './webhook-subscriptions/record.js';
import { createCustomerResource, SCOPES as CUSTOMER_SCOPES } from './customers/routes.js';
import { customerTable } from './customers/record.js';
import { APPROVAL_SCOPES } from '../http/protected-fields.js';
import { createDiscountResource, SCOPES as DISCOUNT_SCOPES } from './discounts/routes.js';
import { discountSeed } from './discounts/seed.js';
import { createOrderResources, SCOPES as ORDER_SCOPES } from './orders/routes.js';
import { fulfillmentTable } from './orders/fulfillments.js';
import { refundTable } from './orders/refunds.js';
import { orderSeed } from './orders/seed.js';
import { createMarketResource, SCOPES as MARKET_SCOPES } from './markets/routes.js';
import { marketTable } from './markets/record.js';
import { createPageResource, SCOPES as PAGE_SCOPES } from './pages/routes.js';
import { pageTable } from './pages/record.js';
import { createMaterialResource, SCOPES as MATERIAL_SCOPES } from './materials/routes.js';
import { materialTable } from './materials/record.js';
import { createThemeResources, SCOPES as THEME_SCOPES } from './themes/routes.js';
import { assetSeed, themeTable } from './themes/record.js';
import { createPaymentResource, SCOPES as PAYMENT_SCOPES } from './payments/routes.js';
import { paymentSeed } from './payments/record.js';

export const RESOURCES = [
  { create: createGiftCardResource, scopes: GIFT_CARD_SCOPES, seeds: [giftCardSeed] },
  {
    create: createCatalogResources,
    scopes: [...PRODUCT_SCOPES, ...SHOP_SCOPES, ...INVENTORY_SCOPES],
    seeds: [categoryTable.seed, collectionSeed, locationTable.seed, productSeed],
  },
  { create: createMetafieldResources, scopes: METAFIELD_SCOPES, seeds: [definitionSeed, metafieldSeed] },
  { create: createSubscriptionResource, scopes: APP_SCOPES, seeds: [subscriptionTable.seed] },
  { create: createCustomerResource, scopes: CUSTOMER_SCOPES, seeds: [customerTable.seed] },
  { create: createDiscountResource, scopes: DISCOUNT_SCOPES, seeds: [discountSeed] },
  { create: createOrderResources, scopes: ORDER_SCOPES, seeds: [orderSeed, fulfillmentTable.seed, refundTable.seed] },
  { create: createMarketResource, scopes: MARKET_SCOPES, seeds: [marketTable.seed] },
  { create: createPageResource, scopes: PAGE_SCOPES, seeds: [pageTable.seed] },
  { create: createMaterialResource, scopes: MATERIAL_SCOPES, seeds: [materialTable.seed] },
  { create: createThemeResources, scopes: THEME_SCOPES, seeds: [themeTable.seed, assetSeed] },
  { create: createPaymentResource, scopes: PAYMENT_SCOPES, seeds: [paymentSeed] },
] as const;

/** A scope a token may be granted: one some resource's routes require, or an approval (http/protected-fields.ts). */
export type Scope = (typeof RESOURCES)[number]['scopes'][number] | (typeof APPROVAL_SCOPES)[number];

/** Every scope, in the list's order, then the approvals no route requires. */
export const ALL_SCOPES: readonly Scope[] = Object.freeze([...RESOURCES.flatMap((resource): readonly Scope[] => resource.scopes), ...APPROVAL_SCOPES]);

/** The sections of a seed and of a snapshot, in the order a snapshot writes them; each is a resource's key. */
export const SEED_SECTIONS: readonly SeedSectionOf[] = RESOURCES.flatMap((resource): readonly SeedSectionOf[] => resource.seeds);

type SeedSectionOf = (typeof RESOURCES)[number]['seeds'][number];
