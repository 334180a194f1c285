// Undo never clobbers: a card or product the run created that someone changed since is left
// alone and named (exit 3) unless --force; a key an earlier undo put back that someone changed
// after it is left alone too, never counted as already as before.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../helpers/sandbox.js';
import { call, freshCode } from '../_support.js';
import { file, runIdOf, runner } from './_runs.js';

describe('undo of what the run created, changed since', () => {
  const s = useSandbox({ seed: 'demo' });

  it('a created gift card used since (balance 5.00, a new note) is left alone and named, exit 3; --force disables it', async () => {
    const { run } = runner(() => s.env);
    const code = freshCode('CHANGED');
    const runId = runIdOf(await run(['giftcard', 'import', file('cards.csv', `code,initialValue,note\n${code},25.00,gift\n`), '--json']));
    const [card] = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/search?lastCharacters=${code.slice(-4)}`)).text).giftCards as Array<{ id: string }>;
    expect((await call(s.sandbox, 'PUT', `/gift_cards/${card!.id}`, { giftCard: { balance: '5.00', note: 'spent at the till' } })).status).toBe(200);

    const undone = await run(['undo', runId, '--yes', '--json']);
    expect(undone.code).toBe(3);
    expect(JSON.parse(undone.stdout)).toMatchObject({ disabled: 0, leftAlone: 1 });
    expect(undone.stderr).toContain(
      `****${code.slice(-4)} ${card!.id}: created by the run, and its balance and note changed since: disabling it would take it from whoever holds it, for good`,
    );
    const held = JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${card!.id}`)).text).giftCard as { disableTime?: string; balance: string };
    expect(held.disableTime ?? null).toBeNull();
    expect(held.balance).toBe('5.00');

    const forced = await run(['undo', runId, '--yes', '--force', '--json']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ disabled: 1, leftAlone: 0 });
    expect((JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${card!.id}`)).text).giftCard as { disableTime?: string }).disableTime).toBeTruthy();
  });

  it('a created product changed since is left alone, naming what changed; --force deletes it', async () => {
    const { run } = runner(() => s.env);
    const runId = runIdOf(await run(['product', 'import', file('products.csv', 'handle,title,sku,price\nchanged-mug,Changed Mug,CHMUG-1,8.00\n'), '--json']));
    const products = JSON.parse((await call(s.sandbox, 'GET', '/products?title=Changed%20Mug')).text).products as Array<{ productId: string }>;
    const id = String(products[0]!.productId);
    const stored = JSON.parse((await call(s.sandbox, 'GET', `/products/${id}`)).text).product as Record<string, unknown>;
    expect((await call(s.sandbox, 'PUT', `/products/${id}`, { product: { ...stored, title: 'Their Mug' } })).status).toBe(200);

    const undone = await run(['undo', runId, '--yes']);
    expect(undone.code).toBe(3);
    expect(undone.stderr).toContain(`product ${id}: created by the run, and changed since (title): deleting it would lose those changes`);
    expect((await call(s.sandbox, 'GET', `/products/${id}`)).status).toBe(200);
    const forced = await run(['undo', runId, '--yes', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect((await call(s.sandbox, 'GET', `/products/${id}`)).status).toBe(404);
  });
});

describe('an undo run again', () => {
  const s = useSandbox({ seed: 'demo' });

  it('a key changed by someone after the first undo is left alone and named, not counted "already as before"; one still as before is', async () => {
    const { run } = runner(() => s.env);
    const ids = ['4000000000000000401', '4000000000000000431'];
    const rows = ids.map((id) => `products,${id},again,twice,run-${id}`);
    const runId = runIdOf(await run(['metafield', 'import', file('values.csv', `domain,bizId,namespace,code,value\n${rows.join('\n')}\n`), '--json']));
    const first = await run(['undo', runId, '--yes', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ deleted: 2 });

    // Someone writes one of the keys after that undo.
    runIdOf(await run(['metafield', 'import', file('theirs.csv', `domain,bizId,namespace,code,value\nproducts,${ids[1]},again,twice,theirs\n`), '--json']));
    const second = await run(['undo', runId, '--yes', '--json']);
    expect(second.code).toBe(3);
    expect(JSON.parse(second.stdout)).toMatchObject({ deleted: 0, asBefore: 1, leftAlone: 1 });
    expect(second.stderr).toContain(`products/${ids[1]}/again.twice: changed since an earlier undo of the run put it back`);
    expect(second.stderr).toContain('undone by an earlier undo: 1');
    const held = JSON.parse((await call(s.sandbox, 'GET', `/metafields/products/${ids[1]}`)).text).metafields as Array<{ code: string; value: string }>;
    expect(held.find((value) => value.code === 'twice')?.value).toBe('theirs');
  });
});
