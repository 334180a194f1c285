import { describe, expect, it } from 'vitest';
import { flagMessage, usageMessage } from '../helpers/usage-error.js';
import { checkProductFile, checkProductFlagValues, checkImageUrls, checkProductId, jsonPath } from '../../src/api/products/checks.js';
import { productRuleProblem } from '../../src/api/products/variant-rules.js';
import { cloneJson } from '../../src/api/products/draft.js';
import { collectionIds, collectionsText, editableCopy } from '../../src/api/products/wire.js';
import { LosslessNumber, parseJson, toJson } from '../../src/core/json.js';

const check = (value: unknown, partial = false, prefix = '') => checkProductFile(value, 'p.json', { partial, prefix });

describe('product file checks name the file and the JSON path', () => {
  const valid = {
    title: 'Classic Tee',
    status: 'draft',
    categoryId: '123',
    collections: ['1', '2'],
    images: [{ src: 'https://cdn.example.com/tee.png' }],
    options: [{ name: 'Color', value: [{ name: 'Red' }, { name: 'Blue' }] }],
    variants: [
      { price: '19.99', sku: 'TEE-RED', options: [{ name: 'Color', value: { name: 'Red' } }], inventoryQuantities: [{ available: '5' }] },
      { price: '19.99', weight: '0.2', weightUnit: 'kg', options: [{ name: 'Color', value: { name: 'Blue' } }] },
    ],
    marketAssigns: [{ isAssigned: 'true', marketId: '9' }],
  };

  it('accepts a full product, and read-only fields a saved product carries', () => {
    expect(check(valid)).toBe(valid);
    const saved = {
      ...valid,
      productId: '5',
      isMultiVariant: 'true',
      salesChannels: [{ salesChannelCode: 'online_store' }],
      productCategory: { categoryId: '123' },
    };
    expect(check(saved)).toBe(saved);
  });

  it('a price with 3 decimals names variants[i].price and shows what it got', () => {
    const bad = { ...valid, variants: [valid.variants[0], { ...valid.variants[1], price: '19.999' }] };
    expect(usageMessage(() => check(bad))).toBe('p.json: variants[1].price: must be a decimal amount like "19.99" (got "19.999").');
  });

  it('a price written as a JSON number is refused: amounts are strings', () => {
    const bad = { title: 'T', variants: [{ price: new LosslessNumber('19.99') }] };
    expect(usageMessage(() => check(bad))).toBe('p.json: variants[0].price: must be a decimal amount like "19.99" (a JSON string).');
  });

  it('a missing title is required; an unknown field is named; the wrapper shows in the path', () => {
    expect(usageMessage(() => check({ vendor: 'x' }))).toBe('p.json: title: is required.');
    expect(usageMessage(() => check({ title: 'T', variants: [{ prise: '1' }] }))).toBe('p.json: variants[0]: unknown field "prise".');
    expect(usageMessage(() => check({ title: 'T', status: 'live' }, false, 'product.'))).toBe(
      'p.json: product.status: must be one of active, draft, archived (got "live").',
    );
  });

  it('names bad ids, urls, units and nested option values', () => {
    expect(usageMessage(() => check({ title: 'T', categoryId: 'tops' }))).toMatch(/^p\.json: categoryId: must be a numeric id/);
    expect(usageMessage(() => check({ title: 'T', images: [{ src: 'ftp://x/y.png' }] }))).toMatch(
      /^p\.json: images\[0\]\.src: must be an absolute http or https URL/,
    );
    expect(usageMessage(() => check({ title: 'T', variants: [{ weightUnit: 'stone' }] }))).toMatch(
      /^p\.json: variants\[0\]\.weightUnit: must be one of g, kg, lb, oz/,
    );
    expect(usageMessage(() => check({ title: 'T', options: [{ name: 'Color', value: [{ name: '' }] }] }))).toMatch(
      /^p\.json: options\[0\]\.value\[0\]\.name: must not be empty/,
    );
    expect(usageMessage(() => check({ title: 'T', collections: 'not json' }))).toMatch(/^p\.json: collections: /);
    expect(usageMessage(() => check([1, 2]))).toMatch(/^p\.json: the product: must be a JSON object/);
  });

  it('ids may be JSON numbers of any length (read losslessly)', () => {
    const product = parseJson('{"title":"T","categoryId":40000000000000000011,"collections":[40000000000000000012]}');
    expect(() => check(product)).not.toThrow();
  });

  it('a partial product (edit) needs no title but checks what it has', () => {
    expect(check({ variants: [{ variantId: '7', price: '2.50' }] }, true)).toEqual({ variants: [{ variantId: '7', price: '2.50' }] });
    expect(usageMessage(() => check({ title: '' }, true))).toMatch(/^p\.json: title: must not be empty/);
    expect(usageMessage(() => check({ variants: [{ costPrice: '1,50' }] }, true))).toMatch(/^p\.json: variants\[0\]\.costPrice: /);
  });

  it('jsonPath writes indexes in brackets', () => {
    expect(jsonPath(['variants', 1, 'options', 0, 'value', 'name'])).toBe('variants[1].options[0].value.name');
    expect(jsonPath([])).toBe('');
  });
});

describe('flag values', () => {
  it('names the flag at fault', () => {
    expect(usageMessage(() => checkProductFlagValues({ price: '19.999' }))).toMatch(/^--price must be a decimal amount like 19\.99/);
    expect(usageMessage(() => checkProductFlagValues({ compareOfPrice: 'abc' }))).toMatch(/^--compare-of-price /);
    expect(usageMessage(() => checkProductFlagValues({ inventory: '1.5' }))).toMatch(/^--inventory must be a whole number/);
    expect(usageMessage(() => checkProductFlagValues({ title: 'x'.repeat(256) }))).toBe('--title must be at most 255 characters.');
    expect(usageMessage(() => checkProductFlagValues({ locationId: 'main' }))).toMatch(/^--location-id must be a numeric id/);
    expect(usageMessage(() => checkImageUrls(['https://ok.example/a.png', 'a.png']))).toBe("image[1] must be an absolute http or https URL (got 'a.png').");
    expect(flagMessage(() => checkImageUrls(['https://ok.example/a.png', 'a.png']))).toBe("--image must be an absolute http or https URL (got 'a.png').");
    expect(usageMessage(() => checkProductId('abc'))).toMatch(/^<productId> must be a numeric id/);
    expect(checkProductFlagValues({ price: '19.99', inventory: '-2', weight: '0.125' })).toEqual({ price: '19.99', inventory: '-2', weight: '0.125' });
  });
});

describe('product rules', () => {
  const options = [
    { name: 'Color', value: [{ name: 'Red' }, { name: 'Blue' }] },
    { name: 'Size', value: [{ name: 'S' }] },
  ];
  const variant = (color: string, size = 'S') => ({
    options: [
      { name: 'Color', value: { name: color } },
      { name: 'Size', value: { name: size } },
    ],
  });

  it('accepts consistent options and variants', () => {
    expect(productRuleProblem({ options, variants: [variant('Red'), variant('Blue')] })).toBeUndefined();
    expect(productRuleProblem({ variants: [{}] })).toBeUndefined();
  });

  it('names the variant choosing an unknown option or value', () => {
    expect(productRuleProblem({ options, variants: [variant('Green')] })).toEqual({
      path: 'variants[0].options[0].value.name',
      message: '"Green" is not a value of option "Color" (values: Red, Blue)',
    });
    expect(productRuleProblem({ options, variants: [{ options: [{ name: 'Colour', value: { name: 'Red' } }] }] })?.path).toBe('variants[0].options[0].name');
  });

  it('names compare ignoring case, as the store does', () => {
    const lower = {
      options: [
        { name: 'color', value: { name: 'blue' } },
        { name: 'SIZE', value: { name: 's' } },
      ],
    };
    expect(productRuleProblem({ options, variants: [variant('Red'), lower] })).toBeUndefined();
    expect(productRuleProblem({ options, variants: [variant('Blue'), lower] })?.message).toBe('the same option values as variants[0]');
    expect(productRuleProblem({ options: [{ name: 'A', value: [{ name: 'x' }, { name: 'X' }] }] })?.path).toBe('options[0].value[1].name');
    expect(
      productRuleProblem({
        options: [
          { name: 'A', value: [{ name: 'x' }] },
          { name: 'a', value: [{ name: 'y' }] },
        ],
      })?.path,
    ).toBe('options[1].name');
  });

  it('refuses the same combination twice, whatever the order of the choices', () => {
    const reversed = { options: [...variant('Red').options].reverse() };
    expect(productRuleProblem({ options, variants: [variant('Red'), reversed] })).toEqual({
      path: 'variants[1].options',
      message: 'the same option values as variants[0]',
    });
  });

  it('limits: 3 options, 100 variants, at least one distinct value', () => {
    const four = ['A', 'B', 'C', 'D'].map((name) => ({ name, value: [{ name: 'x' }] }));
    expect(productRuleProblem({ options: four })?.path).toBe('options');
    expect(productRuleProblem({ variants: Array.from({ length: 101 }, () => ({})) })?.message).toMatch(/at most 100 variants/);
    expect(productRuleProblem({ options: [{ name: 'A', value: [] }] })?.path).toBe('options[0].value');
    expect(productRuleProblem({ options: [{ name: 'A', value: [{ name: 'x' }, { name: 'x' }] }] })?.path).toBe('options[0].value[1].name');
    expect(
      productRuleProblem({
        options: [
          { name: 'A', value: [{ name: 'x' }] },
          { name: 'A', value: [{ name: 'y' }] },
        ],
      })?.path,
    ).toBe('options[1].name');
  });
});

describe('product drafts', () => {
  it('collection ids from JSON-array text, strings or long numbers, digit-exact', () => {
    expect(collectionIds('["1","2"]')).toEqual(['1', '2']);
    expect(collectionIds('[40000000000000000011, 7]')).toEqual(['40000000000000000011', '7']);
    expect(collectionIds(['3'])).toEqual(['3']);
    expect(collectionIds(undefined)).toEqual([]);
    expect(collectionIds('')).toEqual([]);
    expect(collectionsText(['1', '40000000000000000011'])).toBe('["1","40000000000000000011"]');
  });

  it('cloneJson keeps lossless numbers writing back as numbers', () => {
    const product = parseJson('{"productId":40000000000000000011,"variants":[{"variantId":40000000000000000012}]}') as Record<string, unknown>;
    const copy = cloneJson(product);
    expect(copy).not.toBe(product);
    expect(toJson(copy)).toBe('{"productId":40000000000000000011,"variants":[{"variantId":40000000000000000012}]}');
  });

  it('an editable copy drops what only a read carries', () => {
    expect(editableCopy({ productId: '1', title: 'T', salesChannels: [], productCategory: { categoryId: '2' }, categoryId: '2' })).toEqual({
      productId: '1',
      title: 'T',
      categoryId: '2',
    });
  });
});
