import type { RunningSandbox } from '../../src/sandbox/index.js';
import { call, type CallOptions, type Reply } from './helpers.js';

/** Ids of the demo data set (each resource's src/sandbox/resources/<resource>/demo.json). */
export const DEMO = {
  categories: { apparel: '4000000000000000203', tShirts: '4000000000000000212', sweatshirts: '4000000000000000218', mugs: '4000000000000000249' },
  collections: {
    summerSale: '4000000000000000304',
    newArrivals: '4000000000000000311',
    summerEssentials: '4000000000000000317',
    bestSellers: '4000000000000000322',
    giftsUnder50: '4000000000000000329',
    rainyDay: '4000000000000000335',
  },
  products: { tShirt: '4000000000000000401', mug: '4000000000000000431', jacket: '4000000000000000451' },
  location: '8100000000000000001',
  market: '8200000000000000001',
} as const;

/** A product with two options and three variants, as a client sends it on create. */
export function shirtBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product: {
      title: 'Linen Shirt',
      vendor: 'Acme',
      options: [
        { name: 'Color', value: [{ name: 'Sand' }, { name: 'Olive' }] },
        { name: 'Size', value: [{ name: 'M' }, { name: 'L' }] },
      ],
      variants: [
        {
          sku: 'LS-SND-M',
          price: '49.00',
          options: [
            { name: 'Color', value: { name: 'Sand' } },
            { name: 'Size', value: { name: 'M' } },
          ],
        },
        {
          sku: 'LS-SND-L',
          price: '49.00',
          options: [
            { name: 'Color', value: { name: 'Sand' } },
            { name: 'Size', value: { name: 'L' } },
          ],
        },
        {
          sku: 'LS-OLV-M',
          price: '52.50',
          inventoryQuantities: [{ available: '7' }],
          options: [
            { name: 'Color', value: { name: 'Olive' } },
            { name: 'Size', value: { name: 'M' } },
          ],
        },
      ],
      images: [{ src: 'https://img.example.com/linen-1.jpg' }, { src: 'https://img.example.com/linen-2.jpg' }],
      ...fields,
    },
  };
}

export async function createProduct(sandbox: RunningSandbox, body: unknown = shirtBody(), options: CallOptions = {}): Promise<any> {
  const reply = await call(sandbox, 'POST', '/products', { ...options, body });
  if (reply.status !== 200) throw new Error(`create failed: ${reply.status} ${reply.text}`);
  return reply.json.product;
}

export async function getProduct(sandbox: RunningSandbox, id: string): Promise<Reply> {
  return call(sandbox, 'GET', `/products/${id}`);
}

export async function listCollections(sandbox: RunningSandbox, query = ''): Promise<any[]> {
  const reply = await call(sandbox, 'GET', `/collections${query}`);
  if (reply.status !== 200) throw new Error(`collections failed: ${reply.status} ${reply.text}`);
  return reply.json.collections;
}

/** The product ids a collection lists, read from its `collects` text. */
export function collects(collection: { collects: string }): string[] {
  return JSON.parse(collection.collects) as string[];
}

/** Every id a product carries (product, options, values, variants, images). */
export function idsOf(product: any): string[] {
  return [
    product.productId,
    ...product.options.flatMap((option: any) => [option.id, ...option.value.map((value: any) => value.id)]),
    ...product.variants.map((variant: any) => variant.variantId),
    ...product.images.map((image: any) => image.id),
  ];
}
