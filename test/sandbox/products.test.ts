import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, expectErrorShape, fields } from './helpers.js';
import { createProduct, DEMO, getProduct, idsOf, shirtBody } from './product-helpers.js';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
});

afterAll(async () => {
  await sandbox.close();
});

describe('create', () => {
  it('generates ids for the product, its options, values, variants and images, and links variants to them', async () => {
    const product = await createProduct(sandbox);
    const ids = idsOf(product);
    expect(ids).toHaveLength(1 + 2 + 4 + 3 + 2);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9]{19}$/);
      expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
    }
    const [color, size] = product.options;
    expect(color).toMatchObject({ name: 'Color', position: '1' });
    expect(color.value.map((value: any) => [value.name, value.position])).toEqual([
      ['Sand', '1'],
      ['Olive', '2'],
    ]);
    expect(size).toMatchObject({ name: 'Size', position: '2' });

    const olive = product.variants[2];
    expect(olive).toMatchObject({ sku: 'LS-OLV-M', price: '52.50', productId: product.productId });
    expect(olive.options).toEqual([
      { id: color.id, name: 'Color', position: '1', value: { id: color.value[1].id, name: 'Olive', position: '2' } },
      { id: size.id, name: 'Size', position: '2', value: { id: size.value[0].id, name: 'M', position: '1' } },
    ]);
    expect(product.images.map((image: any) => [image.productId, image.position, image.src])).toEqual([
      [product.productId, '1', 'https://img.example.com/linen-1.jpg'],
      [product.productId, '2', 'https://img.example.com/linen-2.jpg'],
    ]);
  });

  it('fills the decided defaults and derives isMultiVariant', async () => {
    const product = await createProduct(sandbox);
    expect(product).toMatchObject({ status: 'active', productType: 'normal', isMultiVariant: 'true', collections: '[]' });
    expect(product.marketAssigns).toEqual([{ marketId: DEMO.market, isAssigned: 'true' }]);
    expect(product.variants[0]).toMatchObject({ weightUnit: 'kg', inventoryManagement: 'false', isDisabled: 'false' });
    expect(product.variants[0].inventoryQuantities).toEqual([{ locationId: DEMO.location, available: '0' }]);
    expect(product.variants[2].inventoryQuantities).toEqual([{ locationId: DEMO.location, available: '7' }]);
    // Create answers the product itself; the read-only extras come with GET.
    expect(product).not.toHaveProperty('salesChannels');
    expect(product).not.toHaveProperty('productCategory');
    expect(product).not.toHaveProperty('categoryId');
  });

  it("gives a product sent without variants one default variant priced 0.00, with each option's first value", async () => {
    const plain = await createProduct(sandbox, { product: { title: 'Gift wrap' } });
    expect(plain.variants).toHaveLength(1);
    expect(plain.variants[0]).toMatchObject({ price: '0.00', options: [] });
    expect(plain.isMultiVariant).toBe('false');

    const withOptions = await createProduct(sandbox, {
      product: { title: 'Poster', options: [{ name: 'Size', value: [{ name: 'A3' }, { name: 'A2' }] }], variants: [] },
    });
    expect(withOptions.variants).toHaveLength(1);
    expect(withOptions.variants[0].options[0].value).toMatchObject({ name: 'A3', id: withOptions.options[0].value[0].id });
  });

  it('orders options, values and images by the positions sent', async () => {
    const product = await createProduct(sandbox, {
      product: {
        title: 'Ordered',
        options: [
          {
            name: 'Size',
            position: 2,
            value: [
              { name: 'L', position: '2' },
              { name: 'S', position: '1' },
            ],
          },
          { name: 'Color', position: '1', value: [{ name: 'Red' }] },
        ],
        variants: [
          {
            options: [
              { name: 'size', value: { name: 'l' } },
              { name: 'Color', value: { name: 'Red' } },
            ],
          },
        ],
        images: [
          { src: 'https://img.example.com/b.jpg', position: 2 },
          { src: 'https://img.example.com/a.jpg', position: 1 },
        ],
      },
    });
    expect(product.options.map((option: any) => option.name)).toEqual(['Color', 'Size']);
    expect(product.options[1].value.map((value: any) => value.name)).toEqual(['S', 'L']);
    expect(product.images.map((image: any) => image.src)).toEqual(['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg']);
    // Names are matched ignoring case, and answered as the product spells them.
    expect(product.variants[0].options.map((option: any) => `${option.name}=${option.value.name}`)).toEqual(['Color=Red', 'Size=L']);
  });

  it('accepts a category and collections, ids given as JSON numbers beyond 2^53 included', async () => {
    const reply = await call(sandbox, 'POST', '/products', {
      rawBody: `{"product":{"title":"Numbers","categoryId":${DEMO.categories.tShirts},"collections":"[${DEMO.collections.summerSale}, \\"${DEMO.collections.bestSellers}\\"]"}}`,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.product.categoryId).toBe(DEMO.categories.tShirts);
    expect(JSON.parse(reply.json.product.collections)).toEqual([DEMO.collections.summerSale, DEMO.collections.bestSellers]);
  });

  it('keeps a collection listed twice once', async () => {
    const product = await createProduct(sandbox, {
      product: { title: 'Twice', collections: JSON.stringify([DEMO.collections.rainyDay, DEMO.collections.rainyDay]) },
    });
    expect(JSON.parse(product.collections)).toEqual([DEMO.collections.rainyDay]);
  });
});

describe('variant fields', () => {
  it('reads flags as "true"/"false" or JSON booleans and quantities as strings or numbers, answering strings', async () => {
    const reply = await call(sandbox, 'POST', '/products', {
      rawBody: JSON.stringify({
        product: {
          title: 'Flags',
          marketAssigns: [{ isAssigned: false }],
          variants: [
            {
              price: '3',
              inventoryManagement: true,
              isDisabled: 'true',
              weight: '1.5',
              weightUnit: 'lb',
              inventoryQuantities: [{ locationId: DEMO.location, available: -2 }],
            },
          ],
        },
      }),
    });
    expect(reply.status, reply.text).toBe(200);
    const product = reply.json.product;
    expect(product.marketAssigns).toEqual([{ marketId: DEMO.market, isAssigned: 'false' }]);
    expect(product.variants[0]).toMatchObject({ price: '3', inventoryManagement: 'true', isDisabled: 'true', weight: '1.5', weightUnit: 'lb' });
    expect(product.variants[0].inventoryQuantities).toEqual([{ locationId: DEMO.location, available: '-2' }]);
  });

  it('allows a product in no market, and refuses the same location twice', async () => {
    expect((await createProduct(sandbox, { product: { title: 'Hidden', marketAssigns: [] } })).marketAssigns).toEqual([]);
    const reply = await call(sandbox, 'POST', '/products', {
      body: { product: { title: 'Twice', variants: [{ inventoryQuantities: [{ available: '1' }, { locationId: DEMO.location, available: '2' }] }] } },
    });
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply)).toEqual(['product.variants[0].inventoryQuantities[1].locationId']);
  });

  it('refuses a variant option whose id is not the id of the option it names', async () => {
    const created = await createProduct(sandbox);
    const body = structuredClone(created);
    body.variants[0].options[0].id = created.options[1].id;
    const reply = await call(sandbox, 'PUT', `/products/${created.productId}`, { body: { product: body } });
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply)).toEqual(['product.variants[0].options[0].id']);
  });

  it('wants every variant to name a value of an option added on edit', async () => {
    const created = await createProduct(sandbox);
    const body = structuredClone(created);
    body.options.push({ name: 'Fit', value: [{ name: 'Slim' }] });
    const reply = await call(sandbox, 'PUT', `/products/${created.productId}`, { body: { product: body } });
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply)).toEqual(['product.variants[0].options', 'product.variants[1].options', 'product.variants[2].options']);
    expect(reply.json.errors[0].message).toBe('must give a value for the option "Fit"');
  });
});

describe('get', () => {
  it('adds salesChannels and productCategory to the product as create answered it', async () => {
    const created = await createProduct(sandbox, shirtBody({ categoryId: DEMO.categories.sweatshirts }));
    const reply = await getProduct(sandbox, created.productId);
    expect(reply.status).toBe(200);
    const { salesChannels, productCategory, ...rest } = reply.json.product;
    expect(salesChannels).toEqual([{ salesChannelCode: 'online_store' }]);
    expect(productCategory).toEqual({ categoryId: DEMO.categories.sweatshirts, categoryName: 'Sweatshirts' });
    expect(rest).toEqual(created);
  });

  it('has no productCategory for a product without a category', async () => {
    const created = await createProduct(sandbox, { product: { title: 'Uncategorised' } });
    const reply = await getProduct(sandbox, created.productId);
    expect(reply.json.product.salesChannels).toEqual([{ salesChannelCode: 'online_store' }]);
    expect(reply.json.product).not.toHaveProperty('productCategory');
  });

  it('serves the demo products', async () => {
    const reply = await getProduct(sandbox, DEMO.products.tShirt);
    expect(reply.json.product).toMatchObject({ title: 'Organic Cotton T-Shirt', isMultiVariant: 'true', productCategory: { categoryName: 'T-Shirts' } });
    expect(reply.json.product.variants).toHaveLength(4);
  });

  it.each(['4000000000000000999', 'abc', '0'])('answers 404 for the unknown id %s', async (id) => {
    expectErrorShape(await getProduct(sandbox, id), 404, 'not_found');
  });
});

describe('edit', () => {
  it('keeps the ids sent back, gives new items ids, and removes what the body leaves out', async () => {
    const created = await createProduct(sandbox);
    const [color, size] = created.options;
    const body = structuredClone(created);
    body.title = 'Linen Shirt (2026)';
    body.status = 'draft';
    // Rename a value by its id, add a value, drop the Sand/L variant, add an Olive/XL one.
    body.options[0].value[1].name = 'Moss';
    body.options[1].value.push({ name: 'XL' });
    body.variants[2].options[0].value = { id: color.value[1].id, name: 'Moss' };
    body.variants.splice(1, 1);
    body.variants.push({
      sku: 'LS-MOS-XL',
      price: '55.00',
      options: [
        { name: 'Color', value: { name: 'Moss' } },
        { name: 'Size', value: { name: 'XL' } },
      ],
    });
    body.images = [body.images[1], { src: 'https://img.example.com/linen-3.jpg' }];

    const reply = await call(sandbox, 'PUT', `/products/${created.productId}`, { body: { product: body } });
    expect(reply.status, reply.text).toBe(200);
    const edited = reply.json.product;
    expect(edited).toMatchObject({ productId: created.productId, title: 'Linen Shirt (2026)', status: 'draft' });
    expect(edited.options.map((option: any) => option.id)).toEqual([color.id, size.id]);
    expect(edited.options[0].value).toEqual([
      { id: color.value[0].id, name: 'Sand', position: '1' },
      { id: color.value[1].id, name: 'Moss', position: '2' },
    ]);
    const xl = edited.options[1].value[2];
    expect(xl.name).toBe('XL');
    expect(idsOf(created)).not.toContain(xl.id);

    expect(edited.variants.map((variant: any) => variant.variantId).slice(0, 2)).toEqual([created.variants[0].variantId, created.variants[2].variantId]);
    expect(edited.variants[1].options[0].value).toEqual({ id: color.value[1].id, name: 'Moss', position: '2' });
    const added = edited.variants[2];
    expect(idsOf(created)).not.toContain(added.variantId);
    expect(added.options[1].value.id).toBe(xl.id);

    expect(edited.images.map((image: any) => image.id)[0]).toBe(created.images[1].id);
    expect(edited.images[1].id).not.toBe(created.images[0].id);
    expect(edited.images.map((image: any) => image.position)).toEqual(['1', '2']);

    const read = await getProduct(sandbox, created.productId);
    expect(read.json.product.variants.map((variant: any) => variant.sku)).toEqual(['LS-SND-M', 'LS-OLV-M', 'LS-MOS-XL']);
  });

  it('takes the full product: fields left out go back to their defaults', async () => {
    const created = await createProduct(sandbox, shirtBody({ status: 'archived', categoryId: DEMO.categories.apparel }));
    const reply = await call(sandbox, 'PUT', `/products/${created.productId}`, { body: { product: { title: 'Bare' } } });
    expect(reply.status).toBe(200);
    expect(reply.json.product).toMatchObject({ title: 'Bare', status: 'active', options: [], images: [], isMultiVariant: 'false' });
    expect(reply.json.product).not.toHaveProperty('vendor');
    expect(reply.json.product).not.toHaveProperty('categoryId');
    expect(reply.json.product.variants).toHaveLength(1);
  });

  it("refuses ids that are not this product's, naming each path", async () => {
    const mine = await createProduct(sandbox);
    const other = await createProduct(sandbox);
    const body = structuredClone(mine);
    body.variants[0].variantId = other.variants[0].variantId;
    body.options[1].id = other.options[1].id;
    body.options[0].value[0].id = mine.options[1].value[0].id; // a value of the other option
    body.images[0].id = other.images[0].id;
    body.variants[1].productId = other.productId;
    const reply = await call(sandbox, 'PUT', `/products/${mine.productId}`, { body: { product: body } });
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply).sort()).toEqual(
      [
        'product.images[0].id',
        'product.options[0].value[0].id',
        'product.options[1].id',
        'product.variants[0].variantId',
        'product.variants[1].productId',
      ].sort(),
    );
    // Nothing changed.
    const read = await getProduct(sandbox, mine.productId);
    const { salesChannels: _channels, ...unchanged } = read.json.product;
    expect(unchanged).toEqual(mine);
  });

  it('refuses a productId in the body that differs from the path, and the same variant twice', async () => {
    const mine = await createProduct(sandbox);
    const body = structuredClone(mine);
    body.productId = DEMO.products.mug;
    body.variants[1].variantId = body.variants[0].variantId;
    const reply = await call(sandbox, 'PUT', `/products/${mine.productId}`, { body: { product: body } });
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply)).toEqual(['product.productId', 'product.variants[1].variantId']);
  });

  it('answers 404 for an unknown product', async () => {
    expectErrorShape(await call(sandbox, 'PUT', '/products/4000000000000000998', { body: { product: { title: 'x' } } }), 404, 'not_found');
  });
});

describe('delete', () => {
  it('answers {} and then the product is gone', async () => {
    const created = await createProduct(sandbox);
    const reply = await call(sandbox, 'DELETE', `/products/${created.productId}`);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({});
    expectErrorShape(await getProduct(sandbox, created.productId), 404, 'not_found');
    expectErrorShape(await call(sandbox, 'DELETE', `/products/${created.productId}`), 404, 'not_found');
    expectErrorShape(await call(sandbox, 'PUT', `/products/${created.productId}`, { body: shirtBody() }), 404, 'not_found');
    const next = await createProduct(sandbox);
    expect(BigInt(next.productId)).toBeGreaterThan(BigInt(idsOf(created).sort().at(-1) as string));
  });
});

describe('validation', () => {
  async function refused(product: unknown): Promise<string[]> {
    const reply = await call(sandbox, 'POST', '/products', { body: { product } });
    expectErrorShape(reply, 400, 'invalid');
    return fields(reply);
  }

  it('reports every bad field at once, each by its JSON path', async () => {
    const paths = await refused({
      title: '',
      status: 'published',
      categoryId: '4000000000000000998',
      collections: JSON.stringify([DEMO.collections.summerSale, '4000000000000000997']),
      options: [{ name: 'Size', value: [{ name: 'S' }, { name: 's' }] }],
      variants: [
        { price: '1.999', weightUnit: 'stone', options: [{ name: 'Size', value: { name: 'S' } }] },
        { price: 12, inventoryQuantities: [{ locationId: '123', available: 'lots' }], options: [{ name: 'Size', value: { name: 'XL' } }] },
      ],
      images: [{ src: 'ftp://img.example.com/x.jpg' }],
      marketAssigns: [{ marketId: '42', isAssigned: 'yes' }],
    });
    expect(paths.sort()).toEqual(
      [
        'product.title',
        'product.status',
        'product.categoryId',
        'product.collections[1]',
        'product.options[0].value[1].name',
        'product.variants[0].price',
        'product.variants[0].weightUnit',
        'product.variants[1].price',
        'product.variants[1].inventoryQuantities[0].available',
        'product.variants[1].options[0].value',
        'product.images[0].src',
        'product.marketAssigns[0].isAssigned',
        'product.marketAssigns[0].marketId',
      ].sort(),
    );
  });

  it('refuses an image src with spaces or line breaks around or in it, which a URL parser would drop silently', async () => {
    const paths = await refused({
      title: 'Spaced',
      images: [{ src: ' https://img.example.com/a.jpg' }, { src: 'https://img.example.com/b.jpg\n' }, { src: 'https://img.example.com/c d.jpg' }],
    });
    expect(paths).toEqual(['product.images[0].src', 'product.images[1].src', 'product.images[2].src']);
  });

  it("names the exact path of a variant option value that is not one of the option's values", async () => {
    const reply = await call(sandbox, 'POST', '/products', {
      body: shirtBody({
        variants: [
          {
            options: [
              { name: 'Color', value: { name: 'Sand' } },
              { name: 'Size', value: { name: 'M' } },
            ],
          },
          {
            options: [
              { name: 'Color', value: { name: 'Teal' } },
              { name: 'Size', value: { name: 'M' } },
            ],
          },
        ],
      }),
    });
    expectErrorShape(reply, 400, 'invalid');
    expect(reply.json.errors).toEqual([
      { field: 'product.variants[1].options[0].value', message: '"Teal" is not a value of the option "Color" (its values are "Sand", "Olive")' },
    ]);
    expect(reply.json.message).toContain('product.variants[1].options[0].value');
  });

  it('refuses a variant that leaves an option out, names one twice or names an unknown option', async () => {
    const paths = await refused({
      title: 'Opts',
      options: [
        { name: 'Color', value: [{ name: 'Red' }] },
        { name: 'Size', value: [{ name: 'M' }] },
      ],
      variants: [
        { options: [{ name: 'Color', value: { name: 'Red' } }] },
        {
          options: [
            { name: 'Color', value: { name: 'Red' } },
            { name: 'Size', value: { name: 'M' } },
            { name: 'color', value: { name: 'Red' } },
          ],
        },
        {
          options: [
            { name: 'Color', value: { name: 'Red' } },
            { name: 'Size', value: { name: 'M' } },
            { name: 'Material', value: { name: 'Silk' } },
          ],
        },
      ],
    });
    expect(paths).toEqual(['product.variants[0].options', 'product.variants[1].options[2].name', 'product.variants[2].options[2].name']);
  });

  it('refuses two variants with the same option combination, and two variants without options', async () => {
    expect(
      await refused({
        title: 'Same',
        options: [{ name: 'Size', value: [{ name: 'M' }, { name: 'L' }] }],
        variants: [
          { options: [{ name: 'Size', value: { name: 'M' } }] },
          { options: [{ name: 'Size', value: { name: 'L' } }] },
          { options: [{ name: 'Size', value: { name: 'm' } }] },
        ],
      }),
    ).toEqual(['product.variants[2].options']);
    expect(await refused({ title: 'No options', variants: [{ price: '1.00' }, { price: '2.00' }] })).toEqual(['product.variants[1].options']);
  });

  it('limits options to 3 and variants to 100, and wants values in every option and distinct option names', async () => {
    const option = (name: string) => ({ name, value: [{ name: 'x' }] });
    expect(await refused({ title: 'Many', options: [option('a'), option('b'), option('c'), option('d')], variants: [] })).toContain('product.options');
    expect(await refused({ title: 'Dup', options: [option('Size'), option('SIZE')] })).toEqual(['product.options[1].name']);
    expect(await refused({ title: 'Empty', options: [{ name: 'Size', value: [] }] })).toEqual(['product.options[0].value']);
    // One problem, one error: the variants that name these options are not blamed as well.
    const variant = { options: [{ name: 'Size', value: { name: 'x' } }] };
    expect(await refused({ title: 'Dup', options: [option('Size'), option('SIZE')], variants: [variant] })).toEqual(['product.options[1].name']);
    expect(await refused({ title: 'Empty', options: [{ name: 'Size', value: [] }], variants: [variant] })).toEqual(['product.options[0].value']);
    const variants = Array.from({ length: 101 }, (_, index) => ({ sku: `S${index}`, options: [{ name: 'N', value: { name: String(index) } }] }));
    const values = variants.map((_, index) => ({ name: String(index) }));
    expect(await refused({ title: 'Huge', options: [{ name: 'N', value: values }], variants })).toEqual(['product.variants']);
  });

  it('checks title, text lengths, the product wrapper and JSON-array text of collections', async () => {
    expect(await refused({ title: 'x'.repeat(256) })).toEqual(['product.title']);
    expect(await refused({ title: '   ' })).toEqual(['product.title']);
    expect(await refused({})).toEqual(['product.title']);
    expect(await refused({ title: 'Array', collections: [DEMO.collections.summerSale] })).toEqual(['product.collections']);
    expect(await refused({ title: 'Text', collections: 'summer' })).toEqual(['product.collections']);
    expect(await refused({ title: 'Zero', collections: '["0"]' })).toEqual(['product.collections[0]']);
    const bare = await call(sandbox, 'POST', '/products', { body: { title: 'no wrapper' } });
    expectErrorShape(bare, 400, 'invalid');
    expect(fields(bare)).toEqual(['product']);
  });

  it('refuses ids on create, since the store assigns them', async () => {
    expect(
      await refused({
        title: 'Ids',
        productId: '4000000000000000500',
        variants: [{ variantId: '4000000000000000501' }],
        images: [{ id: '4000000000000000502', src: 'https://img.example.com/x.jpg' }],
      }),
    ).toEqual(['product.productId', 'product.images[0].id', 'product.variants[0].variantId']);
  });

  it('changes nothing when refused', async () => {
    const before = await call(sandbox, 'GET', `/collections?title=rainy`);
    await refused({ title: '', collections: JSON.stringify([DEMO.collections.rainyDay]) });
    const after = await call(sandbox, 'GET', `/collections?title=rainy`);
    expect(after.json).toEqual(before.json);
  });
});
