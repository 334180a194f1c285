import { describe, expect, it } from 'vitest';
import { flagMessage, usageMessage } from '../helpers/usage-error.js';
import { CATEGORY, COLLECTION, isId, pickByName, resolveNames } from '../../src/product/names.js';
import type { Api } from '../../src/api/index.js';

const collections = [
  { id: '61', name: 'Summer Sale' },
  { id: '62', name: 'Summer Essentials' },
  { id: '63', name: 'Winter' },
  { id: '64', name: 'summer' },
];

describe('pickByName', () => {
  it('the exact name wins, ignoring case, over partial matches', () => {
    expect(pickByName(COLLECTION, 'SUMMER', collections)).toBe('64');
    expect(pickByName(COLLECTION, 'summer sale', collections)).toBe('61');
  });

  it('else the only partial match', () => {
    expect(pickByName(COLLECTION, 'essent', collections)).toBe('62');
    expect(pickByName(COLLECTION, 'wint', collections)).toBe('63');
  });

  it('several partial matches: ambiguous, listing each with its id', () => {
    expect(flagMessage(() => pickByName(COLLECTION, 'summ', collections))).toBe(
      "Collection 'summ' is ambiguous: Summer Sale (id 61), Summer Essentials (id 62), summer (id 64); pass an id or the exact name to --collection.",
    );
  });

  it('two exact matches are ambiguous too', () => {
    const twins = [
      { id: '1', name: 'Tops' },
      { id: '2', name: 'tops' },
      { id: '3', name: 'Tank tops' },
    ];
    expect(flagMessage(() => pickByName(CATEGORY, 'Tops', twins))).toBe(
      "Category 'Tops' is ambiguous: Tops (id 1), tops (id 2); pass an id or the exact name to --category.",
    );
  });

  it('no match: names the flag and the command that lists them', () => {
    expect(flagMessage(() => pickByName(CATEGORY, 'Shoes', []))).toBe("No category matches 'Shoes' (--category); 'store-cli category search' lists them.");
    // A store whose search is looser than a substring match is filtered again here.
    expect(usageMessage(() => pickByName(CATEGORY, 'Shoes', [{ id: '1', name: 'Boots' }]))).toMatch(/^No category matches 'Shoes'/);
  });

  it('lists at most 10 candidates', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: String(i), name: `Sale ${i}` }));
    expect(usageMessage(() => pickByName(COLLECTION, 'sale', many))).toMatch(/Sale 9 \(id 9\) and 2 more; pass an id/);
  });

  it('digits are an id', () => {
    expect(isId('4000000000000000011')).toBe(true);
    expect(isId('Tops')).toBe(false);
    expect(isId('12a')).toBe(false);
  });
});

describe('resolveNames', () => {
  const asked: string[] = [];
  const api = {
    categories: { search: async (name?: string) => (asked.push(`category ${name}`), [{ categoryId: '11', categoryName: 'Tops', parentCategoryId: '0' }]) },
    collections: {
      list: async ({ title }: { title?: string }) => (
        asked.push(`collection ${title}`),
        collections.filter((c) => c.name.toLowerCase().includes(title!.toLowerCase())).map((c) => ({ collectionId: c.id, title: c.name }))
      ),
    },
  } as unknown as Api;
  const spin = <T>(_text: string, work: () => Promise<T>) => work();

  it('ids are used as given, without a request', async () => {
    asked.length = 0;
    expect(await resolveNames(api, '99', ['98', '98'], spin)).toEqual({ categoryId: '99', collectionIds: ['98'], names: new Map() });
    expect(asked).toEqual([]);
  });

  it('names are looked up, one request each, and remembered for the summary', async () => {
    asked.length = 0;
    const resolved = await resolveNames(api, 'tops', ['Winter', '61'], spin);
    expect(resolved.categoryId).toBe('11');
    expect(resolved.collectionIds).toEqual(['63', '61']);
    expect(resolved.names.get('11')).toBe('Tops');
    expect(asked.sort()).toEqual(['category tops', 'collection Winter']);
  });

  it('nothing given, nothing resolved', async () => {
    expect(await resolveNames(api, undefined, undefined, spin)).toEqual({ names: new Map() });
  });
});
