// The sample payloads `webhook trigger` sends: each file matches its schema, and each is
// a consistent product as a store returns it (the files are data; these are their checks);
// the discounts', one a shape, are discounts as the sandbox's dialect of that shape writes them.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sampleDeletionSchema, sampleProductSchema, type SampleProduct } from '../../src/webhooks/sample-schema.js';
import { hasShapes, samplePayload } from '../../src/webhooks/samples.js';
import { readDiscount } from '../../src/api/discounts/wire-shape.js';
import { useSandbox } from '../helpers/sandbox.js';
import { call } from '../commands/_support.js';
import { SAMPLE_TOPICS } from '../../src/webhooks/wire.js';

const read = async (name: string): Promise<unknown> => JSON.parse(await readFile(new URL(`../../src/webhooks/samples/${name}`, import.meta.url), 'utf8'));
const rawCreate = await read('products-create.json');
const rawUpdate = await read('products-update.json');
const rawDelete = await read('products-delete.json');
const create = sampleProductSchema.parse(rawCreate);
const update = sampleProductSchema.parse(rawUpdate);

describe('webhook sample files', () => {
  it('match their schemas', () => {
    for (const raw of [rawCreate, rawUpdate]) {
      const result = sampleProductSchema.safeParse(raw);
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    }
    expect(sampleDeletionSchema.safeParse(rawDelete).success).toBe(true);
  });

  describe.each([
    ['products-create.json', create],
    ['products-update.json', update],
  ] as const)('%s is a consistent product', (_name, product) => {
    it('ids above 2^53 (they must survive a client that parses ids as doubles), no id used twice', () => {
      const ids = [
        product.productId,
        ...product.variants.map((v) => v.variantId),
        ...product.options.flatMap((o) => [o.id, ...o.value.map((v) => v.id)]),
        ...product.images.map((i) => i.id),
      ];
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(BigInt(id) > 2n ** 53n).toBe(true);
    });

    it('variants and images belong to the product', () => {
      for (const variant of product.variants) expect(variant.productId).toBe(product.productId);
      for (const image of product.images) expect(image.productId).toBe(product.productId);
    });

    it('every variant names each product option once, with one of its values (ids and names agree)', () => {
      const combinations = new Set<string>();
      for (const variant of product.variants) {
        expect(variant.options.map((o) => o.name).sort()).toEqual(product.options.map((o) => o.name).sort());
        for (const chosen of variant.options) {
          const option = product.options.find((o) => o.id === chosen.id)!;
          expect(option.name).toBe(chosen.name);
          expect(option.position).toBe(chosen.position);
          expect(option.value).toContainEqual(chosen.value);
        }
        combinations.add(
          variant.options
            .map((o) => o.value.id)
            .sort()
            .join('+'),
        );
      }
      expect(combinations.size).toBe(product.variants.length); // no two variants alike
    });

    it('option values are distinct, positions run 1..n', () => {
      expect(product.options.map((o) => o.position)).toEqual(product.options.map((_, i) => String(i + 1)));
      for (const option of product.options) {
        expect(new Set(option.value.map((v) => v.name)).size).toBe(option.value.length);
        expect(option.value.map((v) => v.position)).toEqual(option.value.map((_, i) => String(i + 1)));
      }
      expect(product.images.map((i) => i.position)).toEqual(product.images.map((_, i) => String(i + 1)));
    });

    it('flags, category, collections and amounts agree with each other', () => {
      expect(product.isMultiVariant).toBe(product.variants.length > 1 ? 'true' : 'false');
      expect(product.productCategory.categoryId).toBe(product.categoryId);
      const collections = JSON.parse(product.collections) as unknown;
      expect(Array.isArray(collections)).toBe(true);
      for (const id of collections as unknown[]) expect(id).toMatch(/^[1-9]\d{0,19}$/);
      for (const variant of product.variants) {
        const cents = (amount: string) => Math.round(Number(amount) * 100); // fixed sample amounts: exact in cents
        expect(cents(variant.costPrice)).toBeLessThanOrEqual(cents(variant.price));
        expect(cents(variant.price)).toBeLessThanOrEqual(cents(variant.compareOfPrice));
      }
      expect(product.salesChannels).toContainEqual({ salesChannelCode: 'online_store' });
    });
  });

  it('the update is the created product, changed: same ids, a different title and prices', () => {
    const ids = (p: SampleProduct) =>
      JSON.stringify([p.productId, p.variants.map((v) => v.variantId), p.options.map((o) => [o.id, o.value.map((v) => v.id)]), p.images.map((i) => i.id)]);
    expect(ids(update)).toBe(ids(create));
    expect(update.title).not.toBe(create.title);
    expect(update.variants.map((v) => v.price)).not.toEqual(create.variants.map((v) => v.price));
  });

  it('the deletion names the same product', () => {
    expect(rawDelete).toEqual({ productId: create.productId });
  });
});

describe('samplePayload', () => {
  it('returns each file as it is', () => {
    expect(samplePayload('products/create')).toEqual(rawCreate);
    expect(samplePayload('products/update')).toEqual(rawUpdate);
    expect(samplePayload('products/delete')).toEqual(rawDelete);
  });

  it('--product-id: the product, its variants and images carry the id, nothing else changes', () => {
    for (const topic of SAMPLE_TOPICS) {
      const payload = samplePayload(topic, '123') as Partial<SampleProduct>;
      expect(payload.productId).toBe('123');
      for (const variant of payload.variants ?? []) expect(variant.productId).toBe('123');
      for (const image of payload.images ?? []) expect(image.productId).toBe('123');
      expect(JSON.stringify(payload)).not.toContain(create.productId);
    }
    const changed = samplePayload('products/create', '123') as SampleProduct;
    expect(changed.variants.map((v) => v.variantId)).toEqual(create.variants.map((v) => v.variantId));
  });

  it('hands out fresh copies: changing one does not change the next', () => {
    const first = samplePayload('products/create') as SampleProduct;
    first.variants[0]!.price = '1.00';
    first.title = 'changed';
    expect(samplePayload('products/create')).toEqual(rawCreate);
  });
});

describe('the shop, app and compliance samples', () => {
  const sample = (topic: Parameters<typeof samplePayload>[0]) => samplePayload(topic) as Record<string, any>;

  it('every topic has its sample, matching its schema (samplePayload checks it)', () => {
    for (const topic of SAMPLE_TOPICS) expect(() => samplePayload(topic)).not.toThrow();
  });

  it('the compliance requests name the shop of shop/update, the customer of customers/create and an order of orders/create', () => {
    const shop = sample('shop/update').shop;
    const customer = sample('customers/create');
    const order = sample('orders/create');
    for (const topic of ['customers/data_request', 'customers/redact', 'shop/redact'] as const) {
      expect(sample(topic)).toMatchObject({ shopId: shop.shopId, shopDomain: shop.domain });
    }
    for (const topic of ['customers/data_request', 'customers/redact'] as const) {
      expect(sample(topic).customer).toEqual({ id: customer.id, email: customer.email, phone: customer.phone });
    }
    expect(sample('customers/data_request').ordersRequested).toEqual([order.orderId]);
    expect(sample('customers/redact').ordersToRedact).toEqual([order.orderId]);
  });

  it('the app events are one installation, as the docs print them', () => {
    const installations = [sample('app/scopesUpdate').authScope, sample('app/uninstalled').uninstalled, sample('app/authorizationCodeGranted').authCode];
    for (const installation of installations)
      expect({ clientId: installation.clientId, shopId: installation.shopId }).toEqual({
        clientId: '58DAED6AEC7AA1C2C8DFD719E8E06E3A',
        shopId: '4022054969604',
      });
  });
});

describe('the discount samples, one a shape', () => {
  /** Every path of a JSON value with the type at it (`promotionType.generateType.discountCode: string`); an array's items as `[]`. */
  const shapeOf = (value: unknown, at = ''): string[] => {
    if (Array.isArray(value)) return [`${at}: array`, ...value.flatMap((item) => shapeOf(item, `${at}[]`))];
    if (value !== null && typeof value === 'object')
      return [`${at}: object`, ...Object.entries(value).flatMap(([key, member]) => shapeOf(member, at === '' ? key : `${at}.${key}`))];
    return [`${at}: ${value === null ? 'null' : typeof value}`];
  };
  const sample = (topic: 'discounts/create' | 'discounts/update' | 'discounts/delete', brand: 'service' | 'genstore') =>
    samplePayload(topic, undefined, brand) as Record<string, unknown>;

  describe.each([
    ['service', 'service', 'id'],
    ['genstore', 'real', 'discountId'],
  ] as const)('%s: as the sandbox in its %s dialect writes a discount', (brand, dialect, idField) => {
    const s = useSandbox({ dialect, seed: 'demo' });

    it('the same fields, nested the same way, each of the same JSON type; the client reads its settings', async () => {
      // The demo's code discount as the dialect shows it (and as its webhooks send it: test/sandbox/discounts.test.ts).
      const stored = JSON.parse((await call(s.sandbox, 'GET', '/discounts/6100000000000000013')).text).discount as Record<string, unknown>;
      for (const topic of ['discounts/create', 'discounts/update'] as const) {
        expect(new Set(shapeOf(sample(topic, brand)))).toEqual(new Set(shapeOf(stored)));
        expect(readDiscount(sample(topic, brand) as never)).toMatchObject({
          id: '4000000000000000951',
          discountType: 'ORDER_DISCOUNT',
          discountMethod: 'CODE_DISCOUNT',
          valueType: 'PERCENTAGE',
        });
      }
      expect(readDiscount(sample('discounts/create', brand) as never).code).toBe(brand === 'genstore' ? 'SUMMER10' : '');
    });

    it('the update is the created discount, changed; the deletion names it by the id field of the shape', () => {
      const [create, update] = [sample('discounts/create', brand), sample('discounts/update', brand)];
      expect(update[idField]).toBe(create[idField]);
      expect(update.value).not.toBe(create.value);
      expect(update.createTime).toBe(create.createTime);
      expect(sample('discounts/delete', brand)).toEqual({ [idField]: create[idField] });
    });
  });

  it('every other topic sends one sample to both families', () => {
    for (const topic of SAMPLE_TOPICS.filter((t) => !t.startsWith('discounts/'))) {
      expect(hasShapes(topic)).toBe(false);
      expect(samplePayload(topic, undefined, 'genstore')).toEqual(samplePayload(topic, undefined, 'service'));
    }
    for (const topic of ['discounts/create', 'discounts/update', 'discounts/delete'] as const) expect(hasShapes(topic)).toBe(true);
  });
});
