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
