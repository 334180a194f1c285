// A sandbox seed of many orders, for the exports that are interrupted and resumed (in-process
// and spawned). Imports nothing from src/: the spawned tests use it as well.

/** A seed of `count` orders, two line items each, all in the last 30 days, as seed JSON text. */
export function manyOrdersSeed(count: number): string {
  const orders = Array.from({ length: count }, (_, index) => ({
    id: String(6_500_000_000_000_000_000n + BigInt(index)),
    email: `buyer${index % 97}@example.com`,
    daysAgo: index % 30,
    totalShippingPrice: '4.50',
    lineItems: [
      {
        id: String(6_600_000_000_000_000_000n + BigInt(2 * index)),
        sku: 'MUG-SND',
        title: 'Stoneware Coffee Mug, "Sand"',
        quantity: 1 + (index % 3),
        price: '18.50',
      },
      { id: String(6_600_000_000_000_000_001n + BigInt(2 * index)), sku: 'TSH-WHT-S', title: 'T-Shirt', quantity: 1, price: '24.00' },
    ],
  }));
  return JSON.stringify({ orders });
}

/** The id of the order `index` of manyOrdersSeed (its name is #1001 + index). */
export const manyOrderId = (index: number) => String(6_500_000_000_000_000_000n + BigInt(index));

/** The tracking number the tracking file gives the order `index`. */
export const trackingNumberOf = (index: number) => `1Z${String(index).padStart(6, '0')}`;

/**
 * A warehouse's tracking file for the first `count` orders of manyOrdersSeed, as CSV text: one
 * row an order (every line left to ship), every other order named by its name (#1001...), the
 * rest by id.
 */
export function trackingCsv(count: number, first = 0): string {
  const rows = Array.from({ length: count }, (_, offset) => {
    const index = first + offset;
    const order = index % 2 === 0 ? manyOrderId(index) : `#${1001 + index}`;
    return `${order},${trackingNumberOf(index)},${index % 3 === 0 ? 'DHL' : 'UPS'},`;
  });
  return `order,trackingNumber,carrier,notify\n${rows.join('\n')}\n`;
}
