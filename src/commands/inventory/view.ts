// How inventory items read in a table or TSV: the location by its name (looked up once), the
// rest as sent; --json shows the items as the store sent them.
import type { InventoryItem } from '../../api/inventory/declaration.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';

const text = (field: keyof InventoryItem) => (item: InventoryItem) => scalarText(item[field]);
const negative = (value: string, colors: { red(text: string): string }) => (value.startsWith('-') ? colors.red(value) : value);

/** The columns of a listing by name; `names`: each location's name by id, a location without one reads as its id. */
function listColumns(names: ReadonlyMap<string, string>) {
  return {
    productId: { header: 'PRODUCT', value: text('productId') },
    variantId: { header: 'VARIANT', value: text('variantId') },
    sku: { header: 'SKU', value: text('sku') },
    location: { header: 'LOCATION', value: (item) => names.get(scalarText(item.locationId)) ?? scalarText(item.locationId), shrinkable: true },
    available: { header: 'AVAILABLE', value: text('available'), style: negative },
  } satisfies Record<string, Column<InventoryItem>>;
}

/** A column `inventory list` may declare (its INVENTORY_LIST_COLUMNS, in the order scripts cut them). */
export type InventoryListColumn = keyof ReturnType<typeof listColumns>;

export function inventoryListView(order: readonly InventoryListColumn[], names: ReadonlyMap<string, string>): View<InventoryItem> {
  return listView(listColumns(names), order);
}

/** One item, after `inventory set`. */
export function inventoryItemView(names: ReadonlyMap<string, string>): View<InventoryItem> {
  return {
    columns: [
      { header: 'VARIANT', value: text('variantId') },
      { header: 'PRODUCT', value: text('productId') },
      { header: 'SKU', value: text('sku') },
      { header: 'LOCATION', value: (item) => names.get(scalarText(item.locationId)) ?? scalarText(item.locationId) },
      { header: 'LOCATION ID', value: text('locationId') },
      { header: 'AVAILABLE', value: text('available') },
    ],
  };
}
