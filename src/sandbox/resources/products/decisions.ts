/**
 * The product rules the sandbox enforces where the spec says "not shown" (BRIEF's products
 * wire contract and README's decisions), shared by request validation, the stored record
 * schema and the demo data schema.
 */

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const WEIGHT_UNITS = ['g', 'kg', 'lb', 'oz'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const COLLECTION_TYPES = ['custom', 'smart'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];
/** The wire's type codes (the real store's documentation: 1 = custom, 2 = smart). */
export const COLLECTION_TYPE_CODES: Readonly<Record<CollectionType, number>> = { custom: 1, smart: 2 };

export const DEFAULT_PRODUCT_TYPE = 'normal';
export const DEFAULT_STATUS: ProductStatus = 'active';
/** The spec's sample unit. */
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'kg';
export const DEFAULT_VARIANT_PRICE = '0.00';

export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
/** Titles, names, SKUs and other one-line texts. */
export const MAX_TEXT_LENGTH = 255;

/** The sandbox store has one location: inventory items that name none are kept there. */
export const DEFAULT_LOCATION_ID = '8100000000000000001';
/** ... and one market: a product sent without marketAssigns is assigned to it. */
export const DEFAULT_MARKET_ID = '8200000000000000001';
/** The only sales channel a sandbox product is published to. */
export const SALES_CHANNEL_CODE = 'online_store';

/** Parent id of a root category. */
export const ROOT_PARENT_ID = '0';

/** Weights are not money: up to 3 decimals (grams of a kilogram), never negative. */
export const WEIGHT_PATTERN = /^[0-9]{1,9}(\.[0-9]{1,3})?$/;

/** Inventory can run below zero (oversold), so `available` is a signed integer of bounded size. */
export const AVAILABLE_PATTERN = /^-?(0|[1-9][0-9]{0,8})$/;
