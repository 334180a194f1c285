// The top-level fields of an inventory item (one variant's stock at one location), as --json
// selects them. Imports nothing: a verb declares its fields at start-up. schema.ts holds this
// list to the schema: a field added to one and not the other fails the type check.
export const INVENTORY_FIELDS = ['productId', 'variantId', 'sku', 'locationId', 'available'] as const;
export type InventoryField = (typeof INVENTORY_FIELDS)[number];
