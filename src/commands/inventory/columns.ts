// The columns of `inventory list`, by name, in the order scripts `cut` them. The verb declares
// them at start-up, so this module imports nothing; view.ts renders them (apart from the verb's
// file: the view imports their type, and a verb importing its view back would be a cycle).
export const INVENTORY_LIST_COLUMNS = ['productId', 'variantId', 'sku', 'location', 'available'] as const;
export type InventoryListColumn = (typeof INVENTORY_LIST_COLUMNS)[number];
