// Pure pieces of create and edit: --option parsing, combinations, variant fields, SKUs.
import { describe, expect, it } from 'vitest';
import { flagMessage, usageMessage } from '../helpers/usage-error.js';
import { combinations, optionDrafts, parseOptionFlag, parseOptionFlags, skuWithSuffix, variantsFor, variantTemplate } from '../../src/product/variants.js';
import { applyVariantFields, buildProduct } from '../../src/product/build.js';
import { variantTitle, type VariantDraft } from '../../src/api/products/draft.js';

describe('--option', () => {
  it('parses a name and its values, trimming spaces', () => {
    expect(parseOptionFlag('Color=Red, Blue')).toEqual({ name: 'Color', values: ['Red', 'Blue'] });
    expect(parseOptionFlag(' Size = S ')).toEqual({ name: 'Size', values: ['S'] });
    expect(parseOptionFlag('Fit=Slim=ish')).toEqual({ name: 'Fit', values: ['Slim=ish'] });
  });

  it('refuses malformed values, naming --option', () => {
    expect(flagMessage(() => parseOptionFlag('Color'))).toMatch(/^--option must be a name and its values, such as "Color=Red,Blue"/);
    expect(flagMessage(() => parseOptionFlag('=Red'))).toMatch(/^--option must be a name/);
    expect(flagMessage(() => parseOptionFlag('Color='))).toMatch(/^--option must be a name/);
    expect(usageMessage(() => parseOptionFlag('Color=Red,,Blue'))).toMatch(/empty value/);
    expect(flagMessage(() => parseOptionFlag('Color=Red,Red'))).toBe('--option "Color" lists the value "Red" twice.');
    // The store tells names apart ignoring case.
    expect(flagMessage(() => parseOptionFlag('Color=Red,Blue,red'))).toBe('--option "Color" lists the value "red" twice.');
  });

  it('at most 3 options, distinct names, at most 100 combinations', () => {
    expect(usageMessage(() => parseOptionFlags(['A=1', 'B=1', 'C=1', 'D=1']))).toMatch(/at most 3 times/);
    expect(usageMessage(() => parseOptionFlags(['A=1', 'A=2']))).toMatch(/"A" is given twice/);
    expect(flagMessage(() => parseOptionFlags(['Size=S', 'size=M']))).toMatch(/^--option "Size" is given twice/);
    const ten = Array.from({ length: 10 }, (_, i) => `v${i}`).join(',');
    expect(parseOptionFlags([`A=${ten}`, `B=${ten}`])).toHaveLength(2);
    expect(flagMessage(() => parseOptionFlags([`A=${ten}`, `B=${ten},v10`]))).toBe('--option values make 110 variants (10 x 11); a product has at most 100.');
  });
});

describe('combinations', () => {
  it('one per combination, first option outermost, with positions', () => {
    const options = optionDrafts(parseOptionFlags(['Color=Red,Blue', 'Size=S,M,L']));
    expect(options[1]).toEqual({
      name: 'Size',
      position: '2',
      value: [
        { name: 'S', position: '1' },
        { name: 'M', position: '2' },
        { name: 'L', position: '3' },
      ],
    });
    const combos = combinations(options);
    expect(combos.map((c) => c.map((o) => o.value.name).join('/'))).toEqual(['Red/S', 'Red/M', 'Red/L', 'Blue/S', 'Blue/M', 'Blue/L']);
    expect(combos[0]![1]).toEqual({ name: 'Size', position: '2', value: { name: 'S', position: '1' } });
    expect(combinations([])).toEqual([]);
  });

  it('an edit keeps the ids of options and values that stay', () => {
    const existing = [
      {
        name: 'Color',
        id: '11',
        value: [
          { name: 'Red', id: '12' },
          { name: 'Blue', id: '13' },
        ],
      },
    ];
    const options = optionDrafts(parseOptionFlags(['Color=Blue,Green']), existing);
    expect(options).toEqual([
      {
        name: 'Color',
        id: '11',
        position: '1',
        value: [
          { name: 'Blue', id: '13', position: '1' },
          { name: 'Green', position: '2' },
        ],
      },
    ]);
  });

  it('variants whose combination survives are kept whole; new ones copy the template', () => {
    const kept: VariantDraft = { variantId: '21', sku: 'T-RED', price: '5.00', options: [{ name: 'Color', value: { name: 'Red' } }] };
    const gone: VariantDraft = { variantId: '22', price: '5.00', options: [{ name: 'Color', value: { name: 'Blue' } }] };
    const options = optionDrafts(parseOptionFlags(['Color=Red,Green']));
    const variants = variantsFor(options, [kept, gone], variantTemplate([kept, gone]));
    expect(variants.map((v) => [v.variantId, v.sku, v.price, variantTitle(v)])).toEqual([
      ['21', 'T-RED', '5.00', 'Red'],
      [undefined, undefined, '5.00', 'Green'],
    ]);
  });
});

describe('variant fields', () => {
  const two = variantsFor(optionDrafts(parseOptionFlags(['Color=Red,Light Blue'])), [], {});

  it('apply to every variant; a product without variants gets one', () => {
    const set = applyVariantFields(two, { price: '19.99', weight: '0.2', weightUnit: 'kg', inventory: '7' });
    expect(set.map((v) => [v.price, v.weight, v.weightUnit, v.inventoryQuantities])).toEqual([
      ['19.99', '0.2', 'kg', [{ available: '7' }]],
      ['19.99', '0.2', 'kg', [{ available: '7' }]],
    ]);
    expect(applyVariantFields([], { price: '1.00' })).toEqual([{ price: '1.00' }]);
    expect(two[0]!.price).toBeUndefined(); // the input is not changed
  });

  it('--sku: as given for one variant, suffixed by the option values for several', () => {
    expect(applyVariantFields([{}], { sku: 'TEE' })[0]!.sku).toBe('TEE');
    expect(applyVariantFields(two, { sku: 'TEE' }).map((v) => v.sku)).toEqual(['TEE-RED', 'TEE-LIGHT-BLUE']);
    expect(skuWithSuffix('TEE', ['Red', 'XL'])).toBe('TEE-RED-XL');
    const clash = variantsFor(optionDrafts(parseOptionFlags(['Size=s m,S-M'])), [], {});
    expect(flagMessage(() => applyVariantFields(clash, { sku: 'TEE' }))).toMatch(/^--sku TEE would give variants 1 and 2 the same SKU TEE-S-M/);
  });

  it('--barcode only for a single variant', () => {
    expect(applyVariantFields([{}], { barcode: '0123' })[0]!.barcode).toBe('0123');
    expect(flagMessage(() => applyVariantFields(two, { barcode: '0123' }))).toMatch(/^--barcode identifies a single item, and this product has 2 variants/);
  });

  it('--inventory: at the only location, at --location-id, or refused when locations are several', () => {
    const one: VariantDraft = { inventoryQuantities: [{ locationId: '8', available: '1' }] };
    expect(applyVariantFields([one], { inventory: '5' })[0]!.inventoryQuantities).toEqual([{ locationId: '8', available: '5' }]);
    expect(applyVariantFields([one], { inventory: '5', locationId: '9' })[0]!.inventoryQuantities).toEqual([
      { locationId: '8', available: '1' },
      { locationId: '9', available: '5' },
    ]);
    const many: VariantDraft = {
      inventoryQuantities: [
        { locationId: '8', available: '1' },
        { locationId: '9', available: '2' },
      ],
    };
    expect(applyVariantFields([many], { inventory: '0', locationId: '9' })[0]!.inventoryQuantities).toEqual([
      { locationId: '8', available: '1' },
      { locationId: '9', available: '0' },
    ]);
    expect(flagMessage(() => applyVariantFields([many], { inventory: '0' }))).toMatch(/pass --location-id/);
  });
});

describe('buildProduct', () => {
  it('sets product fields, collections as a list of ids, images in order (keeping an image that stays)', () => {
    const base = { title: 'Old', images: [{ src: 'https://x.example/b.png', id: '31', position: '1' }] };
    const product = buildProduct(base, {
      fields: { title: 'New', status: 'draft', categoryId: '5', collectionIds: ['6', '7'], images: ['https://x.example/a.png', 'https://x.example/b.png'] },
      variant: {},
    });
    expect(product).toEqual({
      title: 'New',
      status: 'draft',
      categoryId: '5',
      collections: ['6', '7'],
      images: [
        { src: 'https://x.example/a.png', position: '1' },
        { src: 'https://x.example/b.png', id: '31', position: '2' },
      ],
    });
    expect(base.title).toBe('Old');
  });

  it('a product with options but no variants gets one per combination', () => {
    const product = buildProduct(
      { title: 'T', options: [{ name: 'Size', value: [{ name: 'S' }, { name: 'M' }] }] },
      { fields: {}, variant: { price: '3.00' } },
    );
    expect(product.variants!.map((v) => [variantTitle(v), v.price])).toEqual([
      ['S', '3.00'],
      ['M', '3.00'],
    ]);
  });
});
