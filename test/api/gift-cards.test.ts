import { describe, expect, it } from 'vitest';
import { usageMessage } from '../helpers/usage-error.js';
import { toJson } from '../../src/core/json.js';
import { GiftCardsApi } from '../../src/api/gift-cards/requests.js';
import { checkGiftCardCreate, checkGiftCardId, checkGiftCardSearch, checkGiftCardUpdate, type GiftCard } from '../../src/api/gift-cards/schema.js';
import { GIFT_CARD_FIELDS } from '../../src/api/gift-cards/fields.js';
import { FakeTransport } from '../helpers/fake-transport.js';

const CARD =
  '{"id":98765432109876543210,"code":"SECRETCODE12WXYZ","lastCharacters":"WXYZ","balance":"25.00","initialValue":"25.00","currency":"USD","disableTime":null,"expireTime":null}';

describe('gift card input checks', () => {
  const valid = { code: 'ABCD2345EFGH', initialValue: '25.00' };

  it('accepts a valid create input', () => {
    expect(checkGiftCardCreate({ ...valid, note: 'n'.repeat(500), expireTime: '2028-02-29', customerId: '42' })).toEqual({
      ...valid,
      note: 'n'.repeat(500),
      expireTime: '2028-02-29',
      customerId: '42',
    });
  });

  it('names --initial-value for a bad amount', () => {
    expect(usageMessage(() => checkGiftCardCreate({ ...valid, initialValue: '12.5.0' }))).toMatch(/^--initial-value must be a non-negative decimal amount/);
    expect(usageMessage(() => checkGiftCardCreate({ ...valid, initialValue: '-1' }))).toMatch(/^--initial-value /);
    expect(usageMessage(() => checkGiftCardCreate({ ...valid, initialValue: '1e3' }))).toMatch(/^--initial-value /);
  });

  it('names --note when it is longer than 500 characters', () => {
    expect(usageMessage(() => checkGiftCardCreate({ ...valid, note: 'n'.repeat(501) }))).toBe('--note must be at most 500 characters.');
    expect(usageMessage(() => checkGiftCardUpdate({ giftCardId: '1', balance: '1', note: 'n'.repeat(501) }))).toBe('--note must be at most 500 characters.');
  });

  it('names --expire-time and accepts only calendar dates', () => {
    expect(usageMessage(() => checkGiftCardCreate({ ...valid, expireTime: '2027-02-29' }))).toMatch(/^--expire-time must be a real calendar date/);
    expect(usageMessage(() => checkGiftCardCreate({ ...valid, expireTime: '2027-04-31' }))).toMatch(/^--expire-time /);
    expect(usageMessage(() => checkGiftCardCreate({ ...valid, expireTime: 'tomorrow' }))).toMatch(/^--expire-time must be a date as YYYY-MM-DD/);
    expect(usageMessage(() => checkGiftCardUpdate({ giftCardId: '1', balance: '1', expireTime: '2027-00-01' }))).toMatch(/^--expire-time /);
  });

  it('lets update clear the expiry with null', () => {
    expect(checkGiftCardUpdate({ giftCardId: '7', balance: '0', expireTime: null })).toEqual({ giftCardId: '7', balance: '0', expireTime: null });
  });

  it('names --code for a code with spaces, without showing the code (a secret)', () => {
    expect(usageMessage(() => checkGiftCardCreate({ ...valid, code: 'AB CD' }))).toBe('--code must not contain spaces.');
  });

  it('takes amounts as prices are taken: at most 2 decimals and 15 digits before the point', () => {
    expect(checkGiftCardCreate({ ...valid, initialValue: '999999999999999.99' }).initialValue).toBe('999999999999999.99');
    for (const initialValue of ['1.234', '1'.repeat(16), '1.', '.5']) {
      expect(usageMessage(() => checkGiftCardCreate({ ...valid, initialValue }))).toMatch(/^--initial-value must be a non-negative decimal amount .*2 after/);
    }
  });

  it('names --limit outside 1..250 or not whole', () => {
    expect(checkGiftCardSearch({ limit: 250 })).toEqual({ limit: 250 });
    expect(checkGiftCardSearch({ limit: 1 })).toEqual({ limit: 1 });
    for (const limit of [0, 251, -3]) expect(usageMessage(() => checkGiftCardSearch({ limit }))).toBe('--limit must be between 1 and 250.');
    expect(usageMessage(() => checkGiftCardSearch({ limit: 2.5 }))).toMatch(/^--limit must be a whole number/);
    expect(usageMessage(() => checkGiftCardSearch({ limit: Number.NaN }))).toMatch(/^--limit /);
  });

  it('names --status and lists the valid ones', () => {
    expect(checkGiftCardSearch({ status: 'expired' })).toEqual({ status: 'expired' });
    expect(usageMessage(() => checkGiftCardSearch({ status: 'active' }))).toBe("--status must be one of enabled, disabled, expired (got 'active').");
  });

  it('names --since-id and --last-characters', () => {
    expect(usageMessage(() => checkGiftCardSearch({ sinceId: '1x' }))).toMatch(/^--since-id must be a numeric id/);
    expect(usageMessage(() => checkGiftCardSearch({ lastCharacters: 'AB' }))).toMatch(/^--last-characters /);
  });

  it('names <giftCardId> for a bad id', () => {
    expect(checkGiftCardId('12345678901234567890123')).toBe('12345678901234567890123');
    expect(usageMessage(() => checkGiftCardId('abc'))).toBe("<giftCardId> must be a numeric id (got 'abc').");
    expect(usageMessage(() => checkGiftCardId('../1'))).toMatch(/^<giftCardId> /);
    expect(usageMessage(() => checkGiftCardUpdate({ giftCardId: '1/2', balance: '1' }))).toMatch(/^<giftCardId> /);
  });
});

describe('GiftCardsApi', () => {
  it('create sends the wrapped input, without undefined fields, and keeps the full code', async () => {
    const transport = new FakeTransport([{ body: `{"giftCard":${CARD}}` }]);
    const { card, how } = await new GiftCardsApi(transport).create({ code: 'SECRETCODE12WXYZ', initialValue: '25.00', note: undefined });
    expect(how).toBe('created');
    expect(card!.code).toBe('SECRETCODE12WXYZ');
    expect(String(card!.id)).toBe('98765432109876543210');
    // Resent like an idempotent request: the code is unique, so a resend cannot make a second card.
    // A dry run would show the body with the code masked to its last four characters.
    expect(transport.requests).toEqual([
      {
        method: 'POST',
        path: '/api/202412/gift_cards',
        body: { giftCard: { code: 'SECRETCODE12WXYZ', initialValue: '25.00' } },
        idempotent: true,
      },
    ]);
    expect(transport.views).toEqual([{ shownBody: { giftCard: { code: '****WXYZ', initialValue: '25.00' } } }]);
  });

  it('a code of four characters or fewer is shown by none of them', async () => {
    const transport = new FakeTransport([{ body: `{"giftCard":${CARD}}` }]);
    await new GiftCardsApi(transport).create({ code: 'AB12', initialValue: '1' });
    expect(transport.views[0]!.shownBody).toEqual({ giftCard: { code: '****', initialValue: '1' } });
  });

  it('get masks the code to ****lastCharacters and keeps the id exact', async () => {
    const transport = new FakeTransport([{ body: `{"giftCard":${CARD}}` }]);
    const card = await new GiftCardsApi(transport).get('98765432109876543210');
    expect(card.code).toBe('****WXYZ');
    expect(toJson(card)).not.toContain('SECRETCODE');
    expect(toJson(card.id)).toBe('98765432109876543210');
    expect(transport.requests[0]).toMatchObject({ method: 'GET', path: '/api/202412/gift_cards/98765432109876543210' });
  });

  it('masks with the last four characters of the code when lastCharacters is absent', async () => {
    const transport = new FakeTransport([{ body: '{"giftCard":{"id":"5","code":"ABCDEFGH2345"}}' }]);
    expect((await new GiftCardsApi(transport).get('5')).code).toBe('****2345');
  });

  it('leaves a card without a code alone', async () => {
    const transport = new FakeTransport([{ body: '{"giftCard":{"id":"5","lastCharacters":"2345"}}' }]);
    const card = await new GiftCardsApi(transport).get('5');
    expect(card.code).toBeUndefined();
    expect(card.lastCharacters).toBe('2345');
  });

  it('update sends PUT with the fields, and masks the code', async () => {
    const transport = new FakeTransport([{ body: `{"giftCard":${CARD}}` }]);
    const card = await new GiftCardsApi(transport).update({ giftCardId: '77', balance: '10.00', expireTime: null });
    expect(card.code).toBe('****WXYZ');
    expect(transport.requests).toEqual([{ method: 'PUT', path: '/api/202412/gift_cards/77', body: { giftCard: { balance: '10.00', expireTime: null } } }]);
  });

  it('update without a balance reads the card and sends its balance back, digits exact even when it came as a number', async () => {
    const transport = new FakeTransport([
      { body: '{"giftCard":{"id":77,"balance":12345678901234.50}}' },
      { body: '{"giftCard":{"id":77,"balance":"12345678901234.50","note":"n"}}' },
    ]);
    await new GiftCardsApi(transport).update({ giftCardId: '77', note: 'n' });
    expect(transport.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/202412/gift_cards/77', 'PUT /api/202412/gift_cards/77']);
    expect(transport.requests[1]!.body).toEqual({ giftCard: { note: 'n', balance: '12345678901234.50' } });
  });

  it('update without a balance, when the card read has none, sends nothing and says so', async () => {
    const transport = new FakeTransport([{ body: '{"giftCard":{"id":77}}' }]);
    await expect(new GiftCardsApi(transport).update({ giftCardId: '77', note: 'n' })).rejects.toThrow(
      "The store's answer for gift card 77 has no balance to keep",
    );
    expect(transport.requests).toHaveLength(1);
  });

  it('disable sends an idempotent POST and masks the code', async () => {
    const transport = new FakeTransport([{ body: `{"giftCard":${CARD}}` }]);
    const card = await new GiftCardsApi(transport).disable('77');
    expect(card.code).toBe('****WXYZ');
    expect(transport.requests[0]).toMatchObject({ method: 'POST', path: '/api/202412/gift_cards/77/disable', idempotent: true });
  });

  it('count reads the count exactly', async () => {
    const transport = new FakeTransport([{ body: '{"count":123456789012345678901}' }]);
    expect(await new GiftCardsApi(transport).count()).toBe('123456789012345678901');
    expect(transport.requests[0]).toMatchObject({ method: 'GET', path: '/api/202412/gift_cards/count' });
  });

  it('search masks every code and stops after one page without all', async () => {
    const transport = new FakeTransport([
      { body: `{"giftCards":[${CARD},{"id":"2","code":"OTHERCODE9876"}]}`, headers: { link: '</x?pageToken=p2>; rel="next"' } },
    ]);
    const pages: GiftCard[][] = [];
    for await (const page of new GiftCardsApi(transport).search({ status: 'enabled', limit: 2 }, false)) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.map((c) => c.code)).toEqual(['****WXYZ', '****9876']);
    expect(transport.requests).toHaveLength(1);
    expect(transport.requests[0]!.query).toMatchObject({ status: 'enabled', limit: '2' });
  });

  it('search with all follows Link headers until there is none', async () => {
    const page = (ids: number[]) => `{"giftCards":[${ids.map((id) => `{"id":${id}000000000000000000${id},"code":"CODE000${id}"}`).join(',')}]}`;
    const transport = new FakeTransport([
      { body: page([1, 2]), headers: { link: '<https://elsewhere.example/api/202412/gift_cards/search?limit=2&status=enabled&pageToken=t2>; rel="next"' } },
      {
        body: page([3, 4]),
        headers: {
          link: '</api/202412/gift_cards/search?limit=2&status=enabled&pageToken=t3>; rel="next", </api/202412/gift_cards/search?pageToken=t1>; rel="prev"',
        },
      },
      { body: page([5]), headers: { link: '</api/202412/gift_cards/search?pageToken=t2>; rel="prev"' } },
    ]);
    const ids: string[] = [];
    const codes: Array<string | undefined> = [];
    for await (const batch of new GiftCardsApi(transport).search({ status: 'enabled', limit: 2 }, true)) {
      for (const card of batch) {
        ids.push(toJson(card.id));
        codes.push(card.code);
      }
    }
    expect(ids).toEqual([1, 2, 3, 4, 5].map((n) => `${n}000000000000000000${n}`));
    expect(codes).toEqual([1, 2, 3, 4, 5].map((n) => `****000${n}`));
    expect(transport.requests.map((r) => r.query)).toEqual([
      { limit: '2', sinceId: undefined, status: 'enabled', pageToken: undefined, lastCharacters: undefined },
      { limit: '2', status: 'enabled', pageToken: 't2' },
      { limit: '2', status: 'enabled', pageToken: 't3' },
    ]);
    expect(transport.requests.every((r) => r.method === 'GET' && r.path === '/api/202412/gift_cards/search')).toBe(true);
  });

  it('search with all follows a body nextPageToken with only limit beside it: filters go on the first page', async () => {
    const transport = new FakeTransport([{ body: '{"giftCards":[{"id":"1"}],"nextPageToken":"b2"}' }, { body: '{"giftCards":[{"id":"2"}]}' }]);
    const batches: GiftCard[][] = [];
    for await (const batch of new GiftCardsApi(transport).search({ status: 'disabled', limit: 1, lastCharacters: 'WXYZ' }, true)) batches.push(batch);
    expect(batches.map((b) => b.map((c) => c.id))).toEqual([['1'], ['2']]);
    expect(transport.requests[1]!.query).toEqual({ limit: '1', pageToken: 'b2' });
  });

  it("search with all follows the real store's Link: outer quotes, padded URL, rel=previous beside rel=next", async () => {
    const link = (prev: string, next: string) =>
      `"< https://shop.example/api/202412/gift_cards/search?pageToken=${prev}&limit=2 >; rel=previous, < https://shop.example/api/202412/gift_cards/search?pageToken=${next}&limit=2 >; rel=next"`;
    const transport = new FakeTransport([
      {
        body: '{"giftCards":[{"id":"1"},{"id":"2"}]}',
        headers: { link: '"< https://shop.example/api/202412/gift_cards/search?pageToken=n2&limit=2 >; rel=next"' },
      },
      { body: '{"giftCards":[{"id":"3"},{"id":"4"}]}', headers: { link: link('p1', 'n3') } },
      {
        body: '{"giftCards":[{"id":"5"},{"id":"6"}]}',
        headers: { link: '"< https://shop.example/api/202412/gift_cards/search?pageToken=p2&limit=2 >; rel=previous"' },
      },
    ]);
    const ids: string[] = [];
    for await (const batch of new GiftCardsApi(transport).search({ status: 'enabled', limit: 2 }, true)) ids.push(...batch.map((c) => String(c.id)));
    expect(ids).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(transport.requests.slice(1).map((r) => r.query)).toEqual([
      { pageToken: 'n2', limit: '2' },
      { pageToken: 'n3', limit: '2' },
    ]);
  });

  it('search with all fails on a full page whose Link cannot be read; without all the page is still shown', async () => {
    const answer = { body: '{"giftCards":[{"id":"1"},{"id":"2"}]}', headers: { link: 'https://shop.example/x?pageToken=n2; rel=next' } };
    const all = new GiftCardsApi(new FakeTransport([answer])).search({ limit: 2 }, true);
    expect((await all.next()).value).toHaveLength(2);
    await expect(all.next()).rejects.toThrow(/Link header could not be read .* page was full \(2 of 2 items\)/);
    const one = new GiftCardsApi(new FakeTransport([answer])).search({ limit: 2 }, false);
    expect((await one.next()).value).toHaveLength(2);
    expect(await one.next()).toEqual({ done: true, value: undefined });
  });

  it('keeps unknown fields of a card so --json stays exact', async () => {
    const transport = new FakeTransport([{ body: '{"giftCard":{"id":"1","templateSuffix":"gold","extra":{"n":1.10}}}' }]);
    const card = await new GiftCardsApi(transport).get('1');
    expect(toJson(card)).toBe('{"id":"1","templateSuffix":"gold","extra":{"n":1.10}}');
    expect(GIFT_CARD_FIELDS).toContain('lastCharacters');
  });

  it('rejects an answer that is not a gift card', async () => {
    const transport = new FakeTransport([{ body: '{"giftCard":{"id":true}}' }]);
    await expect(new GiftCardsApi(transport).get('1')).rejects.toThrow(/does not match the API at id/);
  });
});
