import { describe, expect, it } from 'vitest';
import { draftFromWire, draftToWire, editableCopy, editBase, productFromFile, productLinks } from '../../src/api/products/wire.js';
import type { Product } from '../../src/api/products/schema.js';
import { parseJson, toJson } from '../../src/core/json.js';

const wire = (text: string) => parseJson(text) as Record<string, unknown>;

describe('product: domain <-> wire', () => {
  it('collections are ids and isMultiVariant a boolean in the domain; every other field passes in its place', () => {
    const store = wire('{"productId":"1","collections":"[40000000000000000011,\\"7\\"]","title":"T","isMultiVariant":"true","extra":{"a":"x"}}');
    const draft = draftFromWire(store);
    expect(Object.keys(draft)).toEqual(['productId', 'collections', 'title', 'multiVariant', 'extra']);
    expect(draft).toMatchObject({ collections: ['40000000000000000011', '7'], multiVariant: true, extra: { a: 'x' } });
    expect(draftFromWire({ isMultiVariant: false }).multiVariant).toBe(false);
    expect(draftFromWire({ isMultiVariant: 'false', collections: null })).toEqual({ multiVariant: false, collections: [] });
    expect(draftFromWire({ isMultiVariant: null }).multiVariant).toBeNull();
  });

  it('back to the wire: JSON-array text of id strings and "true"/"false"', () => {
    expect(draftToWire({ title: 'T', collections: ['1', '40000000000000000011'], multiVariant: false })).toEqual({
      title: 'T',
      collections: '["1","40000000000000000011"]',
      isMultiVariant: 'false',
    });
  });

  it('an unchanged field keeps the spelling of the product it came from, so a round trip is exact', () => {
    const text = '{"productId":40000000000000000001,"collections":"[4000000000000000304, 4000000000000000317]","isMultiVariant":true,"title":"T"}';
    const store = wire(text);
    expect(toJson(draftToWire(draftFromWire(store), store))).toBe(text);
    const tolerated = wire('{"collections":["3"],"isMultiVariant":"true"}');
    expect(draftToWire(draftFromWire(tolerated), tolerated)).toEqual(tolerated);
    const changed = { ...draftFromWire(store), collections: ['9'], multiVariant: false };
    expect(draftToWire(changed, store)).toMatchObject({ collections: '["9"]', isMultiVariant: 'false' });
  });

  it('an editable copy is the domain draft without what only a read carries', () => {
    expect(
      editableCopy({
        productId: '1',
        title: 'T',
        salesChannels: [],
        productCategory: { categoryId: '2' },
        categoryId: '2',
        collections: '["5"]',
        isMultiVariant: 'false',
      }),
    ).toEqual({
      productId: '1',
      title: 'T',
      categoryId: '2',
      collections: ['5'],
      multiVariant: false,
    });
  });

  it('a file may give collections as an array: its wire form is the text, its draft the ids', () => {
    const { wire: fileWire, draft } = productFromFile({ title: 'T', collections: ['5', '6'], status: 'draft' });
    expect(fileWire).toEqual({ title: 'T', collections: '["5","6"]', status: 'draft' });
    expect(Object.keys(fileWire)).toEqual(['title', 'collections', 'status']);
    expect(draft.collections).toEqual(['5', '6']);
  });

  it('an edit keeps a patch’s spelling of a mapped field it gives, else the store’s', () => {
    const current = { title: 'T', collections: '["1"]', isMultiVariant: true };
    expect(editBase(current, undefined)).toBe(current);
    expect(editBase(current, { collections: '[ "2" ]', title: 'U' })).toEqual({ title: 'T', collections: '[ "2" ]', isMultiVariant: true });
  });

  it('productLinks: the category (id and name) and collection ids, however the store wrote them', () => {
    expect(productLinks({ productId: '1', categoryId: '4', collections: '[5]' } as Product)).toEqual({ categoryId: '4', collectionIds: ['5'] });
    expect(productLinks({ productId: '1', productCategory: { categoryId: '4', categoryName: 'Tops' } } as Product)).toEqual({
      categoryId: '4',
      categoryName: 'Tops',
      collectionIds: [],
    });
  });
});
