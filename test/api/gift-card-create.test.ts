import { describe, expect, it } from 'vitest';
import { findCodeHolder, sameAmount } from '../../src/api/gift-cards/match.js';
import { GiftCardsApi, isCodeTaken } from '../../src/api/gift-cards/requests.js';
import type { GiftCard, GiftCardCreate } from '../../src/api/gift-cards/schema.js';
import type { Transport } from '../../src/core/transport.js';
import { ApiError, NetworkError, UnconfirmedCreateError, type RequestError } from '../../src/core/errors.js';
import type { JsonResponse, RequestSpec } from '../../src/core/http.js';
import { parseJson } from '../../src/core/json.js';

const ASKED: GiftCardCreate = { code: 'K7M2P9QR4TWX8YZA', initialValue: '50', note: 'Apology', expireTime: '2030-06-30' };
const card = (fields: Partial<GiftCard> = {}): GiftCard => ({
  id: '4000000000000000900',
  code: '****8YZA',
  lastCharacters: '8YZA',
  initialValue: '50.00',
  balance: '50.00',
  note: 'Apology',
  expireTime: '2030-06-30',
  ...fields,
});

describe('findCodeHolder: which card holds a taken code, and is it the one asked for', () => {
  it('full codes in reads: the card whose code equals, ignoring case', () => {
    const mine = card({ id: '2', code: ASKED.code.toLowerCase() });
    expect(findCodeHolder(ASKED, [card({ id: '1', code: 'AAAAAAAAAAAA8YZA' }), mine])).toEqual({ kind: 'asked', card: mine });
    expect(findCodeHolder(ASKED, [card({ code: 'AAAAAAAAAAAA8YZA' })])).toEqual({ kind: 'unknown' });
  });

  it('masked codes: only when it is the one card ending so; two alike cannot be told apart', () => {
    expect(findCodeHolder(ASKED, [card()])).toEqual({ kind: 'asked', card: card() });
    expect(findCodeHolder(ASKED, [card({ id: '1' }), card({ id: '2' })])).toEqual({ kind: 'unknown' });
    expect(findCodeHolder(ASKED, [])).toEqual({ kind: 'unknown' });
  });

  it("a holder with other values is someone else's card", () => {
    expect(findCodeHolder(ASKED, [card({ initialValue: '25' })]).kind).toBe('different');
    expect(findCodeHolder(ASKED, [card({ note: null })]).kind).toBe('different');
    expect(findCodeHolder(ASKED, [card({ expireTime: null })]).kind).toBe('different');
    expect(findCodeHolder({ ...ASKED, customerId: '7' }, [card({ customerId: '8' })]).kind).toBe('different');
    expect(findCodeHolder({ ...ASKED, customerId: '7' }, [card({ customerId: '7' })]).kind).toBe('asked');
    // A store that adds a time to the expiry date still carries the date asked for.
    expect(findCodeHolder(ASKED, [card({ expireTime: '2030-06-30T00:00:00' })]).kind).toBe('asked');
  });

  it('compares amounts as decimals, not text', () => {
    expect(sameAmount('50', '50.00')).toBe(true);
    expect(sameAmount('050.5', '50.50')).toBe(true);
    expect(sameAmount('50.01', '50.1')).toBe(false);
    expect(sameAmount('0', '0.00')).toBe(true);
  });
});

describe('isCodeTaken', () => {
  const apiError = (status: number, message: string, fields: Array<{ field?: string; message: string }> = [], code?: string) =>
    new ApiError(message, { status, code, fields });

  it('a 409, or a 422 that speaks of a duplicate code', () => {
    expect(isCodeTaken(apiError(409, 'The store refused the request as a conflict (409).'))).toBe(true);
    expect(isCodeTaken(apiError(422, 'The store refused the request (422): Gift card code has already been taken.'))).toBe(true);
    expect(isCodeTaken(apiError(422, 'The store refused the request (422).', [{ field: 'code', message: 'is not unique' }]))).toBe(true);
    expect(isCodeTaken(apiError(422, 'The store refused the request (422): Initial value must be positive.'))).toBe(false);
    expect(isCodeTaken(apiError(400, 'The store rejected the request as invalid (400): code already exists.'))).toBe(false);
  });
});

/** Answers in order: a JSON body, or a failure to throw (with what the HTTP layer would know). */
type Step = string | RequestError;

class ScriptedTransport implements Transport {
  readonly requests: RequestSpec[] = [];
  constructor(private readonly steps: Step[]) {}
  async request(spec: RequestSpec): Promise<JsonResponse> {
    this.requests.push(spec);
    const step = this.steps.shift();
    if (step === undefined) throw new Error(`unexpected request ${spec.method} ${spec.path}`);
    if (typeof step !== 'string') throw step;
    return { status: 200, headers: {}, body: parseJson(step) };
  }
}

function failed<T extends RequestError>(error: T, mayHaveApplied: boolean): T {
  error.mayHaveApplied = mayHaveApplied;
  return error;
}

const taken = (mayHaveApplied: boolean, status = 409) =>
  failed(new ApiError(`The store refused the request (${status}): code already used.`, { status, code: 'conflict' }), mayHaveApplied);
const lost = () => failed(new NetworkError('Could not complete the POST request: the connection was reset (ECONNRESET).', 'ECONNRESET'), true);
const list = (...cards: GiftCard[]) => JSON.stringify({ giftCards: cards });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a failure'),
    (error: unknown) => error,
  );
}

describe('GiftCardsApi.create after a refusal or a lost answer', () => {
  it('code taken after a lost answer, the holder is the card asked: recovered, with the full code, searched by the last four', async () => {
    const transport = new ScriptedTransport([taken(true), list(card())]);
    const result = await new GiftCardsApi(transport).create(ASKED);
    expect(result.how).toBe('recovered');
    expect(result.card).toMatchObject({ id: '4000000000000000900', code: ASKED.code, lastCharacters: '8YZA' });
    expect(transport.requests[1]).toMatchObject({ method: 'GET', path: '/api/202412/gift_cards/search', query: { lastCharacters: '8YZA' } });
  });

  it('a 422 "already taken" after a lost answer counts as the code taken', async () => {
    const result = await new GiftCardsApi(new ScriptedTransport([taken(true, 422), list(card())])).create(ASKED);
    expect(result.how).toBe('recovered');
  });

  it('code taken on a first try by the card asked: existing; by another card: the refusal stands', async () => {
    expect((await new GiftCardsApi(new ScriptedTransport([taken(false), list(card())])).create(ASKED)).how).toBe('existing');
    const refusal = taken(false);
    expect(await rejection(new GiftCardsApi(new ScriptedTransport([refusal, list(card({ initialValue: '10' }))])).create(ASKED))).toBe(refusal);
    // Two cards ending alike behind masked codes: no guess.
    const again = taken(false);
    expect(await rejection(new GiftCardsApi(new ScriptedTransport([again, list(card({ id: '1' }), card({ id: '2' }))])).create(ASKED))).toBe(again);
  });

  it('code taken after a lost answer but the holder not the card asked, or unreadable: unconfirmed, most likely created', async () => {
    for (const read of [
      list(card({ initialValue: '10' })),
      list(card({ id: '1' }), card({ id: '2' })),
      failed(new ApiError('forbidden', { status: 403 }), false),
    ]) {
      const error = await rejection(new GiftCardsApi(new ScriptedTransport([taken(true), read])).create(ASKED));
      expect(error).toBeInstanceOf(UnconfirmedCreateError);
      expect((error as UnconfirmedCreateError).likelyCreated).toBe(true);
      expect((error as UnconfirmedCreateError).exitCode).toBe(1);
    }
  });

  it('every answer lost: unconfirmed, may have been created; a plain refusal is passed on as it was', async () => {
    const error = await rejection(new GiftCardsApi(new ScriptedTransport([lost()])).create(ASKED));
    expect(error).toBeInstanceOf(UnconfirmedCreateError);
    expect((error as UnconfirmedCreateError).message).toMatch(/ECONNRESET\)\. The gift card may have been created anyway\.$/);
    expect((error as UnconfirmedCreateError).likelyCreated).toBe(false);
    const invalid = failed(new ApiError('invalid', { status: 400, code: 'invalid' }), false);
    expect(await rejection(new GiftCardsApi(new ScriptedTransport([invalid])).create(ASKED))).toBe(invalid);
  });

  it('a success whose body cannot be read: unconfirmed, created (the code must still be shown)', async () => {
    const error = await rejection(new GiftCardsApi(new ScriptedTransport(['{"card":{}}'])).create(ASKED));
    expect(error).toBeInstanceOf(UnconfirmedCreateError);
    expect((error as UnconfirmedCreateError).message).toMatch(/The gift card was created, but its answer could not be read\.$/);
    expect((error as UnconfirmedCreateError).likelyCreated).toBe(true);
  });

  it('the unconfirmed error does not repeat its message (which may hold a code) in its stack', async () => {
    const error = new UnconfirmedCreateError('lost', lost()).withHint(`run again with --code ${ASKED.code}`);
    expect(error.message).toContain(ASKED.code);
    expect(error.stack).not.toContain(ASKED.code);
  });
});
