import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { CancelledError, RequestError, RuntimeError, UnconfirmedCreateError, UsageError } from '../../src/core/errors.js';
import { LosslessNumber } from '../../src/core/json.js';
import { decimalAmount, isoDate, numericId, parseInput, parseWire, wireId } from '../../src/api/schema.js';
import { createOnce, isCalendarDate, kebabFlag, pagesOf, parseCount, segment, unwrap, versioned } from '../../src/api/wire.js';
import type { RawRequestSpec, RequestSpec, RequestView } from '../../src/core/http.js';
import { FakeTransport, type FakeAnswer } from '../helpers/fake-transport.js';

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('kebabFlag', () => {
  it('turns API field names into flags', () => {
    expect(kebabFlag('initialValue')).toBe('--initial-value');
    expect(kebabFlag('compareOfPrice')).toBe('--compare-of-price');
    expect(kebabFlag('note')).toBe('--note');
  });
});

describe('parseInput', () => {
  const schema = z.object({
    initialValue: decimalAmount(),
    customerId: z.optional(numericId()),
    expireTime: z.optional(isoDate()),
    note: z.optional(z.string().check(z.maxLength(5, 'must be at most 5 characters'))),
    giftCardId: z.optional(numericId()),
  });

  it('returns the parsed value when valid', () => {
    expect(parseInput(schema, { initialValue: '19.99', customerId: '42' })).toEqual({ initialValue: '19.99', customerId: '42' });
  });

  it('names the flag at fault and quotes what was given', () => {
    const error = thrown(() => parseInput(schema, { initialValue: '1,5' }));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    expect(error.message).toBe(
      "--initial-value must be a non-negative decimal amount such as 25 or 19.99, with at most 15 digits before the point and 2 after (got '1,5').",
    );
    expect(thrown(() => parseInput(schema, { initialValue: '1', customerId: 'abc' })).message).toBe("--customer-id must be a numeric id (got 'abc').");
  });

  it('never quotes a secret field', () => {
    const secret = z.object({ code: z.string().check(z.maxLength(3, 'must be at most 3 characters'), z.regex(/^[A-Z]+$/, 'must be capital letters')) });
    expect(thrown(() => parseInput(secret, { code: 'abc' }, {}, ['code'])).message).toBe('--code must be capital letters.');
    expect(thrown(() => parseInput(secret, { code: 'abc' })).message).toBe("--code must be capital letters (got 'abc').");
  });

  it('uses the names given for fields that are not flags', () => {
    expect(thrown(() => parseInput(schema, { initialValue: '1', giftCardId: 'x' }, { giftCardId: '<giftCardId>' })).message).toBe(
      "<giftCardId> must be a numeric id (got 'x').",
    );
  });

  it('does not quote the value for length problems, and cuts long quotes', () => {
    expect(thrown(() => parseInput(schema, { initialValue: '1', note: 'toolong' })).message).toBe('--note must be at most 5 characters.');
    const long = `${'9'.repeat(50)}x`;
    expect(thrown(() => parseInput(schema, { initialValue: '1', customerId: long })).message).toBe(
      `--customer-id must be a numeric id (got '${'9'.repeat(40)}…').`,
    );
  });

  it('accepts only real calendar dates', () => {
    expect(parseInput(schema, { initialValue: '1', expireTime: '2024-02-29' }).expireTime).toBe('2024-02-29');
    expect(thrown(() => parseInput(schema, { initialValue: '1', expireTime: '2025-02-29' })).message).toBe(
      "--expire-time must be a real calendar date (YYYY-MM-DD) (got '2025-02-29').",
    );
    expect(thrown(() => parseInput(schema, { initialValue: '1', expireTime: '2025-1-01' })).message).toBe(
      "--expire-time must be a date as YYYY-MM-DD (got '2025-1-01').",
    );
  });
});

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2025-12-31', '2000-02-29', '1999-01-01'])('%s is a date', (d) => expect(isCalendarDate(d)).toBe(true));
  it.each(['2025-02-29', '1900-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '2025-01-00'])('%s is not', (d) => expect(isCalendarDate(d)).toBe(false));
});

describe('parseCount', () => {
  it('reads a count sent as a number or a string, exactly', () => {
    expect(parseCount({ count: new LosslessNumber('8') })).toBe('8');
    expect(parseCount({ count: '12' })).toBe('12');
    expect(parseCount({ count: new LosslessNumber('123456789012345678901234567890') })).toBe('123456789012345678901234567890');
  });

  it('drops leading zeros but keeps a zero count', () => {
    expect(parseCount({ count: '007' })).toBe('7');
    expect(parseCount({ count: '0' })).toBe('0');
    expect(parseCount({ count: '000' })).toBe('0');
  });

  it('refuses a count that is not a whole number', () => {
    for (const count of [new LosslessNumber('1.5'), new LosslessNumber('-1'), 'many', '', null]) {
      const error = thrown(() => parseCount({ count }));
      expect(error).toBeInstanceOf(RuntimeError);
      expect(error.message).toMatch(/^The store sent a count that is not a whole number/);
    }
  });

  it('refuses an answer without a count', () => {
    const error = thrown(() => parseCount({ total: 3 }));
    expect(error).toBeInstanceOf(RuntimeError);
    expect(error.message).toBe("The store's answer has no 'count' count.");
  });
});

describe('unwrap, parseWire, segment', () => {
  it('unwraps the resource key or explains what is missing', () => {
    expect(unwrap({ giftCard: { id: '1' } }, 'giftCard', 'object')).toEqual({ id: '1' });
    expect(thrown(() => unwrap({}, 'giftCard', 'object')).message).toBe("The store's answer has no 'giftCard' object.");
    expect(thrown(() => unwrap(null, 'giftCard', 'object'))).toBeInstanceOf(RuntimeError);
  });

  it('accepts ids as strings or lossless numbers', () => {
    expect(parseWire(wireId, '1', 'an id')).toBe('1');
    const big = new LosslessNumber('98765432109876543210');
    expect(parseWire(wireId, big, 'an id')).toBe(big);
  });

  it('names where a response does not match the API', () => {
    const error = thrown(() => parseWire(z.object({ item: z.object({ id: wireId }) }), { item: { id: true } }, 'an item'));
    expect(error).toBeInstanceOf(RuntimeError);
    expect(error.message).toMatch(/^The store sent an item that does not match the API at item\.id: /);
  });

  it('keeps a path segment one segment', () => {
    expect(segment('../x')).toBe('..%2Fx');
    expect(segment('a b?c#d')).toBe('a%20b%3Fc%23d');
    expect(segment('123')).toBe('123');
  });

  it('refuses the ids no encoding keeps in their segment: . and ..', () => {
    for (const dots of ['.', '..']) {
      const error = thrown(() => segment(dots));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toContain(`'${dots}'`);
    }
    expect(segment('...')).toBe('...');
    expect(segment('.x')).toBe('.x');
  });
});

describe("versioned: the profile's API version, on both request paths", () => {
  it("moves a typed request under the version's root and hands its dry-run view on untouched", async () => {
    const seen: Array<[RequestSpec, RequestView | undefined]> = [];
    const transport = versioned(
      {
        async request(spec, view) {
          seen.push([spec, view]);
          return { status: 200, headers: {}, body: {} };
        },
      },
      async () => '202501',
    );
    // Dropped on the way, the view would let a dry run show the whole gift card code.
    await transport.request({ method: 'POST', path: '/api/202412/gift_cards', body: { code: 'SECRET' } }, { shownBody: { code: '****CRET' } });
    expect(seen).toEqual([[{ method: 'POST', path: '/api/202501/gift_cards', body: { code: 'SECRET' } }, { shownBody: { code: '****CRET' } }]]);
  });

  it("moves a raw request (doctor's probes) the same way, and offers no raw path where the transport has none", async () => {
    const seen: RawRequestSpec[] = [];
    const request = async () => ({ status: 200, headers: {}, body: {} });
    const transport = versioned(
      {
        request,
        async requestRaw(spec) {
          seen.push(spec);
          return { status: 200, headers: {}, text: '' };
        },
      },
      async () => '202501',
    );
    await transport.requestRaw!({ method: 'GET', path: '/api/202412/oauth2/access_scopes', query: { a: 'b' } });
    expect(seen).toEqual([{ method: 'GET', path: '/api/202501/oauth2/access_scopes', query: { a: 'b' } }]);
    expect(versioned({ request }, async () => '202501').requestRaw).toBeUndefined();
  });
});

describe('pagesOf, the one paging loop of the listings', () => {
  const page = (ids: number[], next?: string): FakeAnswer => ({
    body: JSON.stringify({ items: ids.map((id) => ({ id })) }),
    headers: next ? { link: `<https://shop.example/api/x?pageToken=${next}&limit=2>; rel="next"` } : {},
  });
  const items = (body: unknown) => (body as { items: { id: unknown }[] }).items.map((item) => String(item.id));

  it('without all: one page, and the next page token to show', async () => {
    const transport = new FakeTransport([page([1, 2], 'T2')]);
    const pages = pagesOf(transport, '/x', { limit: '2', status: 'draft' }, items, { all: false });
    expect(await pages.next()).toEqual({ done: false, value: ['1', '2'] });
    expect(await pages.next()).toEqual({ done: true, value: 'T2' });
    expect(transport.requests.map((r) => r.query)).toEqual([{ limit: '2', status: 'draft' }]);
  });

  it('with all: follows each next page with its query, until a page names none', async () => {
    const transport = new FakeTransport([page([1, 2], 'T2'), page([3, 4], 'T3'), page([5])]);
    const seen: string[][] = [];
    for await (const found of pagesOf(transport, '/x', { limit: '2' }, async (body) => items(body), { all: true })) seen.push(found);
    expect(seen).toEqual([['1', '2'], ['3', '4'], ['5']]);
    expect(transport.requests.map((r) => r.query)).toEqual([{ limit: '2' }, { pageToken: 'T2', limit: '2' }, { pageToken: 'T3', limit: '2' }]);
  });

  it('with all: a store that names a next page past the bound is an error naming the flag', async () => {
    const transport = new FakeTransport([page([1, 2], 'T2'), page([3, 4], 'T3')]);
    const pages = pagesOf(transport, '/x', { limit: '2' }, items, { all: true, bound: { pages: 2, flag: '--max-pages' } });
    await pages.next();
    await pages.next();
    await expect(pages.next()).rejects.toThrow(/--max-pages/);
  });
});

describe('createOnce', () => {
  class LostAnswer extends RequestError {
    readonly exitCode = 1;
  }

  it('passes the created object through', async () => {
    expect(await createOnce(async () => 'made', 'It may exist.')).toBe('made');
  });

  it('an interruption, or a failure that may have been applied, leaves the outcome open', async () => {
    const interrupted = await createOnce(() => Promise.reject(new CancelledError()), 'The thing may have been created anyway.').catch((e: unknown) => e);
    expect(interrupted).toBeInstanceOf(UnconfirmedCreateError);
    expect((interrupted as Error).message).toBe('Interrupted. The thing may have been created anyway.');
    const lost = new LostAnswer('The store answered 503.');
    lost.mayHaveApplied = true;
    const open = await createOnce(() => Promise.reject(lost), 'The thing may have been created anyway.').catch((e: unknown) => e);
    expect(open).toBeInstanceOf(UnconfirmedCreateError);
    expect((open as Error).message).toBe('The store answered 503. The thing may have been created anyway.');
  });

  it('a refusal that was not applied stays what it was', async () => {
    const refused = new LostAnswer('The store refused the product.');
    await expect(createOnce(() => Promise.reject(refused), 'It may exist.')).rejects.toBe(refused);
  });
});
