import { describe, expect, it } from 'vitest';
import { usageMessage } from '../helpers/usage-error.js';
import { applyPatch } from '../../src/product/patch.js';
import { diffProducts } from '../../src/product/diff.js';
import { LosslessNumber, parseJson } from '../../src/core/json.js';

const product = {
  productId: '1',
  title: 'Tee',
  vendor: 'Acme',
  images: [{ src: 'https://x.example/a.png', position: '1' }],
  variants: [
    { variantId: '11', price: '19.99', sku: 'A', inventoryQuantities: [{ locationId: '8', available: '3' }] },
    { variantId: '12', price: '19.99', sku: 'B' },
  ],
};

describe('applyPatch', () => {
  it('sets the fields given and keeps the rest', () => {
    const result = applyPatch(product, { title: 'Classic Tee', status: 'draft' }, '1', 'p.json');
    expect(result).toEqual({ ...product, title: 'Classic Tee', status: 'draft' });
    expect(product.title).toBe('Tee');
  });

  it('arrays replace whole', () => {
    const result = applyPatch(product, { images: [{ src: 'https://x.example/b.png' }] }, '1', 'p.json');
    expect(result.images).toEqual([{ src: 'https://x.example/b.png' }]);
  });

  it('ignores what only a read carries (a saved get --json is a patch): it is never sent back', () => {
    const result = applyPatch(
      product,
      { title: 'Tee', salesChannels: [{ salesChannelCode: 'online_store' }], productCategory: { categoryId: '7', categoryName: 'Tops' } },
      '1',
      'p.json',
    );
    expect(result).toEqual(product);
  });

  it('a variant naming its variantId is merged into it; unlisted variants go; new ones are added', () => {
    const result = applyPatch(
      product,
      {
        variants: [
          { variantId: '12', price: '24.99' },
          { price: '5.00', sku: 'C' },
        ],
      },
      '1',
      'p.json',
    );
    expect(result.variants).toEqual([
      { variantId: '12', price: '24.99', sku: 'B' },
      { price: '5.00', sku: 'C' },
    ]);
  });

  it('a variantId matches whether written as a string or a number', () => {
    const patch = parseJson('{"variants":[{"variantId":11,"price":"1.00"},{"variantId":"12"}]}') as Record<string, unknown>;
    const result = applyPatch(product, patch, '1', 'p.json');
    expect(result.variants![0]).toMatchObject({ variantId: '11', price: '1.00', sku: 'A' });
    expect(result.variants![0]!.variantId).toBe('11');
  });

  it('refuses a variantId the product does not have, and a different productId', () => {
    expect(usageMessage(() => applyPatch(product, { variants: [{ variantId: '99' }] }, '1', 'p.json'))).toBe(
      'p.json: variants[0].variantId: product 1 has no variant 99.',
    );
    expect(usageMessage(() => applyPatch(product, { productId: '2' }, '1', 'p.json'))).toBe('p.json: productId: is 2, but this edits product 1.');
    expect(applyPatch(product, { productId: new LosslessNumber('1') }, '1', 'p.json')).toEqual(product);
  });
});

describe('diffProducts', () => {
  it('lists each changed leaf by its JSON path', () => {
    const after = applyPatch(product, { title: 'Classic Tee', variants: [{ variantId: '11', price: '24.99' }, { variantId: '12' }] }, '1', 'p.json');
    expect(diffProducts(product, after)).toEqual([
      { field: 'title', before: 'Tee', after: 'Classic Tee' },
      { field: 'variants[0].price', before: '19.99', after: '24.99' },
    ]);
  });

  it('added and removed fields and items', () => {
    expect(diffProducts({ a: '1', list: [{ x: '1' }] }, { list: [{ x: '1' }, { x: '2' }], b: '2' })).toEqual([
      { field: 'a', before: '1' },
      { field: 'list[1]', after: { x: '2' } },
      { field: 'b', after: '2' },
    ]);
  });

  it('no change, no entries; numbers compare by their exact text', () => {
    expect(diffProducts(product, JSON.parse(JSON.stringify(product)))).toEqual([]);
    expect(diffProducts({ id: new LosslessNumber('40000000000000000011') }, { id: new LosslessNumber('40000000000000000011') })).toEqual([]);
    expect(diffProducts({ id: new LosslessNumber('40000000000000000011') }, { id: new LosslessNumber('40000000000000000012') })).toHaveLength(1);
  });
});
