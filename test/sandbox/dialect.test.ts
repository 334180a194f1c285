import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseTokenSpec, SandboxUsageError, startSandbox } from '../../src/sandbox/index.js';
import { call, freshCode, withSandbox, type Reply } from './helpers.js';
import { createProduct } from './product-helpers.js';

// What `dialect: 'real'` changes on the wire (README "Dialects"): Genstore's header names,
// whole codes in reads, ...; the rest of test/sandbox covers the default 'service' dialect.

const REAL = { dialect: 'real' } as const;

/** Exactly `{"error": "<sentence>"}`: the real store's error body, nothing else in it. */
function expectRealError(reply: Reply, status: number, mentions: RegExp): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json');
  expect(Object.keys(reply.json)).toEqual(['error']);
  expect(reply.json.error).toMatch(mentions);
}

async function createCards(sandbox: Parameters<typeof call>[0], count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const reply = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: freshCode(), initialValue: '5.00' } } });
    ids.push(reply.json.giftCard.id);
  }
  return ids;
}

/** GET with a Host header of the caller's choice (fetch would not let a test set it). */
function getWithHost(url: string, sandbox: { token: string; tokenHeader: string }, host: string): Promise<{ status: number; link: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: host, [sandbox.tokenHeader]: sandbox.token } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, link: [res.headers.link ?? []].flat().join(', ') || undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The URL of one rel in a real-dialect Link value, quoted or not. */
function realLink(header: string | null, rel: string): string | undefined {
  const value = header?.replace(/^"(.*)"$/, '$1') ?? '';
  return new RegExp(`< (\\S+) >; rel=${rel}(,|$)`).exec(value)?.[1];
}

describe("dialect 'real'", () => {
  it('answers errors as {"error": message} with the status of the fault', async () => {
    await withSandbox(REAL, async (sandbox) => {
      expectRealError(await call(sandbox, 'GET', '/gift_cards/123'), 404, /No gift card has the id 123/);
      expectRealError(await call(sandbox, 'GET', '/gift_cards/count', { token: 'wrong' }), 401, /token/i);
      expectRealError(await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'x', initialValue: '1' } } }), 400, /giftCard\.code/);
      expectRealError(await call(sandbox, 'GET', '/nowhere'), 404, /No endpoint/);
      // 413 is not among the real store's statuses: an oversized body is a 400 there.
      const note = 'x'.repeat(1024 * 1024);
      expectRealError(
        await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: freshCode(), initialValue: '1', note } } }),
        400,
        /exceeds the limit/,
      );
    });
  });

  it('answers 201 to a gift card create, 200 to product create and metafield create', async () => {
    await withSandbox({ ...REAL, seed: 'demo' }, async (sandbox) => {
      const card = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: freshCode(), initialValue: '5.00' } } });
      expect(card.status).toBe(201);
      expect(card.json.giftCard.code).toMatch(/^TEST/);
      expect((await createProduct(sandbox)).productId).toMatch(/^[0-9]+$/);
      const values = await call(sandbox, 'POST', '/metafields/products/4000000000000000401', {
        body: { metaFieldDataList: [{ namespace: 'custom', code: 'note1', value: 'hi' }] },
      });
      expect(values.status, values.text).toBe(200);
    });
  });

  it('writes ids as strings and times without a zone; expireTime stays a plain date', async () => {
    await withSandbox({ ...REAL, now: () => new Date('2026-11-21T10:04:38Z') }, async (sandbox) => {
      const created = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: freshCode(), initialValue: '5.00', expireTime: '2027-12-04' } } });
      const card = created.json.giftCard;
      expect(created.text).toMatch(/"id":"[0-9]+"/);
      expect(typeof card.userId).toBe('string');
      expect(card.createTime).toBe('2026-11-21T10:04:38.000');
      expect(card.updateTime).toBe('2026-11-21T10:04:38.000');
      expect(card.expireTime).toBe('2027-12-04');
      const disabled = (await call(sandbox, 'POST', `/gift_cards/${card.id}/disable`, { body: {} })).json.giftCard;
      expect(disabled.disableTime).toBe('2026-11-21T10:04:38.000');
      const listed = (await call(sandbox, 'GET', '/gift_cards/search')).json.giftCards;
      expect(listed[0].createTime).toBe('2026-11-21T10:04:38.000');
    });
  });

  it('refuses to write ids as numbers', async () => {
    await expect(startSandbox({ ...REAL, idsAs: 'number' })).rejects.toThrow(SandboxUsageError);
    await expect(startSandbox({ ...REAL, idsAs: 'number' })).rejects.toThrow(/real dialect writes ids as JSON strings/);
  });

  it('links pages with padded, unquoted rels and rel=previous, quoting the whole value every other time', async () => {
    await withSandbox(REAL, async (sandbox) => {
      const ids = await createCards(sandbox, 5);
      const first = await call(sandbox, 'GET', '/gift_cards/search?limit=2');
      const firstLink = first.headers.get('link') as string;
      expect(firstLink).toMatch(new RegExp(`^"< ${sandbox.baseUrl}/api/202412/gift_cards/search\\?limit=2&pageToken=[A-Za-z0-9_-]+ >; rel=next"$`));

      const second = await call(sandbox, 'GET', realLink(firstLink, 'next') as string);
      const secondLink = second.headers.get('link') as string;
      expect(secondLink).toMatch(/^< \S+ >; rel=previous, < \S+ >; rel=next$/);
      const back = await call(sandbox, 'GET', realLink(secondLink, 'previous') as string);
      expect(back.json.giftCards.map((card: { id: string }) => card.id)).toEqual(ids.slice(0, 2));

      const third = await call(sandbox, 'GET', realLink(secondLink, 'next') as string);
      expect(third.json.giftCards.map((card: { id: string }) => card.id)).toEqual(ids.slice(4));
      // The last page links back only; this is the fourth Link sent, so unquoted again.
      const thirdLink = third.headers.get('link') as string;
      expect(realLink(thirdLink, 'next')).toBeUndefined();
      const before = await call(sandbox, 'GET', realLink(thirdLink, 'previous') as string);
      expect(before.json.giftCards.map((card: { id: string }) => card.id)).toEqual(ids.slice(2, 4));
    });
  });

  it('writes a collection type as a number and published as a boolean, filtering by the same codes', async () => {
    await withSandbox({ ...REAL, seed: 'demo' }, async (sandbox) => {
      const all = await call(sandbox, 'GET', '/collections');
      expect(all.text).toMatch(/"collectionType":1,/);
      const byTitle = Object.fromEntries(all.json.collections.map((c: { title: string }) => [c.title, c]));
      expect(byTitle['Summer Sale']).toMatchObject({ collectionType: 1, published: true });
      expect(byTitle['New Arrivals']).toMatchObject({ collectionType: 2, published: true });
      expect(byTitle['Rainy Day Picks']).toMatchObject({ collectionType: 1, published: false });
      const smart = await call(sandbox, 'GET', '/collections?collectionType=2');
      expect(smart.json.collections.map((c: { title: string }) => c.title)).toEqual(['New Arrivals', 'Best Sellers']);
      expectRealError(await call(sandbox, 'GET', '/collections?collectionType=smart'), 400, /collectionType/);
    });
  });

  it('keeps the filters in the token and refuses a filter beside pageToken, limit alone allowed', async () => {
    await withSandbox(REAL, async (sandbox) => {
      await createCards(sandbox, 3);
      const first = await call(sandbox, 'GET', '/gift_cards/search?limit=1&status=enabled');
      const next = new URL(realLink(first.headers.get('link'), 'next') as string);
      expect(next.searchParams.has('status')).toBe(false);
      const token = next.searchParams.get('pageToken') as string;
      expect((await call(sandbox, 'GET', `/gift_cards/search?pageToken=${token}&limit=2`)).status).toBe(200);
      for (const filter of ['status=enabled', 'sinceId=1', 'lastCharacters=ABCD']) {
        expectRealError(await call(sandbox, 'GET', `/gift_cards/search?pageToken=${token}&${filter}`), 400, /must not be sent beside pageToken/);
      }
    });
  });

  it('pages the product listing by token alone: its filters travel in the token, one beside it is a 400', async () => {
    await withSandbox({ ...REAL, seed: 'demo' }, async (sandbox) => {
      const first = await call(sandbox, 'GET', '/products?limit=1&status=active');
      expect(first.json.products.map((p: { title: string }) => p.title)).toEqual(['Organic Cotton T-Shirt']);
      const next = new URL(realLink(first.headers.get('link'), 'next') as string);
      expect([...next.searchParams.keys()].sort()).toEqual(['limit', 'pageToken']);
      const second = await call(sandbox, 'GET', `${next.pathname.replace('/api/202412', '')}${next.search}`);
      expect(second.json.products.map((p: { title: string }) => p.title)).toEqual(['Stoneware Coffee Mug']);
      expect(realLink(second.headers.get('link'), 'next')).toBeUndefined(); // the jacket is a draft
      const token = next.searchParams.get('pageToken') as string;
      for (const filter of ['status=active', 'title=mug', 'collectionId=4000000000000000304']) {
        expectRealError(await call(sandbox, 'GET', `/products?pageToken=${token}&${filter}`), 400, /must not be sent beside pageToken/);
      }
      // Genstore's product page documents no count: the path is a product id nobody has.
      expectRealError(await call(sandbox, 'GET', '/products/count?status=draft'), 404, /No product has the id count/);
    });
  });

  it('answers 429 without Retry-After, to an injected fault and to the rate limiter', async () => {
    await withSandbox({ ...REAL, failRate: 1, failKinds: ['429'], failSeed: 1 }, async (sandbox) => {
      const reply = await call(sandbox, 'GET', '/gift_cards/count');
      expectRealError(reply, 429, /Too many requests/);
      expect(reply.headers.get('retry-after')).toBeNull();
    });
    await withSandbox({ ...REAL, rateLimit: { rps: 0.001, burst: 1 } }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
      const refused = await call(sandbox, 'GET', '/gift_cards/count');
      expectRealError(refused, 429, /Too many requests/);
      expect(refused.headers.get('retry-after')).toBeNull();
    });
  });

  it("speaks Genstore's header family: the token only as X-Genstore-Access-Token; a 401 names that header", async () => {
    await withSandbox({ ...REAL, seed: 'demo' }, async (sandbox) => {
      expect(sandbox.tokenHeader).toBe('X-Genstore-Access-Token');
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
      // The spec's name is not a token header here, whatever token it carries.
      const spec = await call(sandbox, 'GET', '/gift_cards/count', { token: null, headers: { 'X-Service-Access-Token': sandbox.token } });
      expectRealError(spec, 401, /^The X-Genstore-Access-Token header is missing\.$/);
      expect((await call(sandbox, 'GET', '/oauth2/access_scopes', { token: null, headers: { 'X-Service-Access-Token': sandbox.token } })).status).toBe(401);
      expect((await call(sandbox, 'GET', '/oauth2/access_scopes')).json).toEqual({
        accessScopes: expect.stringMatching(
          /^\[read_gift_card,.*write_apps,.*read_discounts,write_discounts,read_orders,write_orders,read_all_orders,write_fulfillments,read_markets,write_markets,read_content,write_content,read_materials,write_materials,read_themes,write_themes,read_payments,read_customer_protected_data\]$/,
        ),
      });
    });
  });

  it('announces the bucket as X-Genstore-Shop-Api-Rate-Limit', async () => {
    await withSandbox({ ...REAL, rateLimit: 'basic' }, async (sandbox) => {
      const reply = await call(sandbox, 'GET', '/gift_cards/count');
      expect(reply.headers.get('x-genstore-shop-api-rate-limit')).toBe('1/40');
      expect(reply.headers.get('x-service-shop-api-rate-limit')).toBeNull();
    });
  });

  it("shows whole gift card codes in reads, beside lastCharacters, as the docs' sample does", async () => {
    await withSandbox({ ...REAL, seed: 'demo' }, async (sandbox) => {
      const card = (await call(sandbox, 'GET', '/gift_cards/4000000000000000011')).json.giftCard;
      expect({ code: card.code, lastCharacters: card.lastCharacters }).toEqual({ code: 'HOLIDAY25GIFTA7K2', lastCharacters: 'A7K2' });
      const found = (await call(sandbox, 'GET', '/gift_cards/search?lastCharacters=A7K2')).json.giftCards;
      expect(found.map((c: { code: string }) => c.code)).toEqual(['HOLIDAY25GIFTA7K2']);
    });
    // Asked for, the real dialect masks them too.
    await withSandbox({ ...REAL, seed: 'demo', codesInReads: 'masked' }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/4000000000000000011')).json.giftCard.code).toBe('****A7K2');
    });
  });

  it('lets category search and collection listing through with read_products or write_products alone', async () => {
    const tokens = [parseTokenSpec('reader:read_products'), parseTokenSpec('writer:write_products'), parseTokenSpec('gifts:read_gift_card')];
    await withSandbox({ ...REAL, seed: 'demo', tokens }, async (sandbox) => {
      for (const path of ['/category/search?categoryName=tops', '/collections']) {
        expect((await call(sandbox, 'GET', path, { token: 'reader' })).status, path).toBe(200);
        expect((await call(sandbox, 'GET', path, { token: 'writer' })).status, path).toBe(200);
        expectRealError(await call(sandbox, 'GET', path, { token: 'gifts' }), 403, /any of read_products, write_products/);
      }
    });
    // The service dialect keeps read_products for reads.
    await withSandbox({ seed: 'demo', tokens }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/collections', { token: 'writer' })).status).toBe(403);
    });
  });

  it('rejects an unknown dialect by name', async () => {
    await expect(startSandbox({ dialect: 'shopify' as 'real' })).rejects.toThrow(/dialect must be "service" or "real", not "shopify"/);
  });
});

describe.each(['service', 'real'] as const)('Link origin in the %s dialect', (dialect) => {
  it('points at the listening address, whatever Host the request names (a foreign one is refused outright)', async () => {
    await withSandbox({ dialect }, async (sandbox) => {
      await createCards(sandbox, 3);
      expect((await getWithHost(`${sandbox.baseUrl}/api/202412/gift_cards/search?limit=1`, sandbox, 'evil.example')).status).toBe(403);
      for (const host of ['localhost:80', '127.0.0.2', '[::1]:1']) {
        const reply = await getWithHost(`${sandbox.baseUrl}/api/202412/gift_cards/search?limit=1`, sandbox, host);
        expect(reply.status).toBe(200);
        expect(reply.link).toContain(`${sandbox.baseUrl}/api/202412/gift_cards/search?`);
        expect(reply.link).not.toContain('evil');
      }
    });
  });
});

describe("dialect 'service' (the default)", () => {
  it('keeps its Link form and Retry-After, and takes equal filters beside pageToken', async () => {
    await withSandbox({ failRate: 0 }, async (sandbox) => {
      await createCards(sandbox, 3);
      const first = await call(sandbox, 'GET', '/gift_cards/search?limit=1&status=enabled');
      const link = first.headers.get('link') as string;
      expect(link).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/202412\/gift_cards\/search\?limit=1&pageToken=[\w-]+>; rel="next"$/);
      const url = /^<(\S+)>/.exec(link)?.[1] as string;
      const second = await call(sandbox, 'GET', `${url}&status=enabled`);
      expect(second.status).toBe(200);
      expect(second.headers.get('link')).not.toMatch(/previous/);
      expect((await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: freshCode(), initialValue: '1' } } })).status).toBe(200);
    });
  });
});
