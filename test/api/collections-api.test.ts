// The collection requests (paths, wrappers, bodies as the real store's docs write them), and
// the docs' own sample collection read through the client: what `collection get` shows of it
// and what an update would send back.
import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { CollectionsApi } from '../../src/api/collections/requests.js';
import { changeToWire, collectionFromFile, editableWire } from '../../src/api/collections/schema.js';
import { CancelledError, UnconfirmedCreateError, UsageError } from '../../src/core/errors.js';
import { collectionViews } from '../../src/commands/collection/table.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const ONE = '{"collectionId":"4000000000000000304","title":"Summer Sale","collectionType":"1","published":"true","collects":"[]","countGoodsNum":"0"}';

/**
 * partners.genstore.ai/docs/api-rest/10 "About Collection", Product Collection Object: the
 * sample's readable part (`collectionType` as "1", `image.src`, `ruleSet` with
 * appliedDisjunctively "true" and a rule on `title`) with the fields its property table lists
 * past the cut (collectionId and countGoodsNum numbers, collects an array, published a
 * boolean). The sample's condition is printed as "["test"]", not JSON: written escaped here.
 */
const DOCS_SAMPLE = `{"collection":{"collectionType":"1","image":{"src":"https://cdn.shopify.com/s/files/1/0600/8317/5513/files/wax-special_150x.png?v=1716260624"},"ruleSet":{"appliedDisjunctively":"true","rules":[{"condition":"[\\"test\\"]","column":"title","relation":"contains"}]},"title":"Wax specials","bodyHtml":"<p>Wax</p>","published":true,"collectionId":72057594037927941,"countGoodsNum":2,"collects":[72057594037927951,72057594037927952]}}`;

describe('CollectionsApi', () => {
  it("get, update and delete address the collection by an encoded path segment; count without a filter is the store's", async () => {
    const t = new FakeTransport([{ body: `{"collection":${ONE}}` }, { body: `{"collection":${ONE}}` }, { body: '{}' }, { body: '{"count":"6"}' }]);
    const api = new CollectionsApi(t);
    expect(toJson(await api.get('1/../x'))).toBe(ONE);
    await api.update('4000000000000000304', { title: 'T', collectionType: 1, published: true });
    await api.delete('4000000000000000304');
    expect(await api.count()).toBe('6');
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/202412/collections/1%2F..%2Fx',
      'PUT /api/202412/collections/4000000000000000304',
      'DELETE /api/202412/collections/4000000000000000304',
      'GET /api/202412/collections/count',
    ]);
    expect(toJson(t.requests[1]!.body)).toBe('{"collection":{"title":"T","collectionType":1,"published":true}}');
  });

  it('a filter the docs do not show cannot widen the answer: a store that ignores title and type is checked on what it sends, and a count with one counts the listing', async () => {
    // A store that ignores both parameters: every collection comes back, whatever the query.
    const all = `{"collections":[${ONE},{"collectionId":"4000000000000000305","title":"Summer Smart","collectionType":2},{"collectionId":"4000000000000000306","title":"Winter","collectionType":"2"},{"collectionId":"4000000000000000307","title":"no type"}]}`;
    const t = new FakeTransport([{ body: all }, { body: all }]);
    const api = new CollectionsApi(t);
    const found = await api.list({ title: 'SUMMER', collectionType: 'smart' });
    expect(found.map((c) => c.collectionId)).toEqual(['4000000000000000305']);
    expect(await api.count({ title: 'summer', collectionType: 'smart' })).toBe('1');
    // Both sent to the store all the same (a store that takes them answers fewer), the count by listing.
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/202412/collections', 'GET /api/202412/collections']);
    expect(t.requests[1]!.query).toEqual({ title: 'summer', collectionType: '2' });
  });

  it('create wraps the collection, sends the type as a number and the flag as a boolean, and is never resent', async () => {
    const t = new FakeTransport([{ body: `{"collection":${ONE}}`, status: 201 }]);
    const wire = changeToWire({
      collectionType: 'custom',
      published: true,
      title: 'Winter',
      bodyHtml: '<p>Cold</p>',
      imageUrl: 'https://img.example.com/w.jpg',
    });
    await new CollectionsApi(t).create(wire);
    expect(toJson(t.requests[0]!.body)).toBe(
      '{"collection":{"title":"Winter","bodyHtml":"<p>Cold</p>","collectionType":1,"image":{"src":"https://img.example.com/w.jpg"},"published":true}}',
    );
    const lost = new CollectionsApi({
      request: async () => {
        throw new CancelledError('Interrupted.');
      },
    });
    await expect(lost.create(wire)).rejects.toThrow(UnconfirmedCreateError);
  });

  it('puts products in with POST and takes them out with DELETE of collections/collect, reading the collection back when the answer has none', async () => {
    const t = new FakeTransport([{ body: `{"collection":${ONE}}` }, { body: '' }, { body: `{"collection":${ONE}}` }]);
    const api = new CollectionsApi(t);
    await api.addProducts('4000000000000000304', ['4000000000000000431', '4000000000000000451']);
    await api.removeProducts('4000000000000000304', ['4000000000000000431']);
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/202412/collections/collect',
      'DELETE /api/202412/collections/collect',
      'GET /api/202412/collections/4000000000000000304',
    ]);
    expect(t.requests[0]!.body).toEqual({ collect: { collectionId: '4000000000000000304', productIds: ['4000000000000000431', '4000000000000000451'] } });
    expect(t.requests[1]!.body).toEqual({ collect: { collectionId: '4000000000000000304', productIds: ['4000000000000000431'] } });
  });
});

describe("the docs' sample collection", () => {
  it('reads whole: ids digit-exact, the type by name, the count and the image shown', async () => {
    const collection = await new CollectionsApi(new FakeTransport([{ body: DOCS_SAMPLE }])).get('72057594037927941');
    expect(toJson({ collection })).toBe(DOCS_SAMPLE);
    const shown = Object.fromEntries((await collectionViews()).detail.columns.map((column) => [column.header, column.value(collection)]));
    expect(shown).toEqual({
      ID: '72057594037927941',
      TITLE: 'Wax specials',
      TYPE: 'custom',
      PUBLISHED: 'true',
      PRODUCTS: '2',
      IMAGE: 'https://cdn.shopify.com/s/files/1/0600/8317/5513/files/wax-special_150x.png?v=1716260624',
      DESCRIPTION: '<p>Wax</p>',
    });
  });

  it('an update sends it back in the documented forms, its rules as sent, without the read-only fields', async () => {
    const collection = await new CollectionsApi(new FakeTransport([{ body: DOCS_SAMPLE }])).get('72057594037927941');
    expect(toJson(editableWire(collection))).toBe(
      '{"title":"Wax specials","bodyHtml":"<p>Wax</p>","collectionType":1,"image":{"src":"https://cdn.shopify.com/s/files/1/0600/8317/5513/files/wax-special_150x.png?v=1716260624"},"published":true,"ruleSet":{"appliedDisjunctively":"true","rules":[{"condition":"[\\"test\\"]","column":"title","relation":"contains"}]}}',
    );
  });

  it('is a valid --file for create: the store-written fields are dropped, the rules kept', async () => {
    const { parseJson } = await import('../../src/core/json.js');
    const change = collectionFromFile(parseJson(DOCS_SAMPLE), 'sample.json', false);
    expect(change).toMatchObject({ title: 'Wax specials', collectionType: 'custom', published: true, imageUrl: expect.stringContaining('wax-special') });
    expect(Object.keys(changeToWire(change))).toEqual(['title', 'bodyHtml', 'collectionType', 'image', 'published', 'ruleSet']);
  });
});

describe('--file checks', () => {
  it('names the file and the JSON path of the first problem', () => {
    const refuse = (value: unknown, partial = false) => {
      try {
        collectionFromFile(value, 'c.json', partial);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refuse({ bodyHtml: 'x' })).toBe('c.json: title: is required.');
    expect(refuse({ collection: { title: 'x', collectionType: 3 } })).toBe(
      'c.json: collection.collectionType: must be 1 (custom) or 2 (smart), or "custom" or "smart".',
    );
    expect(refuse({ title: 'x', handle: 'y' })).toBe('c.json: the collection: unknown field "handle".');
    expect(refuse({ image: { src: 'ftp://x' } }, true)).toBe('c.json: image.src: must be an absolute http or https URL.');
  });
});
