import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call, createCardDirect, expectUsageError, requestLog, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';

describe('giftcard update', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'none', onRequest: log.hook });
  const stored = async (id: string) => JSON.parse((await call(s.sandbox, 'GET', `/gift_cards/${id}`)).text).giftCard;

  it('sets balance, note and expiry; --json prints the updated card unwrapped, code masked', async () => {
    const card = await createCardDirect(s.sandbox, { initialValue: '50.00' });
    log.clear();
    const r = await cli(['giftcard', 'update', card.id, '--balance', '12.50', '--note', 'Partly used', '--expire-time', '2030-06-30', '--json'], {
      env: s.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain(card.code);
    const updated = JSON.parse(r.stdout);
    expect(updated).toMatchObject({
      id: card.id,
      balance: '12.50',
      initialValue: '50.00',
      note: 'Partly used',
      expireTime: '2030-06-30',
      code: `****${card.code.slice(-4)}`,
    });
    expect(await stored(card.id)).toMatchObject({ balance: '12.50', note: 'Partly used', expireTime: '2030-06-30' });
    const requests = await log.take();
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PUT', 'GET']);
    expect(requests.filter((q) => q.method === 'PUT')).toEqual([expect.objectContaining({ path: `/api/202412/gift_cards/${card.id}`, status: 200 })]);
  });

  it('--expire-time none clears the expiry to null (never expires)', async () => {
    const card = await createCardDirect(s.sandbox, { expireTime: '2029-01-01' });
    expect((await stored(card.id)).expireTime).toBe('2029-01-01');
    const r = await cli(['giftcard', 'update', card.id, '--balance', '10.00', '--expire-time', 'none', '--json', 'id,expireTime'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: card.id, expireTime: null });
    expect((await stored(card.id)).expireTime).toBeNull();
  });

  it('leaves note and expiry alone when only --balance is given; piped output is field<TAB>value', async () => {
    const card = await createCardDirect(s.sandbox, { note: 'Keep me', expireTime: '2032-02-29' });
    const r = await cli(['giftcard', 'update', card.id, '--balance', '0'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const fields = Object.fromEntries(tsvRows(r.stdout).map(([k, v]) => [k, v]));
    // 0 is sent with the USD card's decimals, so README's select(.balance == "0.00") finds it.
    expect(fields).toMatchObject({ ID: card.id, BALANCE: '0.00', NOTE: 'Keep me', EXPIRES: '2032-02-29', STATUS: 'enabled' });
    expect(await stored(card.id)).toMatchObject({ balance: '0.00', note: 'Keep me', expireTime: '2032-02-29' });
    const found = await cli(['giftcard', 'search', '--all', '--jq', '.[] | select(.balance == "0.00") | .id'], { env: s.env });
    expect(found.stdout.split('\n')).toContain(card.id);
  });

  it("reads the card once, then sends --balance with its currency's decimals: 12.5 as 12.50", async () => {
    const card = await createCardDirect(s.sandbox, { initialValue: '50.00' });
    log.clear();
    const r = await cli(['giftcard', 'update', card.id, '--balance', '12.5', '--json', 'balance'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ balance: '12.50' });
    expect((await log.take()).map((q) => q.method)).toEqual(['GET', 'PUT']);
  });

  it('without --balance reads the card and sends its current balance back: one GET, one PUT', async () => {
    const card = await createCardDirect(s.sandbox, { initialValue: '37.25', note: 'Old note' });
    log.clear();
    const r = await cli(['giftcard', 'update', card.id, '--note', 'New note', '--json', 'id,balance,note'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: card.id, balance: '37.25', note: 'New note' });
    const requests = (await log.take()).map((q) => `${q.method} ${q.path} ${q.status}`);
    expect(requests).toEqual([`GET /api/202412/gift_cards/${card.id} 200`, `PUT /api/202412/gift_cards/${card.id} 200`]);
    expect(await stored(card.id)).toMatchObject({ balance: '37.25', note: 'New note' });
  });

  it('without --balance, an unknown id is the 404 of the read, and nothing is written', async () => {
    log.clear();
    const r = await cli(['giftcard', 'update', '4999999999999999999', '--note', 'x'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*404/);
    expectNoStackTrace(r.stderr);
    expect((await log.take()).map((q) => q.method)).toEqual(['GET']);
  });

  it('an empty --note clears the note', async () => {
    const card = await createCardDirect(s.sandbox, { note: 'Old note' });
    const r = await cli(['giftcard', 'update', card.id, '--balance', '1', '--note', '', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).note ?? null).toBeNull();
    expect((await stored(card.id)).note ?? null).toBeNull();
  });

  describe('refuses invalid input before sending anything', () => {
    const cases: Array<[string, string[], string]> = [
      ['a negative --balance', ['giftcard', 'update', '4000000000000000001', '--balance', '-1'], '--balance'],
      ['a --balance with 3 decimals', ['giftcard', 'update', '4000000000000000001', '--balance', '1.005'], '--balance'],
      ['a --balance of 16 digits before the point', ['giftcard', 'update', '4000000000000000001', '--balance', '9'.repeat(16)], '--balance'],
      ['a non-numeric id', ['giftcard', 'update', 'abc', '--balance', '1'], '<giftCardId>'],
      ['an impossible --expire-time', ['giftcard', 'update', '4000000000000000001', '--balance', '1', '--expire-time', '2026-02-30'], '--expire-time'],
      ['a note of 501 characters', ['giftcard', 'update', '4000000000000000001', '--balance', '1', '--note', 'n'.repeat(501)], '--note'],
      ['a missing id', ['giftcard', 'update', '--balance', '1'], 'giftCardId'],
    ];
    it.each(cases)('%s', async (_name, argv, flag) => {
      log.clear();
      const r = await cli(argv, { env: s.env });
      expectUsageError(r, flag);
      expect(await log.take()).toEqual([]);
    });
  });

  it.each([[[]], [['--dry-run']], [['--json']]])('with no change flag (%j) exits 2 "nothing to change" and sends nothing', async (extra) => {
    const card = await createCardDirect(s.sandbox, { initialValue: '20.00' });
    log.clear();
    const r = await cli(['giftcard', 'update', card.id, ...extra], { env: s.env });
    expectUsageError(r, 'nothing to change: give --balance, --note or --expire-time');
    expect(await log.take()).toEqual([]);
  });

  it('an unknown id exits 1 mentioning 404', async () => {
    const r = await cli(['giftcard', 'update', '4999999999999999999', '--balance', '1'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*404/);
    expectNoStackTrace(r.stderr);
  });
});

describe('giftcard update in a currency without decimals (JPY)', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'none', currency: 'JPY', onRequest: log.hook });

  it('sends whole yen (1200.00 as 1200) and refuses a fraction of a yen after its one read, writing nothing', async () => {
    const card = await createCardDirect(s.sandbox, { initialValue: '5000' });
    const r = await cli(['giftcard', 'update', card.id, '--balance', '1200.00', '--json', 'balance,currency'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ balance: '1200', currency: 'JPY' });
    log.clear();
    const refused = await cli(['giftcard', 'update', card.id, '--balance', '12.50'], { env: s.env });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`error: --balance 12.50: JPY amounts have no decimals, and gift card ${card.id} is in JPY; nothing was written.`);
    expectNoStackTrace(refused.stderr);
    expect((await log.take()).map((q) => q.method)).toEqual(['GET']);
  });
});
