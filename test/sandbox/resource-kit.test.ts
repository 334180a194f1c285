// The resource kit: resources/index.ts is the one list a resource joins. What the sandbox
// derives from it (the scopes a token may hold, the seed's sections, the demo set) is checked
// here against each resource's own declarations.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDialect, type DialectName } from '../../src/sandbox/http/dialect.js';
import { APPROVAL_SCOPES } from '../../src/sandbox/http/protected-fields.js';
import { ALL_SCOPES, RESOURCES, SEED_SECTIONS } from '../../src/sandbox/resources/index.js';
import { DefinitionCatalog } from '../../src/sandbox/resources/metafield-definitions/definitions.js';
import { Lookups } from '../../src/sandbox/resources/lookups.js';
import type { Resource, ResourceEnv } from '../../src/sandbox/resources/resource.js';
import { IdGenerator } from '../../src/sandbox/state/ids.js';
import { checkSeed, demoDocument, seedSchema } from '../../src/sandbox/state/seed.js';

function envFor(dialect: DialectName): ResourceEnv {
  return {
    ids: new IdGenerator(),
    currency: 'USD',
    shop: { name: 'Sandbox Shop', domain: 'sandbox.localhost' },
    codesInReads: 'masked',
    idsAs: 'string',
    metafieldDefinitions: new DefinitionCatalog(),
    lookups: new Lookups(),
    dialect: createDialect(dialect),
    changed: () => {},
    emit: () => {},
  };
}

const created = (entry: (typeof RESOURCES)[number], dialect: DialectName): Resource[] => [entry.create(envFor(dialect))].flat();

describe('the resources list', () => {
  it.each(['service', 'real'] as const)('gives each entry the scopes its own routes require, every one of them used (%s dialect)', (dialect) => {
    for (const entry of RESOURCES) {
      const required = new Set(created(entry, dialect).flatMap((resource) => resource.routes.flatMap((route) => [route.scope].flat())));
      expect([...required].sort()).toEqual([...entry.scopes].sort());
    }
  });

  it('makes the scopes a token may hold: each entry’s, in the list’s order, then the approvals', () => {
    expect(ALL_SCOPES).toEqual([...RESOURCES.flatMap((entry) => [...entry.scopes]), ...APPROVAL_SCOPES]);
    expect(new Set(ALL_SCOPES).size).toBe(ALL_SCOPES.length);
  });

  it('gives every resource a seed section of its key, and a seed no section without a resource', () => {
    for (const entry of RESOURCES) {
      const keys = created(entry, 'service').map((resource) => resource.key);
      expect(entry.seeds.map((section) => section.key).sort()).toEqual([...keys].sort());
    }
  });

  it('composes the seed schema from the sections, in the order a snapshot writes them', () => {
    const empty = seedSchema.parse({});
    expect(Object.keys(empty)).toEqual(SEED_SECTIONS.map((section) => section.key));
    expect(Object.keys(empty)).toEqual([
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
    const checked = checkSeed({}, new Date(0));
    expect(checked.ok && Object.keys(checked.seed)).toEqual(Object.keys(empty));
  });

  it('reports a section’s own check at its JSON path, through the composition', () => {
    const card = { id: '4100000000000000001', code: 'SEEDCARD0001', initialValue: '1.00' };
    const checked = checkSeed({ giftCards: [card, { ...card, code: 'SEEDCARD0002' }] }, new Date(0));
    expect(checked).toEqual({ ok: false, problems: [{ field: 'giftCards[1].id', message: 'is the id of giftCards[0] too' }] });
  });

  it('hands a section the sections filled in before it, and lets `instead` replace one (the values checked against it)', () => {
    const values = { metafields: [{ domain: 'products', bizId: '4400000000000000001', values: [{ namespace: 'specs', code: 'grams', value: 'heavy' }] }] };
    expect(checkSeed(values, new Date(0)).ok).toBe(true);
    const grams = {
      domain: 'products',
      namespace: 'specs',
      code: 'grams',
      definitionName: 'Grams',
      description: '',
      fieldType: 'Integer',
      multi: false,
      optionMap: '{}',
      pinned: false,
    } as const;
    const checked = checkSeed(values, new Date(0), { metafieldDefinitions: [grams] });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problems[0]?.field).toBe('metafields[0].values[0].value');
  });
});

describe('the demo set', () => {
  it('is every resource’s demo.json, byte for byte', () => {
    const text = `${JSON.stringify(demoDocument(), null, 2)}\n`;
    expect(Object.keys(demoDocument())).toEqual([
      'giftCards',
      'categories',
      'collections',
      'locations',
      'products',
      'metafieldDefinitions',
      'metafields',
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
    // src/sandbox/data/demo.json before the split (22,998 bytes), then issue 20's locations and
    // stock at the Downtown Store, issue 21's demo customers, discounts and orders, and issue
    // 29's discounts holding one code each (as a Genstore discount does), issue 36's two
    // fulfillments, two markets and one page, and its two files, two themes with six assets
    // three payment transactions and two refunds (order #1002 partially refunded).
    expect(createHash('sha256').update(text).digest('hex')).toBe('466db761e4d97a247e0ff82567a1ef87adc68cbb19c200331de5f01cfbbd1679');
  });

  it('hands out a copy: changing it changes no later demo', () => {
    const first = demoDocument() as { giftCards: unknown[] };
    first.giftCards.length = 0;
    expect((demoDocument() as { giftCards: unknown[] }).giftCards.length).toBeGreaterThan(0);
  });
});
