// The collection writes of the sandbox, in both dialects: get, count, create, update, delete,
// and products put into or taken out of a collection (POST|DELETE /collections/collect), with
// the products' `collections` and the collection's `collects` kept in agreement, journaled
// (a restart from the data file keeps them) and announced by collections/* webhooks.
import { spawnSync } from 'node:child_process';
import { copyFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { DIALECTS } from '../helpers/dialects.js';
import { scratchDir } from '../helpers/scratch.js';
import { call, expectErrorShape, fields, withSandbox } from './helpers.js';
import { collects, DEMO } from './product-helpers.js';
import { startReceiver } from './webhook-receiver.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function productCollections(sandbox: RunningSandbox, productId: string): Promise<string[]> {
  const reply = await call(sandbox, 'GET', `/products/${productId}`);
  return JSON.parse(reply.json.product.collections as string).map(String);
}

describe.each(DIALECTS)('collections in the %s dialect', (dialect) => {
  const real = dialect === 'real';
  const typeOf = (code: number) => (real ? code : String(code));
  const flag = (value: boolean) => (real ? value : String(value));

  it('reads one collection, counts them (with the listing filters), and answers 404 for an unknown id', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const one = await call(sandbox, 'GET', `/collections/${DEMO.collections.newArrivals}`);
      expect(one.status, one.text).toBe(200);
      expect(one.json.collection).toMatchObject({
        collectionId: DEMO.collections.newArrivals,
        title: 'New Arrivals',
        collectionType: typeOf(2),
        published: flag(true),
        countGoodsNum: '2',
      });
      expect(collects(one.json.collection)).toEqual([DEMO.products.mug, DEMO.products.jacket]);
      expect((await call(sandbox, 'GET', '/collections/count')).json).toEqual({ count: '6' });
      expect((await call(sandbox, 'GET', '/collections/count?title=summer')).json).toEqual({ count: '2' });
      expect((await call(sandbox, 'GET', '/collections/count?collectionType=2')).json).toEqual({ count: '2' });
      const missing = await call(sandbox, 'GET', '/collections/4000000000000009999');
      expect(missing.status).toBe(404);
      if (!real) expectErrorShape(missing, 404, 'not_found');
      else expect(missing.json.error).toContain('No collection has the id');
    });
  });

  it('creates, updates and deletes a collection; both forms of type and flag are read, the answer is in the dialect form', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const created = await call(sandbox, 'POST', '/collections', {
        body: {
          collection: { title: 'Winter', collectionType: 2, published: false, bodyHtml: '<p>Cold</p>', image: { src: 'https://img.example.com/w.jpg' } },
        },
      });
      expect(created.status, created.text).toBe(real ? 201 : 200);
      const winter = created.json.collection;
      expect(winter).toMatchObject({
        title: 'Winter',
        collectionType: typeOf(2),
        published: flag(false),
        bodyHtml: '<p>Cold</p>',
        image: { src: 'https://img.example.com/w.jpg' },
        collects: '[]',
        countGoodsNum: '0',
      });

      const updated = await call(sandbox, 'PUT', `/collections/${winter.collectionId}`, {
        body: { collection: { title: 'Winter Sale', collectionType: '1', published: 'true', image: null } },
      });
      expect(updated.status, updated.text).toBe(200);
      expect(updated.json.collection).toMatchObject({ title: 'Winter Sale', collectionType: typeOf(1), published: flag(true), bodyHtml: '<p>Cold</p>' });
      expect(updated.json.collection.image).toBeUndefined();
      expect((await call(sandbox, 'GET', '/collections/count')).json).toEqual({ count: '7' });

      const deleted = await call(sandbox, 'DELETE', `/collections/${winter.collectionId}`);
      expect(deleted.status, deleted.text).toBe(200);
      expect((await call(sandbox, 'GET', `/collections/${winter.collectionId}`)).status).toBe(404);
    });
  });

  it('refuses bad bodies at their JSON paths', async () => {
    await withSandbox({ seed: 'demo', dialect: 'service' }, async (sandbox) => {
      const missing = await call(sandbox, 'POST', '/collections', { body: { collection: { bodyHtml: 'x' } } });
      expectErrorShape(missing, 400, 'invalid');
      expect(fields(missing)).toEqual(['collection.title', 'collection.collectionType', 'collection.published']);
      const bad = await call(sandbox, 'POST', '/collections', {
        body: { collection: { title: ' ', collectionType: 3, published: 'yes', image: { src: 'ftp://x' }, ruleSet: {} } },
      });
      expect(fields(bad)).toEqual(['collection.ruleSet', 'collection.title', 'collection.collectionType', 'collection.published', 'collection.image.src']);
      const empty = await call(sandbox, 'PUT', `/collections/${DEMO.collections.summerSale}`, {
        body: { collection: { collectionId: DEMO.collections.summerSale } },
      });
      expect(fields(empty)).toEqual(['collection']);
      const collect = await call(sandbox, 'POST', '/collections/collect', { body: { collect: { collectionId: 'x', productIds: [] } } });
      expect(fields(collect)).toEqual(['collect.collectionId', 'collect.productIds']);
    });
  });

  it('puts products into a collection and takes them out, the products and the collection agreeing', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const { rainyDay } = DEMO.collections;
      const added = await call(sandbox, 'POST', '/collections/collect', {
        body: { collect: { collectionId: rainyDay, productIds: [DEMO.products.tShirt, DEMO.products.jacket] } },
      });
      expect(added.status, added.text).toBe(200);
      expect(collects(added.json.collection)).toEqual([DEMO.products.tShirt, DEMO.products.jacket]);
      expect(added.json.collection.countGoodsNum).toBe('2');
      expect(await productCollections(sandbox, DEMO.products.tShirt)).toContain(rainyDay);

      // An unknown product changes nothing.
      const unknown = await call(sandbox, 'POST', '/collections/collect', {
        body: { collect: { collectionId: rainyDay, productIds: [DEMO.products.mug, '4000000000000009999'] } },
      });
      expect(unknown.status).toBe(404);
      expect(await productCollections(sandbox, DEMO.products.mug)).not.toContain(rainyDay);

      const removed = await call(sandbox, 'DELETE', '/collections/collect', {
        body: { collect: { collectionId: rainyDay, productIds: [DEMO.products.tShirt] } },
      });
      expect(removed.status, removed.text).toBe(200);
      expect(collects(removed.json.collection)).toEqual([DEMO.products.jacket]);
      expect(await productCollections(sandbox, DEMO.products.tShirt)).not.toContain(rainyDay);

      // Deleting the collection takes it out of its products too.
      expect((await call(sandbox, 'DELETE', `/collections/${rainyDay}`)).status).toBe(200);
      expect(await productCollections(sandbox, DEMO.products.jacket)).not.toContain(rainyDay);
    });
  });
});

describe('collection scopes', () => {
  it('reads take read_products (either products scope on the real store), writes write_products', async () => {
    for (const dialect of DIALECTS) {
      const tokens = [
        { token: 'reader', scopes: ['read_products' as const] },
        { token: 'writer', scopes: ['write_products' as const] },
      ];
      await withSandbox({ seed: 'demo', dialect, tokens }, async (sandbox) => {
        for (const path of ['/collections/count', `/collections/${DEMO.collections.summerSale}`]) {
          expect((await call(sandbox, 'GET', path, { token: 'reader' })).status).toBe(200);
          expect((await call(sandbox, 'GET', path, { token: 'writer' })).status).toBe(dialect === 'real' ? 200 : 403);
        }
        const body = { collection: { title: 'Scoped', collectionType: 1, published: true } };
        expect((await call(sandbox, 'POST', '/collections', { body, token: 'reader' })).status).toBe(403);
        const collect = { collect: { collectionId: DEMO.collections.summerSale, productIds: [DEMO.products.mug] } };
        expect((await call(sandbox, 'POST', '/collections/collect', { body: collect, token: 'reader' })).status).toBe(403);
        expect((await call(sandbox, 'POST', '/collections/collect', { body: collect, token: 'writer' })).status).toBe(200);
      });
    }
  });
});

describe('collection durability and webhooks', () => {
  it('keeps created collections and memberships across a restart from the data file', async () => {
    const dataFile = `${scratchDir()}/state.json`;
    const id = await withSandbox({ dataFile, seed: 'demo' }, async (sandbox) => {
      const created = await call(sandbox, 'POST', '/collections', { body: { collection: { title: 'Kept', collectionType: '1', published: 'true' } } });
      const collectionId = created.json.collection.collectionId as string;
      await call(sandbox, 'POST', '/collections/collect', { body: { collect: { collectionId, productIds: [DEMO.products.mug] } } });
      await call(sandbox, 'DELETE', `/collections/${DEMO.collections.newArrivals}`);
      return collectionId;
    });
    await withSandbox({ dataFile }, async (sandbox) => {
      const kept = await call(sandbox, 'GET', `/collections/${id}`);
      expect(kept.json.collection).toMatchObject({ title: 'Kept', countGoodsNum: '1' });
      expect(await productCollections(sandbox, DEMO.products.mug)).toEqual([DEMO.collections.giftsUnder50, id]);
      expect((await call(sandbox, 'GET', `/collections/${DEMO.collections.newArrivals}`)).status).toBe(404);
    });
  });

  it('replays the journal after a crash: collections made, changed and deleted, and memberships, as answered', async () => {
    const dir = scratchDir();
    const dataFile = `${dir}/state.json`;
    const crashed = `${dir}/crashed.json`;
    const id = await withSandbox({ dataFile, seed: 'demo' }, async (sandbox) => {
      const created = await call(sandbox, 'POST', '/collections', { body: { collection: { title: 'Journaled', collectionType: 2, published: false } } });
      const collectionId = created.json.collection.collectionId as string;
      await call(sandbox, 'PUT', `/collections/${collectionId}`, { body: { collection: { title: 'Journaled 2', bodyHtml: '<p>J</p>' } } });
      await call(sandbox, 'POST', '/collections/collect', { body: { collect: { collectionId, productIds: [DEMO.products.tShirt, DEMO.products.jacket] } } });
      await call(sandbox, 'DELETE', '/collections/collect', { body: { collect: { collectionId, productIds: [DEMO.products.jacket] } } });
      await call(sandbox, 'DELETE', `/collections/${DEMO.collections.summerSale}`);
      // The files as a kill -9 now would leave them, and a lock whose owner is dead.
      expect(existsSync(`${dataFile}.journal`)).toBe(true);
      for (const suffix of ['', '.journal']) if (existsSync(`${dataFile}${suffix}`)) await copyFile(`${dataFile}${suffix}`, `${crashed}${suffix}`);
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
      await writeFile(`${crashed}.lock`, `${dead}\n`);
      return collectionId;
    });
    await withSandbox({ dataFile: crashed, seed: 'demo' }, async (sandbox) => {
      const kept = (await call(sandbox, 'GET', `/collections/${id}`)).json.collection;
      expect(kept).toMatchObject({ title: 'Journaled 2', bodyHtml: '<p>J</p>', collectionType: '2', published: 'false', countGoodsNum: '1' });
      expect(collects(kept)).toEqual([DEMO.products.tShirt]);
      expect(await productCollections(sandbox, DEMO.products.tShirt)).toEqual([DEMO.collections.summerEssentials, DEMO.collections.bestSellers, id]);
      expect(await productCollections(sandbox, DEMO.products.jacket)).not.toContain(id);
      expect((await call(sandbox, 'GET', `/collections/${DEMO.collections.summerSale}`)).status).toBe(404);
    });
  });

  it('announces collections/create, update (a collect too) and delete', async () => {
    const hooks = await startReceiver();
    cleanups.push(() => hooks.close());
    const sandbox = await launchSandbox({ seed: 'demo', webhooks: { urls: [hooks.url], secret: 's' } }, { webhookBackoffMs: 2 });
    cleanups.push(() => sandbox.close());
    const created = await call(sandbox, 'POST', '/collections', { body: { collection: { title: 'Hooked', collectionType: 1, published: true } } });
    const id = created.json.collection.collectionId as string;
    await call(sandbox, 'PUT', `/collections/${id}`, { body: { collection: { title: 'Hooked 2' } } });
    await call(sandbox, 'POST', '/collections/collect', { body: { collect: { collectionId: id, productIds: [DEMO.products.mug] } } });
    await call(sandbox, 'DELETE', `/collections/${id}`);
    await hooks.until((received) => received.length === 4);
    expect(hooks.received.map((delivery) => delivery.topic)).toEqual(['collections/create', 'collections/update', 'collections/update', 'collections/delete']);
    expect(hooks.received[0]?.json).toEqual(created.json.collection);
    expect(hooks.received[2]?.json.collects).toBe(`["${DEMO.products.mug}"]`);
    expect(hooks.received[3]?.json).toEqual({ collectionId: id });
  });
});
