import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, createCard, expectErrorShape, fields, freshCode } from './helpers.js';

let sandbox: RunningSandbox;
let clock = new Date('2026-03-10T12:00:00.000Z');

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
});

afterAll(async () => {
  await sandbox.close();
});

describe('create', () => {
  it('returns the full code once, with derived fields and defaults', async () => {
    const reply = await call(sandbox, 'POST', '/gift_cards', {
      body: { giftCard: { code: 'Spring2026AbCd', initialValue: '40.50', note: 'for Sam', expireTime: '2027-01-31' } },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    const card = reply.json.giftCard;
    expect(card).toMatchObject({
      code: 'Spring2026AbCd',
      lastCharacters: 'AbCd',
      initialValue: '40.50',
      balance: '40.50',
      currency: 'USD',
      note: 'for Sam',
      expireTime: '2027-01-31',
      createTime: '2026-03-10T12:00:00Z',
      updateTime: '2026-03-10T12:00:00Z',
      customerId: '7000000000000000001',
      userId: '9000000000000000001',
    });
    expect(card.id).toMatch(/^[0-9]{19}$/);
    expect(BigInt(card.id)).toBeGreaterThan(2n ** 53n);
    expect(card).not.toHaveProperty('disableTime');
    expect(card).not.toHaveProperty('orderId');

    const again = await call(sandbox, 'GET', `/gift_cards/${card.id}`);
    expect(again.status).toBe(200);
    expect(again.json.giftCard.code).toBe('****AbCd');
    expect(again.json.giftCard.lastCharacters).toBe('AbCd');
    expect(again.text).not.toContain('Spring2026');
  });

  it('never shows the full code in search, update or disable replies', async () => {
    const card = await createCard(sandbox, { code: 'SECRETcode9876' });
    const replies = [
      await call(sandbox, 'GET', `/gift_cards/search?lastCharacters=9876`),
      await call(sandbox, 'PUT', `/gift_cards/${card.id}`, { body: { giftCard: { balance: '1.00' } } }),
      await call(sandbox, 'POST', `/gift_cards/${card.id}/disable`, { body: {} }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.text).not.toContain('SECRETcode');
      expect(reply.text).toContain('****9876');
    }
  });

  it('gives increasing ids with gaps and keeps a customerId beyond 2^53 exactly (sent as a number)', async () => {
    const first = await createCard(sandbox);
    const second = await call(sandbox, 'POST', '/gift_cards', {
      rawBody: `{"giftCard":{"code":"${freshCode()}","initialValue":"5","customerId":7300000000000000123}}`,
    });
    expect(second.status).toBe(200);
    expect(BigInt(second.json.giftCard.id)).toBeGreaterThan(BigInt(first.id));
    expect(second.json.giftCard.customerId).toBe('7300000000000000123');
    const asString = await createCard(sandbox, { customerId: '0007300000000000000999' });
    expect(asString.customerId).toBe('7300000000000000999');
  });

  it('treats an empty note on create as no note and ignores unknown fields', async () => {
    const card = await createCard(sandbox, { note: '', color: 'red', expireTime: null });
    expect(card).not.toHaveProperty('note');
    expect(card).not.toHaveProperty('color');
    expect(card.expireTime).toBeNull();
  });

  it('rejects a code used before, ignoring case, with 409 naming giftCard.code', async () => {
    await createCard(sandbox, { code: 'DupliCate123' });
    const reply = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard: { code: 'duplicate123', initialValue: '1.00' } } });
    expectErrorShape(reply, 409, 'conflict');
    expect(fields(reply)).toEqual(['giftCard.code']);
  });

  it.each([
    ['missing code', { initialValue: '1.00' }, ['giftCard.code']],
    ['short code', { code: 'ABC1234', initialValue: '1.00' }, ['giftCard.code']],
    ['long code', { code: 'A'.repeat(21), initialValue: '1.00' }, ['giftCard.code']],
    ['code with a dash', { code: 'ABCD-12345', initialValue: '1.00' }, ['giftCard.code']],
    ['code as number', { code: 12345678, initialValue: '1.00' }, ['giftCard.code']],
    ['missing initialValue', { code: 'VALIDCODE01' }, ['giftCard.initialValue']],
    ['initialValue as JSON number', { code: 'VALIDCODE02', initialValue: 10 }, ['giftCard.initialValue']],
    ['negative initialValue', { code: 'VALIDCODE03', initialValue: '-1.00' }, ['giftCard.initialValue']],
    ['three fraction digits', { code: 'VALIDCODE04', initialValue: '1.005' }, ['giftCard.initialValue']],
    ['customerId not numeric', { code: 'VALIDCODE05', initialValue: '1', customerId: 'abc' }, ['giftCard.customerId']],
    ['customerId fractional', { code: 'VALIDCODE06', initialValue: '1', customerId: 1.5 }, ['giftCard.customerId']],
    ['note too long', { code: 'VALIDCODE07', initialValue: '1', note: 'x'.repeat(501) }, ['giftCard.note']],
    ['note not a string', { code: 'VALIDCODE08', initialValue: '1', note: 5 }, ['giftCard.note']],
    ['expireTime not a date', { code: 'VALIDCODE09', initialValue: '1', expireTime: '31/12/2027' }, ['giftCard.expireTime']],
    ['expireTime impossible date', { code: 'VALIDCODE10', initialValue: '1', expireTime: '2027-02-30' }, ['giftCard.expireTime']],
    ['several bad fields at once', { code: 'x', initialValue: 3, note: 'y'.repeat(600) }, ['giftCard.code', 'giftCard.initialValue', 'giftCard.note']],
  ])('rejects %s with 400 naming the field', async (_name, giftCard, expected) => {
    const reply = await call(sandbox, 'POST', '/gift_cards', { body: { giftCard } });
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply)).toEqual(expected);
  });

  it('accepts a note of exactly 500 characters, counting an emoji as one', async () => {
    const card = await createCard(sandbox, { note: '🎁'.repeat(500) });
    expect([...card.note]).toHaveLength(500);
  });

  it('rejects a wrong wrapper, a non-object body and malformed JSON with 400', async () => {
    const wrongWrapper = await call(sandbox, 'POST', '/gift_cards', { body: { gift_card: { code: 'VALIDCODE11', initialValue: '1' } } });
    expectErrorShape(wrongWrapper, 400, 'invalid');
    expect(fields(wrongWrapper)).toEqual(['giftCard']);
    const array = await call(sandbox, 'POST', '/gift_cards', { body: [1] });
    expect(fields(array)).toEqual(['giftCard']);
    const empty = await call(sandbox, 'POST', '/gift_cards', {});
    expectErrorShape(empty, 400, 'invalid');
    const malformed = await call(sandbox, 'POST', '/gift_cards', { rawBody: '{"giftCard": {' });
    expectErrorShape(malformed, 400, 'invalid');
    expect(malformed.json.errors).toEqual([]);
  });

  it('requires Content-Type application/json on a body', async () => {
    const reply = await call(sandbox, 'POST', '/gift_cards', {
      rawBody: JSON.stringify({ giftCard: { code: freshCode(), initialValue: '1' } }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expectErrorShape(reply, 400, 'invalid');
  });
});

describe('get, update, disable', () => {
  it('updates balance, note and expiry, and clears note with "" and expiry with null', async () => {
    const card = await createCard(sandbox, { note: 'first', expireTime: '2030-01-01' });
    clock = new Date('2026-03-11T08:30:00.000Z');
    const updated = await call(sandbox, 'PUT', `/gift_cards/${card.id}`, {
      body: { giftCard: { balance: '12.34', note: 'second', expireTime: '2031-05-05' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.giftCard).toMatchObject({ balance: '12.34', initialValue: '25.00', note: 'second', expireTime: '2031-05-05' });
    expect(updated.json.giftCard.updateTime).toBe('2026-03-11T08:30:00Z');
    expect(updated.json.giftCard.createTime).toBe(card.createTime);

    const kept = await call(sandbox, 'PUT', `/gift_cards/${card.id}`, { body: { giftCard: { balance: '10' } } });
    expect(kept.json.giftCard).toMatchObject({ balance: '10', note: 'second', expireTime: '2031-05-05' });

    const cleared = await call(sandbox, 'PUT', `/gift_cards/${card.id}`, { body: { giftCard: { balance: '10', note: '', expireTime: null } } });
    expect(cleared.json.giftCard).not.toHaveProperty('note');
    expect(cleared.json.giftCard.expireTime).toBeNull();

    const fetched = await call(sandbox, 'GET', `/gift_cards/${card.id}`);
    expect(fetched.json.giftCard).toMatchObject({ balance: '10', expireTime: null });
    expect(fetched.json.giftCard).not.toHaveProperty('note');
  });

  it.each([
    ['missing balance', { note: 'x' }, ['giftCard.balance']],
    ['balance as number', { balance: 5 }, ['giftCard.balance']],
    ['balance malformed', { balance: '5,00' }, ['giftCard.balance']],
    ['note too long', { balance: '1', note: 'n'.repeat(501) }, ['giftCard.note']],
    ['bad expireTime', { balance: '1', expireTime: '2026-13-01' }, ['giftCard.expireTime']],
  ])('rejects an update with %s', async (_name, giftCard, expected) => {
    const card = await createCard(sandbox);
    const reply = await call(sandbox, 'PUT', `/gift_cards/${card.id}`, { body: { giftCard } });
    expectErrorShape(reply, 400, 'invalid');
    expect(fields(reply)).toEqual(expected);
  });

  it('disables once; a second disable returns the card unchanged', async () => {
    const card = await createCard(sandbox);
    clock = new Date('2026-04-01T09:00:00.000Z');
    const first = await call(sandbox, 'POST', `/gift_cards/${card.id}/disable`, { body: {} });
    expect(first.status).toBe(200);
    expect(first.json.giftCard.disableTime).toBe('2026-04-01T09:00:00Z');
    clock = new Date('2026-04-02T10:00:00.000Z');
    const second = await call(sandbox, 'POST', `/gift_cards/${card.id}/disable`, { body: {} });
    expect(second.status).toBe(200);
    expect(second.json.giftCard).toEqual(first.json.giftCard);
  });

  it('refuses to update a disabled card with 409', async () => {
    const card = await createCard(sandbox);
    await call(sandbox, 'POST', `/gift_cards/${card.id}/disable`, { body: {} });
    const reply = await call(sandbox, 'PUT', `/gift_cards/${card.id}`, { body: { giftCard: { balance: '1.00' } } });
    expectErrorShape(reply, 409, 'conflict');
    const fetched = await call(sandbox, 'GET', `/gift_cards/${card.id}`);
    expect(fetched.json.giftCard.balance).toBe('25.00');
  });

  it('rejects a disable body that is not an object', async () => {
    const card = await createCard(sandbox);
    const reply = await call(sandbox, 'POST', `/gift_cards/${card.id}/disable`, { body: [] });
    expectErrorShape(reply, 400, 'invalid');
  });

  it('answers 404 for unknown and non-numeric ids on every id route', async () => {
    for (const id of ['4999999999999999999', 'abc', '12x']) {
      expectErrorShape(await call(sandbox, 'GET', `/gift_cards/${id}`), 404, 'not_found');
      expectErrorShape(await call(sandbox, 'PUT', `/gift_cards/${id}`, { body: { giftCard: { balance: '1' } } }), 404, 'not_found');
      expectErrorShape(await call(sandbox, 'POST', `/gift_cards/${id}/disable`, { body: {} }), 404, 'not_found');
    }
  });

  it('compares path ids numerically (leading zeros name the same card)', async () => {
    const card = await createCard(sandbox);
    const reply = await call(sandbox, 'GET', `/gift_cards/000${card.id}`);
    expect(reply.status).toBe(200);
    expect(reply.json.giftCard.id).toBe(card.id);
  });
});

describe('routing and auth', () => {
  it('answers 404 for unknown routes and 405 for a known path with the wrong method', async () => {
    expectErrorShape(await call(sandbox, 'GET', '/gift_card'), 404, 'not_found');
    expectErrorShape(await call(sandbox, 'GET', '/gift_cards/1/disable/x'), 404, 'not_found');
    expectErrorShape(await call(sandbox, 'GET', `${sandbox.baseUrl}/api/202401/gift_cards/count`), 404, 'not_found');
    const deleteOne = await call(sandbox, 'DELETE', '/gift_cards/4000000000000000001');
    expectErrorShape(deleteOne, 405, 'method_not_allowed');
    expect(deleteOne.headers.get('allow')).toBe('GET, PUT');
    const putSearch = await call(sandbox, 'PUT', '/gift_cards/search', { body: { giftCard: { balance: '1' } } });
    expectErrorShape(putSearch, 405, 'method_not_allowed');
    expect(putSearch.headers.get('allow')).toBe('GET');
    expectErrorShape(await call(sandbox, 'GET', '/gift_cards'), 405, 'method_not_allowed');
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expectErrorShape(await call(sandbox, 'GET', '/gift_cards/count', { token: null }), 401, 'unauthorized');
    const wrong = await call(sandbox, 'GET', '/gift_cards/count', { token: 'nope' });
    expectErrorShape(wrong, 401, 'unauthorized');
    expect(wrong.text).not.toContain(sandbox.token);
  });

  it('generates an sbx_ token with every scope when none is given', () => {
    expect(sandbox.token).toMatch(/^sbx_[A-Za-z0-9_-]{20,}$/);
  });

  it('answers 403 to a read-only token on writes, and serves its reads', async () => {
    const scoped = await startSandbox({
      tokens: [
        { token: 'reader', scopes: ['read_gift_card'] },
        { token: 'writer', scopes: ['write_gift_card'] },
      ],
    });
    try {
      expect(scoped.token).toBe('reader');
      const denied = await call(scoped, 'POST', '/gift_cards', { token: 'reader', body: { giftCard: { code: freshCode(), initialValue: '1' } } });
      expectErrorShape(denied, 403, 'forbidden');
      expect(denied.json.message).toContain('write_gift_card');
      const created = await call(scoped, 'POST', '/gift_cards', { token: 'writer', body: { giftCard: { code: freshCode(), initialValue: '1' } } });
      expect(created.status).toBe(200);
      expectErrorShape(await call(scoped, 'POST', `/gift_cards/${created.json.giftCard.id}/disable`, { token: 'reader', body: {} }), 403, 'forbidden');
      expectErrorShape(await call(scoped, 'GET', '/gift_cards/count', { token: 'writer' }), 403, 'forbidden');
      const count = await call(scoped, 'GET', '/gift_cards/count', { token: 'reader' });
      expect(count.json).toEqual({ count: '1' });
    } finally {
      await scoped.close();
    }
  });
});
