import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, createCard, expectErrorShape, fields } from './helpers.js';

let sandbox: RunningSandbox;
const clock = { now: new Date('2026-06-15T23:59:59.000Z') };
const ids: Record<string, string> = {};

/** Follows Link headers from a first URL until there is none; returns every page's ids. */
async function walk(first: string): Promise<{ pages: string[][]; links: string[] }> {
  const pages: string[][] = [];
  const links: string[] = [];
  let url: string | null = first;
  while (url !== null) {
    const reply = await call(sandbox, 'GET', url);
    expect(reply.status).toBe(200);
    pages.push(reply.json.giftCards.map((card: { id: string }) => card.id));
    const link = reply.headers.get('link');
    if (link === null) {
      url = null;
    } else {
      links.push(link);
      const match = /^<([^>]+)>; rel="next"$/.exec(link);
      expect(match).not.toBeNull();
      url = (match as RegExpExecArray)[1] as string;
    }
    expect(pages.length).toBeLessThan(100);
  }
  return { pages, links };
}

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock.now });
  // 12 cards: every third disabled, cards 1 and 7 expired (yesterday), card 4 expiring today (still enabled).
  for (let index = 0; index < 12; index += 1) {
    const expireTime = index === 1 || index === 7 ? '2026-06-14' : index === 4 ? '2026-06-15' : index % 2 === 0 ? null : '2027-01-01';
    const card = await createCard(sandbox, { code: `SEARCHCARD${String(index).padStart(2, '0')}${index === 5 ? 'ZZzz' : 'AA00'}`, expireTime });
    ids[index] = card.id;
    if (index % 3 === 2) await call(sandbox, 'POST', `/gift_cards/${card.id}/disable`, { body: {} });
  }
});

afterAll(async () => {
  await sandbox.close();
});

describe('search', () => {
  it('lists every card ascending by id with the default limit and no Link', async () => {
    const reply = await call(sandbox, 'GET', '/gift_cards/search');
    expect(reply.status).toBe(200);
    const listed = reply.json.giftCards.map((card: { id: string }) => card.id);
    expect(listed).toEqual(Object.values(ids));
    const sorted = [...listed].sort((a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect(listed).toEqual(sorted);
    expect(reply.headers.get('link')).toBeNull();
  });

  it('filters by status, judging expiry by the UTC day of the clock', async () => {
    const status = async (value: string) =>
      (await call(sandbox, 'GET', `/gift_cards/search?status=${value}`)).json.giftCards.map((card: { id: string }) => card.id);
    expect(await status('disabled')).toEqual([ids[2], ids[5], ids[8], ids[11]]);
    expect(await status('expired')).toEqual([ids[1], ids[7]]);
    expect(await status('enabled')).toEqual([ids[0], ids[3], ids[4], ids[6], ids[9], ids[10]]);
    clock.now = new Date('2026-06-16T00:00:00.000Z');
    try {
      expect(await status('expired')).toEqual([ids[1], ids[4], ids[7]]);
    } finally {
      clock.now = new Date('2026-06-15T23:59:59.000Z');
    }
  });

  it('filters by lastCharacters ignoring case', async () => {
    const reply = await call(sandbox, 'GET', '/gift_cards/search?lastCharacters=zzZZ');
    expect(reply.json.giftCards.map((card: { id: string }) => card.id)).toEqual([ids[5]]);
    expect(reply.json.giftCards[0].code).toBe('****ZZzz');
  });

  it('lists only ids strictly greater than sinceId, compared as numbers', async () => {
    const reply = await call(sandbox, 'GET', `/gift_cards/search?sinceId=${ids[9]}`);
    expect(reply.json.giftCards.map((card: { id: string }) => card.id)).toEqual([ids[10], ids[11]]);
    const padded = await call(sandbox, 'GET', `/gift_cards/search?sinceId=00${ids[9]}`);
    expect(padded.json.giftCards).toHaveLength(2);
    const small = await call(sandbox, 'GET', '/gift_cards/search?sinceId=999');
    expect(small.json.giftCards).toHaveLength(12);
  });

  it('pages through everything via Link with no duplicates or gaps', async () => {
    const { pages, links } = await walk(`${sandbox.baseUrl}/api/202412/gift_cards/search?limit=5`);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
    expect(pages.flat()).toEqual(Object.values(ids));
    for (const link of links) {
      const url = new URL((/^<([^>]+)>/.exec(link) as RegExpExecArray)[1] as string);
      expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.baseUrl}/api/202412/gift_cards/search`);
      expect([...url.searchParams.keys()].sort()).toEqual(['limit', 'pageToken']);
      expect(url.searchParams.get('limit')).toBe('5');
    }
  });

  it('gives no Link when the last page is exactly full', async () => {
    const { pages } = await walk(`${sandbox.baseUrl}/api/202412/gift_cards/search?limit=6`);
    expect(pages.map((page) => page.length)).toEqual([6, 6]);
  });

  it('carries the filters in the page token', async () => {
    const { pages } = await walk(`${sandbox.baseUrl}/api/202412/gift_cards/search?limit=2&status=enabled&sinceId=${ids[0]}`);
    expect(pages).toEqual([[ids[3], ids[4]], [ids[6], ids[9]], [ids[10]]]);
  });

  it('accepts filters repeated beside the token when they match, and rejects different ones', async () => {
    const first = await call(sandbox, 'GET', '/gift_cards/search?limit=2&status=disabled');
    const next = new URL((/^<([^>]+)>/.exec(first.headers.get('link') as string) as RegExpExecArray)[1] as string);
    const token = next.searchParams.get('pageToken') as string;
    const same = await call(sandbox, 'GET', `/gift_cards/search?limit=2&status=disabled&pageToken=${token}`);
    expect(same.json.giftCards.map((card: { id: string }) => card.id)).toEqual([ids[8], ids[11]]);
    const other = await call(sandbox, 'GET', `/gift_cards/search?limit=2&status=enabled&pageToken=${token}`);
    expectErrorShape(other, 400, 'invalid');
    expect(fields(other)).toEqual(['status']);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=251', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=', 'limit'],
    ['status=active', 'status'],
    ['sinceId=abc', 'sinceId'],
    ['lastCharacters=abc', 'lastCharacters'],
    ['pageToken=not-a-token', 'pageToken'],
    [`pageToken=${Buffer.from('{"v":1,"after":"x","f":{}}').toString('base64url')}`, 'pageToken'],
    [`pageToken=${Buffer.from('{"v":1,"after":"5","f":{"status":"bogus"}}').toString('base64url')}`, 'pageToken'],
  ])('rejects %s with 400 naming %s', async (query, field) => {
    const reply = await call(sandbox, 'GET', `/gift_cards/search?${query}`);
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply)).toEqual([field]);
  });

  it('accepts the limit bounds 1 and 250', async () => {
    expect((await call(sandbox, 'GET', '/gift_cards/search?limit=1')).json.giftCards).toHaveLength(1);
    expect((await call(sandbox, 'GET', '/gift_cards/search?limit=250')).json.giftCards).toHaveLength(12);
  });
});

describe('count', () => {
  it('counts every card and ignores query parameters', async () => {
    expect((await call(sandbox, 'GET', '/gift_cards/count')).json).toEqual({ count: '12' });
    expect((await call(sandbox, 'GET', '/gift_cards/count?status=disabled')).json).toEqual({ count: '12' });
    await createCard(sandbox);
    expect((await call(sandbox, 'GET', '/gift_cards/count')).json).toEqual({ count: '13' });
  });
});
