// Collections in both dialects, against a demo sandbox started here (they ran as spawned
// processes before; test/e2e/smoke.test.ts keeps one run of the bundle). Every verb (get, count, create, update, delete, add, remove, products), names looked up as
// product create looks them up, deletes refused without a terminal or --yes, and bad input
// refused in one sentence with nothing sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';
import { methodAndPath } from '../../helpers/store-request.js';

const SUMMER_SALE = '4000000000000000304';
const RAINY_DAY = '4000000000000000335';
const MUG = '4000000000000000431';
const JACKET = '4000000000000000451';
const T_SHIRT = '4000000000000000401';

let sandbox: LoggedSandbox;

async function runSent(args: string[], stdin?: string) {
  const result = await runLogged(sandbox, args, stdin === undefined ? {} : { stdin });
  return { ...result, requests: result.requests.map(methodAndPath) };
}

/** A piped record's `FIELD<TAB>value` lines as an object. */
function record(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t') as [string, string]),
  );
}

describe.each(DIALECTS)('collection verbs (%s dialect)', (dialect) => {
  const real = dialect === 'real';
  beforeAll(async () => {
    sandbox = await startLogged({ dialect, seed: 'demo', tokens: ['t', 'reader:read_products'].map(parseTokenSpec) });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('get by title or id: piped FIELD lines, --json as the store sent it', async () => {
    const byTitle = await runSent(['collection', 'get', 'summer sale']);
    expect(byTitle.code, byTitle.stderr).toBe(0);
    expect(record(byTitle.stdout)).toMatchObject({
      ID: SUMMER_SALE,
      TITLE: 'Summer Sale',
      TYPE: 'custom',
      PUBLISHED: 'true',
      IMAGE: 'https://cdn.example.com/store-cli-demo/summer-sale.jpg',
    });
    expect(byTitle.requests).toEqual(['GET /api/202412/collections', `GET /api/202412/collections/${SUMMER_SALE}`]);
    const json = await runSent(['collection', 'get', '4000000000000000311', '--json', 'title,collectionType,published,countGoodsNum']);
    expect(json.requests).toEqual(['GET /api/202412/collections/4000000000000000311']);
    expect(JSON.parse(json.stdout)).toEqual({ title: 'New Arrivals', collectionType: real ? 2 : '2', published: real ? true : 'true', countGoodsNum: '2' });
  });

  it('count: all, by title and by type', async () => {
    expect(JSON.parse((await cli(['collection', 'count', '--json'], { env: sandbox.env() })).stdout)).toEqual({ count: 6 });
    const smart = await runSent(['collection', 'count', '--collection-type', 'smart', '--title', 'new']);
    expect(smart.stdout.trim()).toBe('1');
    // The docs show no filter for the count: with one, the listing is counted (the store's count would count every one).
    expect(smart.requests).toEqual(['GET /api/202412/collections']);
  });

  let created = '';

  it('create from flags: one POST in the documented forms, the new collection printed id first', async () => {
    const dry = await runSent([
      'collection',
      'create',
      '--title',
      'E2E Winter',
      '--collection-type',
      'smart',
      '--no-published',
      '--body-html',
      '<p>Cold</p>',
      '--dry-run',
      '--json',
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.requests).toEqual([]);
    expect(JSON.parse(dry.stdout)).toEqual([
      {
        method: 'POST',
        path: '/api/202412/collections',
        body: { collection: { title: 'E2E Winter', bodyHtml: '<p>Cold</p>', collectionType: 2, published: false } },
      },
    ]);
    const r = await runSent([
      'collection',
      'create',
      '--title',
      'E2E Winter',
      '--collection-type',
      'smart',
      '--no-published',
      '--image-url',
      'https://img.example.com/w.jpg',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toEqual(['POST /api/202412/collections']);
    const shown = record(r.stdout);
    expect(r.stdout.split('\t')[0]).toBe('ID');
    expect(shown).toMatchObject({ TITLE: 'E2E Winter', TYPE: 'smart', PUBLISHED: 'false', PRODUCTS: '0', IMAGE: 'https://img.example.com/w.jpg' });
    created = shown.ID!;
    expect(created).toMatch(/^\d+$/);
  });

  it('create from --file on stdin, flags over it; a bad file or a missing title exits 2 with nothing sent', async () => {
    const file = JSON.stringify({
      collection: { title: 'From file', collectionType: 1, published: true, bodyHtml: '<p>F</p>', collectionId: '1', countGoodsNum: 9 },
    });
    const r = await runSent(['collection', 'create', '--file', '-', '--title', 'E2E File', '--json', 'title,bodyHtml,countGoodsNum'], file);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ title: 'E2E File', bodyHtml: '<p>F</p>', countGoodsNum: '0' });
    for (const [args, input, message] of [
      [
        ['collection', 'create', '--file', '-'],
        '{"title":"x","collectionType":"9"}',
        'stdin: collectionType: must be 1 (custom) or 2 (smart), or "custom" or "smart".',
      ],
      [['collection', 'create', '--file', '-'], '{"title": ', 'stdin is not valid JSON: '],
      [['collection', 'create', '--body-html', 'x'], '', '--title is required (or give the whole collection with --file).'],
      [['collection', 'create', '--title', 'x', '--image-url', 'ftp://x'], '', "--image-url must be an absolute http or https URL (got 'ftp://x')."],
    ] as const) {
      const bad = await runSent([...args], input);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(message);
      expect(bad.stderr).not.toMatch(STACK_LINE);
      expect(bad.requests).toEqual([]);
    }
  });

  it('update: reads, then sends the whole collection with the change; an update that changes nothing sends nothing', async () => {
    const r = await runSent(['collection', 'update', created, '--title', 'E2E Winter Sale', '--published', '--json', 'title,published,collectionType']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toEqual([`GET /api/202412/collections/${created}`, `PUT /api/202412/collections/${created}`]);
    expect(JSON.parse(r.stdout)).toEqual({ title: 'E2E Winter Sale', published: real ? true : 'true', collectionType: real ? 2 : '2' });
    const same = await runSent(['collection', 'update', 'E2E Winter Sale', '--published']);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toContain('already is as asked: nothing to change.');
    expect(same.requests.filter((line) => !line.startsWith('GET'))).toEqual([]);
    const none = await runSent(['collection', 'update', created]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Nothing to change');
  });

  it('add and remove products by id or title, one collect request each way; products lists them', async () => {
    const added = await runSent(['collection', 'add', 'rainy day', MUG, 'Organic Cotton', '--json', 'countGoodsNum,collects']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.requests.filter((line) => !line.startsWith('GET'))).toEqual(['POST /api/202412/collections/collect']);
    expect(JSON.parse(added.stdout).countGoodsNum).toBe('3');

    const listed = await runSent(['collection', 'products', 'Rainy Day Picks']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(
      listed.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')[0]),
    ).toEqual([T_SHIRT, MUG, JACKET]);
    const json = await cli(['collection', 'products', RAINY_DAY, '--json', 'productId,title', '--limit', '2'], { env: sandbox.env() });
    expect(JSON.parse(json.stdout)).toEqual([
      { productId: T_SHIRT, title: 'Organic Cotton T-Shirt' },
      { productId: MUG, title: 'Stoneware Coffee Mug' },
    ]);
    expect(json.stderr).toMatch(/More products match: add --page-token \S+ for the next page/);

    const removed = await runSent(['collection', 'remove', RAINY_DAY, MUG, T_SHIRT, '--json', 'countGoodsNum']);
    expect(removed.code, removed.stderr).toBe(0);
    // The collection read first (what it held), then one request.
    expect(removed.requests).toEqual([`GET /api/202412/collections/${RAINY_DAY}`, 'DELETE /api/202412/collections/collect']);
    expect(JSON.parse(removed.stdout)).toEqual({ countGoodsNum: '1' });
    const product = JSON.parse((await cli(['product', 'get', MUG, '--json', 'collections'], { env: sandbox.env() })).stdout);
    expect(JSON.parse(product.collections)).not.toContain(RAINY_DAY);
  });

  it('unknown or ambiguous names exit 2 in one sentence, nothing written; an unknown id is the store 404 (exit 1)', async () => {
    const unknown = await runSent(['collection', 'add', 'No Such Collection', MUG]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No collection matches 'No Such Collection' (<collection>); 'store-cli collection list' lists them.");
    expect(unknown.requests).toEqual(['GET /api/202412/collections']);
    const product = await runSent(['collection', 'remove', SUMMER_SALE, 'No Such Product']);
    expect(product.code).toBe(2);
    expect(product.stderr).toContain("No product matches 'No Such Product' (<products>); 'store-cli product list' lists them.");
    expect(product.requests.filter((line) => !line.startsWith('GET'))).toEqual([]);
    const ambiguous = await runSent(['collection', 'products', 'summer']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain("Collection 'summer' is ambiguous: Summer Sale (id 4000000000000000304), Summer Essentials (id 4000000000000000317)");
    const missing = await runSent(['collection', 'get', '4000000000000009999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No collection has the id 4000000000000009999');
    expect(missing.stderr).not.toMatch(STACK_LINE);
  });

  it('delete: refused without a terminal or --yes (exit 2, nothing sent), shown by --dry-run, done with --yes; a read-only token gets exit 4', async () => {
    const refused = await runSent(['collection', 'delete', created]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect(refused.requests).toEqual([]);
    const dry = await runSent(['collection', 'delete', 'E2E Winter Sale', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual([{ method: 'DELETE', path: `/api/202412/collections/${created}`, body: null }]);
    expect(dry.requests).toEqual(['GET /api/202412/collections']);
    const reader = await cli(['collection', 'delete', created, '--yes'], { env: sandbox.env({ STORE_CLI_TOKEN: 'reader' }) });
    expect(reader.code).toBe(4);
    const deleted = await runSent(['collection', 'delete', created, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe('');
    expect(deleted.requests).toEqual([`DELETE /api/202412/collections/${created}`]);
    expect((await cli(['collection', 'get', created], { env: sandbox.env() })).code).toBe(1);
  });
});
