import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxUsageError, startSandbox, type SandboxSeed, type TokenGrant } from '../../src/sandbox/index.js';
import { call, createCard, withSandbox } from './helpers.js';
import { scratchDir } from '../helpers/scratch.js';
import { createProduct } from './product-helpers.js';
import { startReceiver } from './webhook-receiver.js';

const state = (baseUrl: string) => `${baseUrl}/_sandbox/state`;
const reset = (baseUrl: string) => `${baseUrl}/_sandbox/reset`;

/** A small store with one of everything. */
function seed(): SandboxSeed {
  return {
    giftCards: [
      { id: '4100000000000000001', code: 'SEEDCARD0001', initialValue: '50.00', note: 'from the seed', createTime: '2026-01-02T03:04:05Z' },
      { id: '4100000000000000002', code: 'SEEDCARD0002', initialValue: '20.00', balance: '5.00', expireTime: '2030-01-01', createTime: '2026-01-02T03:04:05Z' },
    ],
    categories: [{ categoryId: '4200000000000000001', categoryName: 'Tea', parentCategoryId: '0' }],
    collections: [{ collectionId: '4300000000000000001', title: 'Winter', collectionType: 'manual', bodyHtml: '', published: true }],
    products: [
      {
        productId: '4400000000000000001',
        title: 'Green tea',
        productType: 'normal',
        status: 'active',
        categoryId: '4200000000000000001',
        collections: ['4300000000000000001'],
        images: [],
        options: [],
        variants: [
          {
            variantId: '4400000000000000002',
            price: '9.50',
            weightUnit: 'kg',
            inventoryManagement: false,
            isDisabled: false,
            inventoryQuantities: [],
            optionValueIds: [],
          },
        ],
        marketAssigns: [],
      },
    ],
    metafieldDefinitions: [{ domain: 'products', namespace: 'specs', code: 'steep_minutes', definitionName: 'Steeping time', fieldType: 'Integer' }],
    metafields: [{ domain: 'products', bizId: '4400000000000000001', values: [{ namespace: 'specs', code: 'steep_minutes', value: '3' }] }],
  };
}

async function startFailure(options: Parameters<typeof startSandbox>[0]): Promise<string> {
  try {
    const sandbox = await startSandbox(options);
    await sandbox.close();
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxUsageError);
    return (error as Error).message;
  }
  throw new Error('the sandbox started');
}

describe('a seeded sandbox', () => {
  it('serves the seed through the API: cards (defaults filled in), catalog, definitions and values', async () => {
    await withSandbox({ seed: seed() }, async (sandbox) => {
      const card = (await call(sandbox, 'GET', '/gift_cards/4100000000000000001')).json.giftCard;
      expect(card).toMatchObject({
        balance: '50.00',
        currency: 'USD',
        lastCharacters: '0001',
        expireTime: null,
        createTime: '2026-01-02T03:04:05Z',
        updateTime: '2026-01-02T03:04:05Z',
      });
      const product = (await call(sandbox, 'GET', '/products/4400000000000000001')).json.product;
      expect(product.productCategory).toEqual({ categoryId: '4200000000000000001', categoryName: 'Tea' });
      const value = (await call(sandbox, 'GET', '/metafields/detail/products/4400000000000000001?namespace=specs&code=steep_minutes')).json.metafield;
      expect(value).toMatchObject({ value: '3', fieldType: 'Integer', definitionName: 'Steeping time' });
      // The seed's definition is in force for new values too.
      const refused = await call(sandbox, 'POST', '/metafields/products/4400000000000000002', {
        body: { metaFieldDataList: [{ namespace: 'specs', code: 'steep_minutes', value: 'long' }] },
      });
      expect(refused.status).toBe(400);
      // New ids go above the seed's.
      expect(BigInt((await createCard(sandbox)).id)).toBeGreaterThan(4400000000000000002n);
    });
  });

  it('reads a seed file, and names the file and the JSON path of each problem', async () => {
    const dir = scratchDir('sandbox-seed-');
    const file = join(dir, 'seed.json');
    await writeFile(file, JSON.stringify(seed()));
    await withSandbox({ seedFile: file }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('2');
    });
    const broken = seed() as any;
    broken.products[0].variants[0].price = '9.505';
    await writeFile(file, JSON.stringify(broken));
    expect(await startFailure({ seedFile: file })).toMatch(
      new RegExp(`^${file.replace(/[.]/g, '\\.')}: products\\[0\\]\\.variants\\[0\\]\\.price: must be a decimal amount`),
    );
    await writeFile(file, '{"giftCards": [');
    expect(await startFailure({ seedFile: file })).toContain(`The seed file ${file} is not valid JSON`);
    expect(await startFailure({ seedFile: join(dir, 'absent.json') })).toContain('does not exist');
    expect(await startFailure({ seedFile: file, seed: 'demo' })).toContain('not both');
  });

  const problems: Array<[string, (seed: any) => void, string, RegExp]> = [
    ['an amount as a number', (s) => (s.giftCards[0].initialValue = 50), 'giftCards[0].initialValue', /decimal amount/],
    ['a code used twice (ignoring case)', (s) => (s.giftCards[1].code = 'seedcard0001'), 'giftCards[1].code', /code of giftCards\[0\]/],
    ['lastCharacters that are not the code', (s) => (s.giftCards[0].lastCharacters = 'XXXX'), 'giftCards[0].lastCharacters', /last four characters/],
    ['a card id used twice', (s) => (s.giftCards[1].id = s.giftCards[0].id), 'giftCards[1].id', /id of giftCards\[0\]/],
    ['an unknown field', (s) => (s.products[0].colour = 'green'), 'products[0]', /unknown field "colour"/],
    ['an unknown section', (s) => (s.coupons = []), '(top level)', /unknown field "coupons"/],
    ['a parent that does not exist', (s) => (s.categories[0].parentCategoryId = '4200000000000000009'), 'categories[0].parentCategoryId', /names no category/],
    ['a product in an unknown collection', (s) => (s.products[0].collections = ['4300000000000000009']), 'products[0].collections[0]', /names no collection/],
    [
      'an id two things share',
      (s) => (s.products[0].variants[0].variantId = '4200000000000000001'),
      'products[0].variants[0].variantId',
      /used by categories\[0\]\.categoryId/,
    ],
    [
      'a variant naming no option value',
      (s) => (s.products[0].variants[0].optionValueIds = ['4400000000000000009']),
      'products[0].variants[0].optionValueIds',
      /one value id of each/,
    ],
    [
      'a definition twice',
      (s) => s.metafieldDefinitions.push({ ...s.metafieldDefinitions[0] }),
      'metafieldDefinitions[1]',
      /again \(first at metafieldDefinitions\[0\]\)/,
    ],
    ['a value its definition refuses', (s) => (s.metafields[0].values[0].value = 'three'), 'metafields[0].values[0].value', /Integer/],
    [
      'a value type that is not its definition',
      (s) => (s.metafields[0].values[0].fieldType = 'Decimal'),
      'metafields[0].values[0].fieldType',
      /must be Integer/,
    ],
    [
      'a value twice',
      (s) => s.metafields[0].values.push({ namespace: 'specs', code: 'steep_minutes', value: '4' }),
      'metafields[0].values[1]',
      /repeats specs\.steep_minutes/,
    ],
    ['an unknown domain', (s) => (s.metafields[0].domain = 'planets'), 'metafields[0].domain', /must be one of products/],
    ['a required field left out', (s) => delete s.products[0].title, 'products[0].title', /is required/],
    ['a section of the wrong type', (s) => (s.collections = {}), 'collections', /must be a JSON array/],
    [
      'a market handle twice',
      (s) =>
        (s.markets = [
          { id: '7100000000000000011', name: 'A', handle: 'eu' },
          { id: '7100000000000000012', name: 'B', handle: 'eu' },
        ]),
      'markets[1].handle',
      /is the handle of markets\[0\] too/,
    ],
    [
      'a page handle twice',
      (s) =>
        (s.pages = [
          { id: '7200000000000000011', title: 'A', handle: 'faq' },
          { id: '7200000000000000012', title: 'B', handle: 'faq' },
        ]),
      'pages[1].handle',
      /is the handle of pages\[0\] too/,
    ],
  ];

  it.each(problems)('refuses %s, naming its path, at start and over PUT /_sandbox/state (nothing changed)', async (_name, spoil, path, message) => {
    const broken = seed() as any;
    spoil(broken);
    const sentence = await startFailure({ seed: broken });
    expect(sentence.startsWith(`The sandbox seed: ${path}: `)).toBe(true);
    expect(sentence).toMatch(message);
    await withSandbox({ seed: seed() }, async (sandbox) => {
      const before = (await call(sandbox, 'GET', state(sandbox.baseUrl))).text;
      const reply = await call(sandbox, 'PUT', state(sandbox.baseUrl), { body: broken });
      expect(reply.status).toBe(400);
      expect(reply.json.errors[0].field).toBe(path);
      expect(reply.json.errors[0].message).toMatch(message);
      expect(reply.json.message.startsWith(`${path} `)).toBe(true);
      expect((await call(sandbox, 'GET', state(sandbox.baseUrl))).text).toBe(before);
    });
  });

  it("checks the seed's values against --definitions when a file replaces the seed's definitions", async () => {
    const file = join(scratchDir('sandbox-seed-'), 'definitions.json');
    await writeFile(
      file,
      JSON.stringify({ definitions: [{ domain: 'products', namespace: 'specs', code: 'steep_minutes', definitionName: 'Steeped', fieldType: 'Boolean' }] }),
    );
    expect(await startFailure({ seed: seed(), definitionsFile: file })).toMatch(/^The sandbox seed: metafields\[0\]\.values\[0\]\.value: expected a Boolean/);
    const fitting = seed() as any;
    fitting.metafields[0].values[0].value = 'true';
    await withSandbox({ seed: fitting, definitionsFile: file }, async (sandbox) => {
      await sandbox.reset();
      const definitions = (await call(sandbox, 'GET', state(sandbox.baseUrl))).json.metafieldDefinitions;
      expect(definitions.map((d: any) => d.fieldType)).toEqual(['Boolean']);
    });
  });

  it('never names a gift card code in a problem', async () => {
    const broken = seed() as any;
    broken.giftCards[1].code = broken.giftCards[0].code;
    expect(await startFailure({ seed: broken })).not.toContain('SEEDCARD');
  });
});

describe('GET and PUT /_sandbox/state', () => {
  it('answers the whole state in the seed format, which another sandbox takes back to the same state', async () => {
    await withSandbox({ seed: 'demo' }, async (source) => {
      await createCard(source, { note: 'made here' });
      const added = await call(source, 'POST', '/metafields/products/4000000000000000431', {
        body: { metaFieldDataList: [{ namespace: 'specs', code: 'width', value: { value: 10, unit: 'cm' } }] },
      });
      expect(added.status).toBe(200);
      const snapshot = await call(source, 'GET', state(source.baseUrl));
      expect(snapshot.status).toBe(200);
      expect(Object.keys(snapshot.json)).toEqual([
        'giftCards',
        'categories',
        'collections',
        'locations',
        'products',
        'metafieldDefinitions',
        'metafields',
        'webhooks',
        'customers',
        'discounts',
        'orders',
        'fulfillments',
        'refunds',
        'markets',
        'pages',
        'materials',
        'themes',
        'themeAssets',
        'payments',
      ]);
      expect(snapshot.json.giftCards).toHaveLength(9);
      expect(snapshot.json.metafieldDefinitions).toHaveLength(23);
      // The demo's 22 values, and the one added here among the mug's.
      expect(snapshot.json.metafields.reduce((sum: number, object: { values: unknown[] }) => sum + object.values.length, 0)).toBe(23);
      expect(snapshot.json.metafields.find((object: { bizId: string }) => object.bizId === '4000000000000000431').values).toContainEqual({
        namespace: 'specs',
        code: 'width',
        value: '{"value":10,"unit":"cm"}',
        fieldType: 'Size',
      });

      await withSandbox({}, async (target) => {
        const replaced = await call(target, 'PUT', state(target.baseUrl), { rawBody: snapshot.text });
        expect(replaced.status).toBe(200);
        expect(replaced.json.counts).toEqual({
          giftCards: 9,
          categories: 12,
          collections: 6,
          locations: 3,
          products: 3,
          metafieldDefinitions: 23,
          metafields: 23,
          webhooks: 0,
          customers: 4,
          discounts: 3,
          orders: 8,
          fulfillments: 2,
          refunds: 2,
          markets: 2,
          pages: 1,
          materials: 2,
          themes: 2,
          themeAssets: 6,
          payments: 3,
        });
        expect((await call(target, 'GET', state(target.baseUrl))).text).toBe(snapshot.text);
        // The imported definitions are in force: specs.weight keeps its 0..500 kg rule.
        const tooHeavy = await call(target, 'POST', '/metafields/products/4000000000000000431', {
          body: { metaFieldDataList: [{ namespace: 'specs', code: 'weight', value: '{"value":600,"unit":"kg"}' }] },
        });
        expect(tooHeavy.status).toBe(400);
      });
    });
  });

  it('is the same with ids written as numbers (the state holds ids as strings)', async () => {
    await withSandbox({ seed: seed(), idsAs: 'number' }, async (sandbox) => {
      const snapshot = await call(sandbox, 'GET', state(sandbox.baseUrl));
      expect(snapshot.json.giftCards[0].id).toBe('4100000000000000001');
    });
  });

  it('is refused whole to a token without the protected data approval: it holds customers whole', async () => {
    const tokens: TokenGrant[] = [
      { token: 'sbx_state_plain_0001', scopes: ['read_customers', 'read_orders'] },
      { token: 'sbx_state_approved_01', scopes: ['read_customers', 'read_customer_protected_data'] },
    ];
    await withSandbox({ seed: 'demo', tokens }, async (sandbox) => {
      const plain = await call(sandbox, 'GET', state(sandbox.baseUrl), { token: 'sbx_state_plain_0001' });
      expect(plain.status).toBe(403);
      expect(plain.json.message).toContain('read_customer_protected_data');
      expect(JSON.stringify(plain.json)).not.toMatch(/@example\.com/);
      const approved = await call(sandbox, 'GET', state(sandbox.baseUrl), { token: 'sbx_state_approved_01' });
      expect(approved.status).toBe(200);
      expect(JSON.stringify(approved.json.customers)).toContain('ada@example.com');
    });
  });

  it('needs a token, and a body to PUT', async () => {
    await withSandbox({}, async (sandbox) => {
      expect((await call(sandbox, 'GET', state(sandbox.baseUrl), { token: null })).status).toBe(401);
      expect((await call(sandbox, 'PUT', state(sandbox.baseUrl), { token: 'wrong', body: {} })).status).toBe(401);
      const empty = await call(sandbox, 'PUT', state(sandbox.baseUrl));
      expect(empty.status).toBe(400);
      expect(empty.json.message).toContain('needs the new state');
    });
  });

  it('is on disk before it is answered: a copy of the files taken then restarts with the imported state', async () => {
    const dir = scratchDir('sandbox-import-');
    const dataFile = join(dir, 'state.json');
    await withSandbox({ seed: 'demo', dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'PUT', state(sandbox.baseUrl), { body: seed() })).status).toBe(200);
      const imported = (await call(sandbox, 'GET', state(sandbox.baseUrl))).json;
      const crashed = join(dir, 'crashed.json');
      await copyFile(dataFile, crashed);
      await copyFile(`${dataFile}.journal`, `${crashed}.journal`);
      // Definitions are state: the restart finds them in the files, without naming a seed.
      await withSandbox({ dataFile: crashed }, async (restarted) => {
        expect((await call(restarted, 'GET', state(restarted.baseUrl))).json).toEqual(imported);
      });
    });
  });

  it('takes a snapshot larger than the API body limit of 1 MiB', async () => {
    const big = {
      giftCards: Array.from({ length: 6000 }, (_, i) => ({
        id: String(4100000000000000001n + BigInt(i)),
        code: `BULKCARD${String(i).padStart(6, '0')}`,
        initialValue: '1.00',
        note: 'x'.repeat(150),
      })),
    };
    expect(JSON.stringify(big).length).toBeGreaterThan(1024 * 1024);
    await withSandbox({}, async (sandbox) => {
      const reply = await call(sandbox, 'PUT', state(sandbox.baseUrl), { body: big });
      expect(reply.status).toBe(200);
      expect(reply.json.counts.giftCards).toBe(6000);
    });
  });
});

describe('POST /_sandbox/reset', () => {
  it('goes back to the seed, and hands out the ids a fresh start would', async () => {
    await withSandbox({ seed: seed() }, async (sandbox) => {
      const first = await createCard(sandbox);
      // Ids grow by 1 to 63 a card: after 70 more, the last is beyond what a fresh start's first could be.
      for (let i = 0; i < 70; i += 1) await createCard(sandbox);
      await call(sandbox, 'DELETE', '/products/4400000000000000001');
      const reply = await call(sandbox, 'POST', reset(sandbox.baseUrl));
      expect(reply.status).toBe(200);
      expect(reply.json.counts).toEqual({
        giftCards: 2,
        categories: 1,
        collections: 1,
        locations: 1,
        products: 1,
        metafieldDefinitions: 1,
        metafields: 1,
        webhooks: 0,
        customers: 0,
        discounts: 0,
        orders: 0,
        fulfillments: 0,
        refunds: 0,
        markets: 0,
        pages: 0,
        materials: 0,
        themes: 0,
        themeAssets: 0,
        payments: 0,
      });
      expect((await call(sandbox, 'GET', `/gift_cards/${first.id}`)).status).toBe(404);
      expect((await call(sandbox, 'GET', '/products/4400000000000000001')).status).toBe(200);
      const next = BigInt((await createCard(sandbox)).id);
      expect(next > 4400000000000000002n && next <= 4400000000000000002n + 64n).toBe(true);
    });
  });

  it('empties a sandbox started without a seed, definitions given by a file staying in force', async () => {
    const dir = scratchDir('sandbox-reset-');
    const definitions = join(dir, 'definitions.json');
    await writeFile(definitions, JSON.stringify({ definitions: [{ domain: 'shop', namespace: 'a', code: 'b', definitionName: 'B', fieldType: 'Boolean' }] }));
    await withSandbox({ definitionsFile: definitions }, async (sandbox) => {
      await createCard(sandbox);
      await sandbox.reset();
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('0');
      expect((await call(sandbox, 'GET', state(sandbox.baseUrl))).json.metafieldDefinitions.map((d: any) => d.code)).toEqual(['b']);
    });
  });

  it('is on disk before it is answered: a copy of the files taken then loads the seed, and later changes replay after it', async () => {
    const dir = scratchDir('sandbox-reset-');
    const dataFile = join(dir, 'state.json');
    await withSandbox({ seed: seed(), dataFile }, async (sandbox) => {
      await createCard(sandbox, { note: 'gone after the reset' });
      expect((await call(sandbox, 'POST', reset(sandbox.baseUrl))).status).toBe(200);
      const kept = await createCard(sandbox, { note: 'made after the reset' });
      // What a kill -9 now would leave: the data file and its journal as they are.
      const crashed = join(dir, 'crashed.json');
      await copyFile(dataFile, crashed);
      await copyFile(`${dataFile}.journal`, `${crashed}.journal`);
      expect(
        (await readFile(`${crashed}.journal`, 'utf8'))
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line).key),
      ).toEqual(['giftCards', '*', 'giftCards']);
      await withSandbox({ dataFile: crashed }, async (restarted) => {
        const notes = (await call(restarted, 'GET', '/gift_cards/search')).json.giftCards.map((card: any) => card.note ?? null);
        expect(notes).toEqual(['from the seed', null, 'made after the reset']);
        expect((await call(restarted, 'GET', `/gift_cards/${kept.id}`)).status).toBe(200);
        // Ids continue above the last one handed out, across the reset line.
        expect(BigInt((await createCard(restarted)).id)).toBeGreaterThan(BigInt(kept.id));
      });
    });
    // Closed: the journal is folded into the data file.
    await withSandbox({ dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('3');
    });
  });
});

describe('metafield definitions in seeds, snapshots and resets', () => {
  const definitionsPath = (domain: string) => `/metafields/definitions/${domain}`;
  const codes = async (sandbox: Parameters<typeof call>[0]) =>
    (await call(sandbox, 'GET', state(sandbox.baseUrl))).json.metafieldDefinitions.map((d: any) => `${d.domain} ${d.namespace}.${d.code}`);

  it("serves the seed's definitions through the definitions API, and a snapshot holds those the API changed", async () => {
    await withSandbox({ seed: seed() }, async (sandbox) => {
      const listed = await call(sandbox, 'GET', definitionsPath('products'));
      expect(listed.json.metafields.map((d: any) => `${d.namespace}.${d.code} ${d.fieldType}`)).toEqual(['specs.steep_minutes Integer']);
      const created = await call(sandbox, 'POST', definitionsPath('shop'), {
        body: { metafield: { namespace: 'brand', code: 'motto', definitionName: 'Motto', fieldType: 'SingleLineText' } },
      });
      expect(created.status).toBe(200);
      const snapshot = (await call(sandbox, 'GET', state(sandbox.baseUrl))).json;
      // As a definitions file writes them: the wire form with the domain.
      expect(snapshot.metafieldDefinitions).toEqual([
        {
          domain: 'products',
          pinned: 'false',
          definitionName: 'Steeping time',
          code: 'steep_minutes',
          namespace: 'specs',
          description: '',
          optionMap: '{}',
          fieldType: 'Integer',
          multi: 'false',
        },
        {
          domain: 'shop',
          pinned: 'false',
          definitionName: 'Motto',
          code: 'motto',
          namespace: 'brand',
          description: '',
          optionMap: '{}',
          fieldType: 'SingleLineText',
          multi: 'false',
        },
      ]);
      // Reset: back to the seed's definitions, the one made through the API gone.
      await sandbox.reset();
      expect(await codes(sandbox)).toEqual(['products specs.steep_minutes']);
      expect((await call(sandbox, 'GET', `${definitionsPath('shop')}`)).json.metafields).toEqual([]);
      // PUT: the snapshot's definitions replace the store's, and the API serves them.
      expect((await call(sandbox, 'PUT', state(sandbox.baseUrl), { body: snapshot })).status).toBe(200);
      expect(await codes(sandbox)).toEqual(['products specs.steep_minutes', 'shop brand.motto']);
      expect((await call(sandbox, 'GET', `/metafields/definitions/detail/shop?namespace=brand&code=motto`)).json.metafield.definitionName).toBe('Motto');
    });
  });

  it('keeps them in the data file: the definitions of an import, and one made after it, survive a restart without the seed', async () => {
    const dataFile = join(scratchDir('sandbox-definitions-'), 'state.json');
    await withSandbox({ dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'PUT', state(sandbox.baseUrl), { body: seed() })).status).toBe(200);
      await call(sandbox, 'POST', definitionsPath('customers'), {
        body: { metafield: { namespace: 'loyalty', code: 'tier', definitionName: 'Tier', fieldType: 'Integer' } },
      });
    });
    const saved = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(saved.data.metafieldDefinitions.map((d: any) => d.code)).toEqual(['steep_minutes', 'tier']);
    await withSandbox({ dataFile }, async (sandbox) => {
      expect(await codes(sandbox)).toEqual(['products specs.steep_minutes', 'customers loyalty.tier']);
      // In force: the imported Integer definition refuses text.
      const refused = await call(sandbox, 'POST', '/metafields/products/4400000000000000001', {
        body: { metaFieldDataList: [{ namespace: 'specs', code: 'steep_minutes', value: 'long' }] },
      });
      expect(refused.status).toBe(400);
    });
  });

  it('takes back a value whose definition was deleted, with the type it was written with', async () => {
    await withSandbox({ seed: seed() }, async (source) => {
      expect((await call(source, 'DELETE', `${definitionsPath('products')}?namespace=specs&code=steep_minutes`)).status).toBe(200);
      const snapshot = await call(source, 'GET', state(source.baseUrl));
      expect(snapshot.json.metafieldDefinitions).toEqual([]);
      expect(snapshot.json.metafields[0].values).toEqual([{ namespace: 'specs', code: 'steep_minutes', value: '3', fieldType: 'Integer' }]);
      await withSandbox({}, async (target) => {
        expect((await call(target, 'PUT', state(target.baseUrl), { rawBody: snapshot.text })).status).toBe(200);
        expect((await call(target, 'GET', state(target.baseUrl))).text).toBe(snapshot.text);
      });
    });
    // Written by hand: a type without a definition is checked all the same.
    const wrong = seed() as any;
    wrong.metafieldDefinitions = [];
    wrong.metafields[0].values[0] = { namespace: 'specs', code: 'steep_minutes', value: 'three', fieldType: 'Integer' };
    expect(await startFailure({ seed: wrong })).toMatch(/^The sandbox seed: metafields\[0\]\.values\[0\]\.value: /);
  });
});

describe('webhook subscriptions in seeds, snapshots and resets', () => {
  const subscription = (address: string) => ({ id: '4500000000000000001', address, topic: 'products/create', createTime: '2026-01-02T03:04:05Z' });

  it("delivers to a seed's subscription, and a reset or an import brings one deleted back", async () => {
    const receiver = await startReceiver();
    try {
      await withSandbox({ seed: { ...seed(), webhooks: [subscription(receiver.url)] } }, async (sandbox) => {
        const listed = await call(sandbox, 'GET', '/app/webhooks');
        expect(listed.json.webhooks.map((w: any) => [w.id, w.address, w.topic, w.createTime, w.updateTime])).toEqual([
          ['4500000000000000001', receiver.url, 'products/create', '2026-01-02T03:04:05Z', '2026-01-02T03:04:05Z'],
        ]);
        const product = await createProduct(sandbox);
        await receiver.until((received) => received.length === 1);
        expect(receiver.received[0]?.json.productId).toBe(product.productId);

        const snapshot = (await call(sandbox, 'GET', state(sandbox.baseUrl))).json;
        expect(snapshot.webhooks).toEqual([
          {
            id: '4500000000000000001',
            address: receiver.url,
            topic: 'products/create',
            format: 'json',
            createTime: '2026-01-02T03:04:05Z',
            updateTime: '2026-01-02T03:04:05Z',
          },
        ]);
        expect((await call(sandbox, 'DELETE', '/app/webhooks/4500000000000000001')).status).toBe(200);
        expect((await call(sandbox, 'POST', reset(sandbox.baseUrl))).json.counts.webhooks).toBe(1);
        expect((await call(sandbox, 'GET', '/app/webhooks/count')).json.count).toBe('1');
        await createProduct(sandbox);
        await receiver.until((received) => received.length === 2);

        expect((await call(sandbox, 'DELETE', '/app/webhooks/4500000000000000001')).status).toBe(200);
        expect((await call(sandbox, 'PUT', state(sandbox.baseUrl), { body: snapshot })).json.counts.webhooks).toBe(1);
        expect((await call(sandbox, 'GET', '/app/webhooks/4500000000000000001')).status).toBe(200);
        // The restored subscription's id is taken: a new one gets another.
        const made = await call(sandbox, 'POST', '/app/webhooks', { body: { webhook: { address: receiver.url, topic: 'products/update' } } });
        expect(made.status).toBe(201);
        expect(made.json.webhook.id).not.toBe('4500000000000000001');
      });
    } finally {
      await receiver.close();
    }
  });

  it('names the JSON path of a subscription that does not fit', async () => {
    // Any documented topic fits, orders/create as well as products/create.
    await (await startSandbox({ seed: { ...seed(), webhooks: [{ ...subscription('http://127.0.0.1:9/a'), topic: 'orders/create' }] } })).close();
    const twice = { ...seed(), webhooks: [subscription('http://127.0.0.1:9/a'), { ...subscription('http://127.0.0.1:9/a'), id: '4500000000000000002' }] };
    expect(await startFailure({ seed: twice })).toMatch(/^The sandbox seed: webhooks\[1\]\.address: is subscribed to products\/create by webhooks\[0\] too\.$/);
    const badTopic = { ...seed(), webhooks: [{ ...subscription('http://127.0.0.1:9/a'), topic: 'orders/created' }] };
    expect(await startFailure({ seed: badTopic })).toMatch(/^The sandbox seed: webhooks\[0\]\.topic: must be one of products\/create/);
    const notUrl = { ...seed(), webhooks: [subscription('ftp://example.com/')] };
    expect(await startFailure({ seed: notUrl })).toMatch(/webhooks\[0\]\.address: must be an absolute http or https URL/);
  });
});
