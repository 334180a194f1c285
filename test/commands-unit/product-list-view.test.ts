// product list's rows read whatever a store sends: the price column compares decimals
// digit-exact, and a field of an unexpected type is shown, never a failure.
import { describe, expect, it } from 'vitest';
import { priceRange, productListView } from '../../src/commands/product/view.js';
import { PRODUCT_LIST_COLUMNS } from '../../src/commands/product/columns.js';
import { parseJson } from '../../src/core/json.js';
import type { ListedProduct } from '../../src/api/products/schema.js';

describe('product list rows', () => {
  it('price: one price, or the lowest..highest compared as decimals, not as text or floats', () => {
    expect(priceRange(['19.00', '19.00'])).toBe('19.00');
    expect(priceRange(['19.00', '9.5', '100'])).toBe('9.5..100');
    expect(priceRange(['9007199254740993.01', '9007199254740993.1'])).toBe('9007199254740993.01..9007199254740993.1');
    expect(priceRange(['', 'n/a', '5.00'])).toBe('5.00');
    expect(priceRange([])).toBe('');
  });

  it('a product of unexpected shapes is shown as sent', () => {
    const product = parseJson('{"productId": 4000000000000000401, "title": 7, "status": true, "categoryId": 12, "variants": "none"}') as ListedProduct;
    const row = productListView(PRODUCT_LIST_COLUMNS).columns.map((column) => column.value(product));
    expect(row).toEqual(['4000000000000000401', '7', 'true', '', '', '12', 'none', '']);
  });
});
