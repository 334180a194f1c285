import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedSandbox } from '../../src/root/embedded-sandbox.js';
import { SandboxDataError, startSandbox } from '../../src/sandbox/index.js';
import { call, createCard, withSandbox } from './helpers.js';
import { collects, createProduct, DEMO, idsOf, listCollections, shirtBody } from './product-helpers.js';

let dir: string;
let dataFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-products-'));
  dataFile = join(dir, 'state.json');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('product persistence', () => {
  it('keeps products, their ids and collection membership across a restart; new ids stay above them', async () => {
    const created = await withSandbox({ dataFile, seed: 'demo' }, async (sandbox) => {
      const product = await createProduct(
        sandbox,
        shirtBody({ categoryId: DEMO.categories.tShirts, collections: JSON.stringify([DEMO.collections.giftsUnder50]) }),
      );
      await call(sandbox, 'DELETE', `/products/${DEMO.products.jacket}`);
      return (await call(sandbox, 'GET', `/products/${product.productId}`)).json.product;
    });
    const state = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(Object.keys(state.data)).toEqual(expect.arrayContaining(['giftCards', 'categories', 'collections', 'products']));
    // Membership is stored once, on the products.
    expect(state.data.collections[0]).not.toHaveProperty('collects');

    await withSandbox({ dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'GET', `/products/${created.productId}`)).json.product).toEqual(created);
      expect((await call(sandbox, 'GET', `/products/${DEMO.products.jacket}`)).status).toBe(404);
      const gifts = (await listCollections(sandbox, '?title=gifts'))[0];
      expect(collects(gifts)).toEqual([DEMO.products.mug, created.productId]);
      expect(collects((await listCollections(sandbox, '?title=rainy'))[0])).toEqual([]);
      const next = await createProduct(sandbox);
      const highest = idsOf(created)
        .map(BigInt)
        .reduce((a, b) => (a > b ? a : b));
      expect(BigInt(next.productId)).toBeGreaterThan(highest);
    });
  });

  it('gives a state file written before products existed the demo catalog when seeding demo, and keeps its gift cards', async () => {
    const cardId = await withSandbox({ dataFile }, async (sandbox) => (await createCard(sandbox)).id as string);
    const state = JSON.parse(await readFile(dataFile, 'utf8'));
    for (const key of ['categories', 'collections', 'products']) delete state.data[key];
    await writeFile(dataFile, JSON.stringify(state));

    await withSandbox({ dataFile, seed: 'demo' }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('1');
      expect((await call(sandbox, 'GET', `/gift_cards/${cardId}`)).status).toBe(200);
      expect((await call(sandbox, 'GET', '/category/search')).json.productCategories).toHaveLength(12);
      expect((await call(sandbox, 'GET', `/products/${DEMO.products.mug}`)).status).toBe(200);
    });
    const rewritten = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(rewritten.data.categories).toHaveLength(12);
  });

  it('refuses a state file whose product names a collection that does not exist, naming the file', async () => {
    await withSandbox({ dataFile, seed: 'demo' }, async () => undefined);
    const state = JSON.parse(await readFile(dataFile, 'utf8'));
    state.data.products[0].collections.push('4000000000000009999');
    await writeFile(dataFile, JSON.stringify(state));
    const error = await startSandbox({ dataFile }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxDataError);
    expect((error as Error).message).toContain(dataFile);
    expect((error as Error).message).toContain('4000000000000009999');
  });

  it("reads a collection stored as 'manual' (earlier versions' name) as custom, answered as code 1", async () => {
    await withSandbox({ dataFile, seed: 'demo' }, async () => undefined);
    const state = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(state.data.collections[0]).toMatchObject({ title: 'Summer Sale', collectionType: 'custom' });
    state.data.collections[0].collectionType = 'manual';
    await writeFile(dataFile, JSON.stringify(state));
    await withSandbox({ dataFile }, async (sandbox) => {
      expect((await listCollections(sandbox, '?collectionType=1')).map((collection) => collection.title)).toContain('Summer Sale');
    });
  });

  it('refuses a stored product that breaks the record shape, naming the field', async () => {
    await withSandbox({ dataFile, seed: 'demo' }, async () => undefined);
    const state = JSON.parse(await readFile(dataFile, 'utf8'));
    state.data.products[1].status = 'published';
    await writeFile(dataFile, JSON.stringify(state));
    const error = await startSandbox({ dataFile }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SandboxDataError);
    expect((error as Error).message).toContain('data.products.1.status');
  });

  it('the embedded --sandbox has the category tree, the collections and the demo products', async () => {
    const sandbox = await startEmbeddedSandbox(dir, undefined);
    try {
      expect((await call(sandbox, 'GET', '/category/search')).json.productCategories).toHaveLength(12);
      expect((await listCollections(sandbox, '?title=summer')).map((collection) => collection.title)).toEqual(['Summer Sale', 'Summer Essentials']);
      expect((await call(sandbox, 'GET', `/products/${DEMO.products.tShirt}`)).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
