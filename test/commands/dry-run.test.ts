// --dry-run on every write: the request is printed (method, path, body; secrets masked),
// reads needed to build it are made and said, and the sandbox's request log shows no write.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { createCardDirect, expectUsageError, freshCode, requestLog, stripAnsi, tsvRows, type LoggedRequest } from './_support.js';
import { useSandbox } from '../helpers/sandbox.js';
import { freshBizId, seed, stored } from './metafield/_metafields.js';
import { DEMO, createProduct, getProduct, teeProduct } from './product/_products.js';

const writes = (requests: LoggedRequest[]) => requests.filter((q) => q.method !== 'GET');

describe('--dry-run', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });
  const json = (stdout: string) => JSON.parse(stdout) as Array<{ method: string; path: string; body: unknown }>;

  describe('giftcard create', () => {
    it('--json: the POST with the code masked to its last four characters; nothing sent at all', async () => {
      const code = freshCode('DRY');
      log.clear();
      const r = await cli(['giftcard', 'create', '--initial-value', '25.00', '--code', code, '--note', 'Gift', '--dry-run', '--json'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(json(r.stdout)).toEqual(
        [{ method: 'POST', path: '/gift_cards', body: { giftCard: { code: `****${code.slice(-4)}`, initialValue: '25.00', note: 'Gift' } } }].map((q) => ({
          ...q,
          path: `/api/202412${q.path}`,
        })),
      );
      expect(r.stdout + r.stderr).not.toContain(code);
      expect(r.stderr).toBe('Dry run: nothing was sent.\n');
      expect(await log.take()).toEqual([]);
    });

    it('piped: one METHOD<TAB>PATH<TAB>BODY row; without --code none is generated, and it says so', async () => {
      log.clear();
      const r = await cli(['giftcard', 'create', '--initial-value', '10', '--dry-run'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(tsvRows(r.stdout)).toEqual([['POST', '/api/202412/gift_cards', '{"giftCard":{"initialValue":"10.00"}}']]);
      expect(r.stderr).toContain('No --code: a code is generated when the card is created');
      expect(await log.take()).toEqual([]);
    });

    it('in a terminal: the request field by field', async () => {
      const r = await cli(['giftcard', 'create', '--initial-value', '10', '--code', 'TERMINAL1234', '--dry-run'], { env: s.env, tty: true });
      expect(r.code, r.stderr).toBe(0);
      const out = stripAnsi(r.stdout);
      expect(out).toMatch(/^METHOD\s+POST$/m);
      expect(out).toMatch(/^PATH\s+\/api\/202412\/gift_cards$/m);
      expect(out).toMatch(/^BODY\s+\{"giftCard":\{"code":"\*\*\*\*1234","initialValue":"10\.00"\}\}$/m);
    });

    it('invalid input is still exit 2 naming the flag, nothing sent', async () => {
      log.clear();
      expectUsageError(await cli(['giftcard', 'create', '--initial-value', '1.234', '--dry-run'], { env: s.env }), '--initial-value');
      expect(await log.take()).toEqual([]);
    });

    it('--json selects the request fields; a card field is refused listing them', async () => {
      const r = await cli(['giftcard', 'create', '--initial-value', '5', '--dry-run', '--json', 'method,path'], { env: s.env });
      expect(json(r.stdout)).toEqual([{ method: 'POST', path: '/api/202412/gift_cards' }]);
      expectUsageError(await cli(['giftcard', 'create', '--initial-value', '5', '--dry-run', '--json', 'balance'], { env: s.env }), 'method, path, body');
    });
  });

  describe('giftcard update and disable', () => {
    it('update: the PUT with its body; the card keeps its balance', async () => {
      const card = await createCardDirect(s.sandbox, { initialValue: '50.00' });
      log.clear();
      const r = await cli(['giftcard', 'update', card.id, '--balance', '12.50', '--note', 'x', '--dry-run', '--json'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(json(r.stdout)).toEqual([{ method: 'PUT', path: `/api/202412/gift_cards/${card.id}`, body: { giftCard: { balance: '12.50', note: 'x' } } }]);
      expect(writes(await log.take())).toEqual([]);
      const after = await cli(['giftcard', 'get', card.id, '--json', 'balance'], { env: s.env });
      expect(JSON.parse(after.stdout)).toEqual({ balance: '50.00' });
    });

    it('disable: the POST, no confirmation asked even without --yes, the card stays enabled', async () => {
      const card = await createCardDirect(s.sandbox);
      log.clear();
      const r = await cli(['giftcard', 'disable', card.id, '--dry-run'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(tsvRows(r.stdout)).toEqual([['POST', `/api/202412/gift_cards/${card.id}/disable`, '{}']]);
      expect(await log.take()).toEqual([]);
      const after = await cli(['giftcard', 'get', card.id, '--json', 'disableTime'], { env: s.env });
      expect(JSON.parse(after.stdout).disableTime ?? null).toBeNull();
    });
  });

  describe('metafield set and delete', () => {
    const set = (bizId: string, ...rest: string[]) => ['metafield', 'set', 'products', bizId, '--namespace', 'specs', '--code', 'color', ...rest, '--dry-run'];

    it('set of a new value: reads (said on stderr), then shows the POST it would send', async () => {
      const bizId = freshBizId();
      log.clear();
      const r = await cli(set(bizId, '--value', 'red', '--json'), { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(json(r.stdout)).toEqual([
        {
          method: 'POST',
          path: `/api/202412/metafields/products/${bizId}`,
          body: { metaFieldDataList: [{ namespace: 'specs', code: 'color', value: 'red' }] },
        },
      ]);
      const requests = await log.take();
      // The definition (none: said once), then the stored value.
      expect(requests.map((q) => q.method)).toEqual(['GET', 'GET']);
      expect(r.stderr).toContain('warning: no definition for specs.color on products: stored as text');
      expect(r.stderr).toContain(`GET /api/202412/metafields/detail/products/${bizId}?namespace=specs&code=color`);
      expect(await stored(s.sandbox, 'products', bizId, 'specs', 'color')).toBeUndefined();
    });

    it('set of a different stored value: the PUT; of an equal one: nothing, said so', async () => {
      const bizId = freshBizId();
      await seed(s.sandbox, 'products', bizId, [{ namespace: 'specs', code: 'color', value: 'blue' }]);
      log.clear();
      const changed = await cli(set(bizId, '--value', 'green'), { env: s.env });
      expect(changed.code, changed.stderr).toBe(0);
      expect(tsvRows(changed.stdout)).toEqual([
        ['PUT', `/api/202412/metafields/products/${bizId}`, '{"metaFieldData":{"namespace":"specs","code":"color","value":"green"}}'],
      ]);
      const same = await cli(set(bizId, '--value', 'blue', '--json'), { env: s.env });
      expect(same.code, same.stderr).toBe(0);
      expect(JSON.parse(same.stdout)).toEqual([]);
      expect(same.stderr).toMatch(
        /^Dry run: no change: specs\.color of products \d+ already has this value, so nothing would be sent \(read to build it: GET /m,
      );
      expect(writes(await log.take())).toEqual([]);
      expect((await stored(s.sandbox, 'products', bizId, 'specs', 'color'))?.value).toBe('blue');
    });

    it('delete: the DELETE with its query, no confirmation, the value stays', async () => {
      const bizId = freshBizId();
      await seed(s.sandbox, 'products', bizId, [{ namespace: 'specs', code: 'color', value: 'blue' }]);
      log.clear();
      const r = await cli(['metafield', 'delete', 'products', bizId, '--namespace', 'specs', '--code', 'color', '--dry-run', '--json'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(json(r.stdout)).toEqual([{ method: 'DELETE', path: `/api/202412/metafields/products/${bizId}?namespace=specs&code=color`, body: null }]);
      expect(await log.take()).toEqual([]);
      expect((await stored(s.sandbox, 'products', bizId, 'specs', 'color'))?.value).toBe('blue');
    });
  });

  it('in a terminal, the destructive verbs ask nothing: exit 0, no question, no write', async () => {
    const card = await createCardDirect(s.sandbox);
    const product = await createProduct(s.sandbox, teeProduct('Asked Nothing'));
    log.clear();
    for (const argv of [
      ['giftcard', 'disable', card.id, '--dry-run'],
      ['product', 'delete', product.productId, '--dry-run'],
      ['metafield', 'delete', 'products', freshBizId(), '--namespace', 'specs', '--code', 'color', '--dry-run'],
    ]) {
      const r = await cli(argv, { env: s.env, tty: true, stdin: 'n\n' });
      expect(r.code, r.stderr).toBe(0);
      expect(stripAnsi(r.stderr)).not.toMatch(/\?/);
      expect(stripAnsi(r.stdout)).toMatch(/^METHOD\s+(POST|DELETE)$/m);
    }
    expect(await log.take()).toEqual([]);
  });

  describe('product create and delete', () => {
    it('create resolves names by reading (said), shows the POST with the resolved ids, creates nothing', async () => {
      log.clear();
      const r = await cli(
        ['product', 'create', '--title', 'Dry Tee', '--price', '19.99', '--category', 'T-Shirts', '--collection', 'Summer Sale', '--dry-run', '--json'],
        { env: s.env },
      );
      expect(r.code, r.stderr).toBe(0);
      const [request, ...rest] = json(r.stdout);
      expect(rest).toEqual([]);
      expect(request).toMatchObject({ method: 'POST', path: '/api/202412/products', body: { product: { title: 'Dry Tee' } } });
      const sent = JSON.stringify(request!.body);
      expect(sent).toContain(DEMO.categories.tShirts);
      expect(sent).toContain(DEMO.collections.summerSale);
      expect(sent).toContain('"19.99"');
      const requests = await log.take();
      expect(requests.length).toBeGreaterThan(0);
      expect(writes(requests)).toEqual([]);
      expect(r.stderr).toMatch(/^Dry run: nothing was sent \(read to build it: GET \/api\/202412\/categor/);
    });

    it('create with a name that matches nothing is still exit 2, nothing written', async () => {
      log.clear();
      const r = await cli(['product', 'create', '--title', 'X', '--category', 'No Such Category', '--dry-run'], { env: s.env });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: No category matches 'No Such Category' \(--category\)/);
      expect(writes(await log.take())).toEqual([]);
    });

    it('delete: the DELETE, no confirmation, the product stays', async () => {
      const product = await createProduct(s.sandbox, teeProduct('Still Here'));
      log.clear();
      const r = await cli(['product', 'delete', product.productId, '--dry-run'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(tsvRows(r.stdout)).toEqual([['DELETE', `/api/202412/products/${product.productId}`, '']]);
      expect(await log.take()).toEqual([]);
      expect((await getProduct(s.sandbox, product.productId)).title).toBe('Still Here');
    });
  });
});
