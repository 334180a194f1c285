import { describe, expect, it } from 'vitest';
import { pageItems, RawApi, resolveApiPath } from '../../src/api/raw-api.js';
import { parseJson } from '../../src/core/json.js';
import type { RawAnswer, RawRequestSpec } from '../../src/core/http.js';
import { usageMessage } from '../helpers/usage-error.js';

describe('resolveApiPath', () => {
  it('puts a bare path below /api/202412/ and keeps an /api/ path as given', () => {
    expect(resolveApiPath('gift_cards/count', undefined)).toEqual({ path: '/api/202412/gift_cards/count', query: [] });
    expect(resolveApiPath('/gift_cards/count', undefined).path).toBe('/api/202412/gift_cards/count');
    expect(resolveApiPath('api/202412/gift_cards/count', undefined).path).toBe('/api/202412/gift_cards/count');
    expect(resolveApiPath('/api/202501/gift_cards', undefined).path).toBe('/api/202501/gift_cards');
  });

  it('splits the query and encodes what a path cannot carry, keeping escapes', () => {
    expect(resolveApiPath('collections?title=Summer Sale&x=1&x=2', undefined)).toEqual({
      path: '/api/202412/collections',
      query: [
        ['title', 'Summer Sale'],
        ['x', '1'],
        ['x', '2'],
      ],
    });
    expect(resolveApiPath('metafields/products/a b#c%2F%zz', undefined).path).toBe('/api/202412/metafields/products/a%20b%23c%2F%25zz');
  });

  it('an absolute URL must be the store itself, under its base path', () => {
    expect(resolveApiPath('https://store.example.com/shop/api/202412/gift_cards/search?limit=2', 'https://store.example.com/shop')).toEqual({
      path: '/api/202412/gift_cards/search',
      query: [['limit', '2']],
    });
    expect(usageMessage(() => resolveApiPath('https://evil.example.com/api/202412/x', 'https://store.example.com'))).toMatch(/only sent to the store/);
    expect(usageMessage(() => resolveApiPath('http://store.example.com/api/202412/x', 'https://store.example.com'))).toMatch(/only sent to the store/);
    expect(usageMessage(() => resolveApiPath('https://store.example.com:8443/api/202412/x', 'https://store.example.com'))).toMatch(/only sent to the store/);
    expect(usageMessage(() => resolveApiPath('https://store.example.com/other/api/202412/x', 'https://store.example.com/shop'))).toMatch(
      /outside the store's base URL/,
    );
    expect(usageMessage(() => resolveApiPath('https://store.example.com/api/202412/x', undefined))).toMatch(/not a URL/);
    expect(usageMessage(() => resolveApiPath('gift_cards/\ncount', undefined))).toMatch(/control characters/);
  });
});

describe('pageItems', () => {
  it('the one array property of an object, a top-level array, else the body', () => {
    expect(pageItems(parseJson('{"giftCards": [1, 2], "nextPageToken": "x"}'))).toHaveLength(2);
    expect(pageItems(parseJson('[{"a": 1}]'))).toHaveLength(1);
    expect(pageItems(parseJson('{"a": [], "b": []}'))).toHaveLength(1);
    expect(pageItems(parseJson('{"count": 3}'))).toHaveLength(1);
    expect(pageItems(undefined)).toEqual([]);
  });
});

/** The raw API sends nothing by the typed path. */
const typedRequestNotExpected = async (): Promise<never> => {
  throw new Error('a typed request from the raw API');
};

describe('RawApi', () => {
  it('follows a body nextPageToken on the same path; POST and PATCH are not idempotent', async () => {
    const sent: RawRequestSpec[] = [];
    const answers = ['{"items": [1, 2], "nextPageToken": "p2"}', '{"items": [3]}'];
    const transport = {
      request: typedRequestNotExpected,
      async requestRaw(spec: RawRequestSpec): Promise<RawAnswer> {
        sent.push(spec);
        return { status: 200, headers: {}, text: answers.shift() ?? '' };
      },
    };
    const api = new RawApi(transport);
    const items: unknown[] = [];
    for await (const page of api.pages({ method: 'GET', path: 'things?limit=2', query: [['sinceId', '5']] })) items.push(...page.items);
    expect(items.map(String)).toEqual(['1', '2', '3']);
    expect(sent.map((s) => s.path)).toEqual(['/api/202412/things?limit=2&sinceId=5', '/api/202412/things?limit=2&pageToken=p2']);
    expect(sent.every((s) => s.idempotent === true)).toBe(true);
    for (const method of ['POST', 'PATCH'] as const) {
      await api.request({ method, path: 'x', body: '{}' });
      expect(sent.at(-1)).toMatchObject({ method, idempotent: false, bodyText: '{}' });
    }
  });

  it("--paginate follows the real store's quoted, padded Link and fails on a full page whose Link cannot be read", async () => {
    const sent: string[] = [];
    const answers: Array<{ body: string; link: string }> = [
      { body: '{"items": [1, 2]}', link: '"< https://shop.example/api/202412/things?pageToken=n2&limit=2 >; rel=next"' },
      {
        body: '{"items": [3, 4]}',
        link: '"< https://shop.example/api/202412/things?pageToken=p1&limit=2 >; rel=previous, < https://shop.example/api/202412/things?pageToken=n3&limit=2 >; rel=next"',
      },
      { body: '{"items": [5, 6]}', link: 'junk' },
    ];
    const transport = {
      request: typedRequestNotExpected,
      async requestRaw(spec: RawRequestSpec): Promise<RawAnswer> {
        sent.push(spec.path);
        const answer = answers.shift()!;
        return { status: 200, headers: { link: answer.link }, text: answer.body };
      },
    };
    const items: unknown[] = [];
    const run = async () => {
      for await (const page of new RawApi(transport).pages({ method: 'GET', path: 'things?limit=2&status=enabled' })) items.push(...page.items);
    };
    await expect(run()).rejects.toThrow(/^The store's Link header could not be read \(Link: junk\) and the page was full \(2 of 2 items\)/);
    expect(items.map(String)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(sent).toEqual(['/api/202412/things?limit=2&status=enabled', '/api/202412/things?pageToken=n2&limit=2', '/api/202412/things?pageToken=n3&limit=2']);
  });
});
