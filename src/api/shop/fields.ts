// The top-level fields of the shop, as --json selects them (About Shop's sample). Imports
// nothing: a verb declares its fields at start-up. schema.ts holds this list to the schema.
export const SHOP_FIELDS = ['shopId', 'shopName', 'domain', 'country', 'currency', 'timezone', 'ianaTimezone', 'mail', 'description', 'logo', 'weightUnit'] as const;
export type ShopField = (typeof SHOP_FIELDS)[number];
