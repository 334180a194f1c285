// doctor's verdicts, from answers to lines, without a store.
import { describe, expect, it } from 'vitest';
import { formsLine, linkForm, protectedFieldsLine, rateLimitLine, refillOf, scopesLine, shopLine } from '../../src/commands/doctor/checks.js';

describe('doctor checks', () => {
  it('learns the refill from a burst and a later read, and names the plan of that size and refill', () => {
    // 8 used after the burst; 1.0 s later one more read shows 5 used: 4 refilled.
    const basic = [
      { used: 8, size: 40, at: 0, taken: 0 },
      { used: 5, size: 40, at: 1000, taken: 1 },
    ];
    expect(refillOf(basic)).toBe(4);
    expect(rateLimitLine(basic, 'X-Genstore-Shop-Api-Rate-Limit').detail).toBe('bucket of 40, refill about 4.0/s: plan basic (40 @ 4/s)');
    const legacy = [
      { used: 8, size: 40, at: 0, taken: 0 },
      { used: 7, size: 40, at: 1000, taken: 1 },
    ];
    expect(rateLimitLine(legacy, 'h').detail).toBe('bucket of 40, refill about 2.0/s: plan legacy (40 @ 2/s)');
    // A bucket read as full again says only that it refilled at least that fast.
    expect(
      refillOf([
        { used: 3, size: 40, at: 0, taken: 0 },
        { used: 1, size: 40, at: 1000, taken: 1 },
      ]),
    ).toBeUndefined();
    expect(rateLimitLine([{ used: 1, size: 200, at: 0, taken: 1 }], 'h').detail).toBe('bucket of 200, refill not learnt: plan standard (200 @ 20/s)');
    expect(rateLimitLine([{ used: 1, size: 40, at: 0, taken: 1 }], 'h').detail).toBe('bucket of 40, refill not learnt: plan basic or legacy');
    expect(rateLimitLine([], 'X-Service-Shop-Api-Rate-Limit').status).toBe('warn');
  });

  it('reads both Link forms', () => {
    expect(linkForm('<https://s.example/api/202412/gift_cards/search?limit=1&pageToken=t>; rel="next"')).toMatchObject({
      status: 'ok',
      detail: 'rel="next", pageToken in the URL',
    });
    expect(linkForm('"< https://s/x?pageToken=a&limit=1 >; rel=previous, < https://s/x?pageToken=b&limit=1 >; rel=next"').detail).toBe(
      'the whole value quoted, padded URLs, rel=next unquoted, with rel=previous, pageToken in the URL',
    );
    expect(linkForm(undefined).status).toBe('warn');
  });

  it('compares the granted scopes with what each command group needs', () => {
    expect(scopesLine(['read_orders', 'write_orders'])).toMatchObject({
      status: 'warn',
      detail:
        'giftcard: none (needs read_gift_card, write_gift_card); metafield: none (needs read_metafields, write_metafields); product/category/collection: none (needs read_products, write_products); shop/location: none (needs read_shops, write_shops); inventory: none (needs read_inventory, write_inventory); webhook subscriptions: none (needs read_apps, write_apps); customer: none (needs read_customers, write_customers); discount: none (needs read_discounts, write_discounts); order: the last 60 days only (no read_all_orders)',
    });
    expect(
      scopesLine([
        'read_gift_card',
        'write_gift_card',
        'read_metafields',
        'write_metafields',
        'read_products',
        'write_products',
        'read_shops',
        'write_shops',
        'read_inventory',
        'write_inventory',
        'read_apps',
        'read_customers',
        'write_customers',
        'read_discounts',
        'write_discounts',
        'read_orders',
        'write_orders',
        'read_all_orders',
      ]).detail,
    ).toBe('webhook subscriptions: read only (no write_apps)');
    // A token that reads orders but lacks read_all_orders is told so beside the group's own line.
    expect(scopesLine(['read_orders']).detail).toMatch(/order: read only \(no write_orders\); order: the last 60 days only \(no read_all_orders\)$/);
    expect(scopesLine(undefined).status).toBe('warn');
  });

  it("names the token's shop from GET shops/info, and says why not when it cannot", () => {
    expect(shopLine(200, '{"shop":{"shopName":"Sun\'s Shop","domain":"online-shop.genstore.com"}}')).toMatchObject({
      status: 'ok',
      detail: "Sun's Shop (online-shop.genstore.com)",
    });
    expect(shopLine(403, '{"error":"forbidden"}')).toMatchObject({ status: 'warn', detail: expect.stringContaining('read_shops') });
    expect(shopLine(404, '')).toMatchObject({ status: 'warn', detail: 'not shown: GET shops/info answered 404' });
    expect(shopLine(200, '<html>')).toMatchObject({ status: 'warn' });
  });

  it('names the id and time forms seen', () => {
    expect(formsLine('{"giftCards":[{"id":"201462124","createTime":"2024-12-16T17:04:38.004"}]}').detail).toBe(
      'ids as JSON strings; times like 2024-12-16T17:04:38.004 (zone-less: read as UTC)',
    );
    expect(formsLine('{"giftCards":[]}').status).toBe('warn');
  });

  it('tells protected customer fields granted or withheld from the first customer listed, else from the scopes', () => {
    expect(protectedFieldsLine(200, '{"customers":[{"id":"1","email":"ada@example.com"}]}', [])).toMatchObject({ status: 'ok' });
    const withheld = protectedFieldsLine(200, '{"customers":[{"id":"1","state":"ENABLED","email":null,"addresses":[]}]}', []);
    expect(withheld).toMatchObject({ status: 'warn', detail: 'not granted: the store withheld the names, emails, phones and addresses of customers' });
    expect(protectedFieldsLine(200, '{"customers":[]}', ['read_customer_protected_data']).status).toBe('ok');
    expect(protectedFieldsLine(200, '{"customers":[]}', ['read_customers']).detail).toContain('not known');
    expect(protectedFieldsLine(403, '', undefined).detail).toContain('lacks read_customers');
  });
});
