// Shared pieces of the product command tests: the demo catalogue's ids, and products made
// or read straight through HTTP (not through the CLI under test).
import { expect } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index.js';
import { call, type LoggedRequest } from '../_support.js';

/** From the sandbox's demo data (each resource's src/sandbox/resources/<resource>/demo.json). */
export const DEMO = {
  tshirt: '4000000000000000401',
  categories: { tShirts: '4000000000000000212', tops: '4000000000000000207', sweatshirts: '4000000000000000218' },
  collections: { summerSale: '4000000000000000304', newArrivals: '4000000000000000311', summerEssentials: '4000000000000000317' },
} as const;

export async function getProduct(sandbox: RunningSandbox, id: string): Promise<Record<string, any>> {
  const reply = await call(sandbox, 'GET', `/products/${id}`);
  expect(reply.status, reply.text).toBe(200);
  return JSON.parse(reply.text).product;
}

export async function createProduct(sandbox: RunningSandbox, product: Record<string, unknown>): Promise<Record<string, any>> {
  const reply = await call(sandbox, 'POST', '/products', { product });
  if (reply.status !== 200) throw new Error(`seeding a product failed: ${reply.status} ${reply.text}`);
  return JSON.parse(reply.text).product;
}

/** A product with two options and four variants, made fresh for a test. */
export function teeProduct(title = 'Test Tee'): Record<string, unknown> {
  const combos = [
    ['Red', 'S'],
    ['Red', 'M'],
    ['Blue', 'S'],
    ['Blue', 'M'],
  ];
  return {
    title,
    vendor: 'Acme',
    options: [
      { name: 'Color', value: [{ name: 'Red' }, { name: 'Blue' }] },
      { name: 'Size', value: [{ name: 'S' }, { name: 'M' }] },
    ],
    variants: combos.map(([color, size]) => ({
      sku: `TT-${color}-${size}`.toUpperCase(),
      price: '19.99',
      inventoryQuantities: [{ available: '4' }],
      options: [
        { name: 'Color', value: { name: color } },
        { name: 'Size', value: { name: size } },
      ],
    })),
  };
}

export const writes = (requests: LoggedRequest[]) => requests.filter((q) => q.method !== 'GET');
