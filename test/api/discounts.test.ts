// DiscountsApi against FakeTransport: what each call sends, and what it makes of the bodies a
// store answers, in both shapes (docs/decisions.md "Discounts"). Genstore's: the docs' sample
// (test/helpers/discount-sample.ts), nested with its code inside, sent byte for byte and read
// back; the service's: FLAT_FORM, a flat discount with the documented values in the real
// store's forms (ids as strings, zone-less times), and a field we do not know, which must
// come through as sent.
import { describe, expect, it } from 'vitest';
import { DiscountsApi } from '../../src/api/discounts/requests.js';
import { checkDiscountChange, checkDiscountCreate, checkDiscountId, checkDiscountList } from '../../src/api/discounts/schema.js';
import { readDiscount } from '../../src/api/discounts/wire-shape.js';
import { DISCOUNT_CODE_FIELDS } from '../../src/api/discounts/fields.js';
import { DISCOUNT_FIELDS } from '../../src/api/discounts/declaration.js';
import { ApiError, RuntimeError, UnconfirmedCreateError } from '../../src/core/errors.js';
import { toJson } from '../../src/core/json.js';
import { DOCS_DISCOUNT, DOCS_DISCOUNT_ANSWER, DOCS_DISCOUNT_PREFIX } from '../helpers/discount-sample.js';
import { FakeTransport } from '../helpers/fake-transport.js';
import { usageMessage } from '../helpers/usage-error.js';

const genstore = async () => 'genstore' as const;

const DOCS_FORM =
  '{"id":"201462124","title":"$10 off orders over $100","discountType":"ORDER_DISCOUNT","valueType":"FIXED_AMOUNT_OFF","value":"10.00","discountMethod":"CODE_DISCOUNT","eligibility":"SEGMENT","segmentIds":["300139485001998"],"status":"ENABLED","startTime":"2024-12-16T17:04:38.004","endTime":null,"usageLimit":100,"oncePerCustomer":true,"codesCount":2,"createTime":"2024-12-16T17:04:38.004","updateTime":"2024-12-16T17:04:38.004","trigger":{"orderAmount":"100.00"}}';
const BIG_ID =
  '{"id":98765432109876543210,"title":"Big","discountType":"SHIPPING_DISCOUNT","valueType":"PERCENTAGE","value":100,"discountMethod":"AUTOMATIC_DISCOUNT","status":"DISABLED"}';

describe('discount inputs, checked before anything is sent', () => {
  const valid = { title: 'Sale', discountType: 'order', valueType: 'percentage', value: '15', discountMethod: 'code' };

  it('takes the short words or the documented values, in any case, and sends the documented ones', () => {
    expect(checkDiscountCreate(valid)).toEqual({
      title: 'Sale',
      discountType: 'ORDER_DISCOUNT',
      valueType: 'PERCENTAGE',
      value: '15',
      discountMethod: 'CODE_DISCOUNT',
    });
    expect(
      checkDiscountCreate({ ...valid, discountType: 'shipping_discount', valueType: 'FIXED_AMOUNT_OFF', value: '5.00', discountMethod: 'Automatic' }),
    ).toMatchObject({
      discountType: 'SHIPPING_DISCOUNT',
      valueType: 'FIXED_AMOUNT_OFF',
      discountMethod: 'AUTOMATIC_DISCOUNT',
    });
  });

  it('names the flag at fault', () => {
    expect(usageMessage(() => checkDiscountCreate({ ...valid, discountType: 'bogus' }))).toMatch(
      /^--discount-type must be one of product, order, shipping \(or PRODUCT_DISCOUNT/,
    );
    expect(usageMessage(() => checkDiscountCreate({ ...valid, value: '101' }))).toMatch(/^--value must be above 0, and at most 100 for a percentage/);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, value: '0' }))).toMatch(/^--value /);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, value: '1e3' }))).toMatch(/^--value must be a non-negative decimal amount/);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, title: undefined }))).toMatch(/^--title /);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, startTime: 'tomorrow' }))).toMatch(
      /^--start-time must be a time such as 2026-12-01T00:00:00Z or a date such as 2026-12-01/,
    );
    expect(usageMessage(() => checkDiscountCreate({ ...valid, endTime: '2026-02-30' }))).toMatch(/^--end-time must be a time/);
    expect(usageMessage(() => checkDiscountChange({ usageLimit: 0 }))).toMatch(/^--usage-limit /);
    expect(usageMessage(() => checkDiscountList({ status: 'on' }))).toMatch(/^--status must be one of enabled, disabled/);
    expect(usageMessage(() => checkDiscountId('12a'))).toMatch(/^<discountId> must be a numeric id/);
    // A fixed amount may be above 100.
    expect(checkDiscountCreate({ ...valid, valueType: 'fixed', value: '150.00' }).value).toBe('150.00');
  });

  it('takes a date where a time is (a start its first second, an end its last), and refuses a start not before the end', () => {
    expect(checkDiscountCreate({ ...valid, startTime: '2026-12-01', endTime: '2026-12-10' })).toMatchObject({
      startTime: '2026-12-01T00:00:00Z',
      endTime: '2026-12-10T23:59:59Z',
    });
    expect(checkDiscountChange({ endTime: '2026-12-10' })).toEqual({ endTime: '2026-12-10T23:59:59Z' });
    expect(usageMessage(() => checkDiscountCreate({ ...valid, startTime: '2026-12-11', endTime: '2026-12-10' }))).toBe(
      '--start-time (2026-12-11T00:00:00Z) is not before --end-time (2026-12-10T23:59:59Z): a discount must start before it ends.',
    );
    // A zone-less time is UTC, as a Genstore store writes it.
    expect(usageMessage(() => checkDiscountChange({ startTime: '2026-12-10T12:00:00+02:00', endTime: '2026-12-10T09:00:00.000' }))).toMatch(
      /is not before --end-time/,
    );
  });

  it("a code discount unless said; --code by the store's rule: Genstore's 8 letters and digits, the service's 3 to 50 with - and _", () => {
    expect(checkDiscountCreate({ ...valid, discountMethod: undefined }).discountMethod).toBe('CODE_DISCOUNT');
    expect(checkDiscountCreate({ ...valid, code: '71NLIYCH' }, 'genstore').code).toBe('71NLIYCH');
    for (const code of ['SUMMER-1', 'SHORT', 'NINECHARS', 'ÄBCDEFGH'])
      expect(usageMessage(() => checkDiscountCreate({ ...valid, code }, 'genstore'))).toBe(
        `--code must be 8 letters and digits (Genstore takes "a custom 8-digit code" of letters and digits, no other characters) (got '${code}').`,
      );
    expect(checkDiscountCreate({ ...valid, code: 'SUMMER-15_VIP' }, 'service').code).toBe('SUMMER-15_VIP');
    expect(usageMessage(() => checkDiscountCreate({ ...valid, code: 'NO SPACE' }, 'service'))).toMatch(/^--code must be 3 to 50 letters, digits, - or _/);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, discountMethod: 'automatic', code: '71NLIYCH' }, 'genstore'))).toMatch(
      /^--code is for a code discount/,
    );
  });
});

describe("DiscountsApi, Genstore's nested shape", () => {
  it("reads the docs' discount: its type, method, value and code from inside promotionType, every field kept as sent", async () => {
    expect(DOCS_DISCOUNT_ANSWER.startsWith(DOCS_DISCOUNT_PREFIX)).toBe(true);
    const transport = new FakeTransport([{ body: DOCS_DISCOUNT_ANSWER }]);
    const discount = await new DiscountsApi(transport, genstore).get('201462124');
    expect(toJson(discount)).toBe(DOCS_DISCOUNT);
    expect(readDiscount(discount)).toMatchObject({
      id: '201462124',
      discountType: 'PRODUCT_DISCOUNT',
      discountMethod: 'CODE_DISCOUNT',
      code: '71NLIYCH',
      valueType: 'PERCENTAGE',
      value: '15',
      usageLimit: '500',
    });
  });

  it("creates with the nested body, promotionType first as in the docs' sample; no code: none sent (the store generates one)", async () => {
    const transport = new FakeTransport([
      { status: 201, body: DOCS_DISCOUNT_ANSWER },
      { status: 201, body: DOCS_DISCOUNT_ANSWER },
    ]);
    const api = new DiscountsApi(transport, genstore);
    await api.create(
      checkDiscountCreate({ title: 'Summer sale', discountType: 'product', valueType: 'percentage', value: '15', code: '71NLIYCH' }, 'genstore'),
    );
    expect(toJson(transport.requests[0]!.body)).toBe(
      '{"discount":{"promotionType":{"categoryType":"PRODUCT_DISCOUNT","generateType":{"discountCode":"71NLIYCH","generateDiscountType":"CODE_DISCOUNT"}},"title":"Summer sale","valueType":"PERCENTAGE","value":"15"}}',
    );
    expect(toJson(transport.requests[0]!.body).startsWith(DOCS_DISCOUNT_PREFIX)).toBe(true);
    await api.create(
      checkDiscountCreate(
        { title: 'Auto', discountType: 'order', valueType: 'fixed', value: '5', discountMethod: 'automatic', endTime: '2027-01-01' },
        'genstore',
      ),
    );
    expect(toJson(transport.requests[1]!.body)).toBe(
      '{"discount":{"promotionType":{"categoryType":"ORDER_DISCOUNT","generateType":{"generateDiscountType":"AUTOMATIC_DISCOUNT"}},"title":"Auto","valueType":"FIXED_AMOUNT_OFF","value":"5","endTime":"2027-01-01T23:59:59Z"}}',
    );
  });

  it('updates only what changes, the type inside promotionType', async () => {
    const transport = new FakeTransport([{ body: DOCS_DISCOUNT_ANSWER }]);
    await new DiscountsApi(transport, genstore).update('201462124', checkDiscountChange({ discountType: 'order', value: '20' }));
    expect(toJson(transport.requests[0]!.body)).toBe('{"discount":{"promotionType":{"categoryType":"ORDER_DISCOUNT"},"value":"20"}}');
  });

  it('sends no filter (none is documented): filters every page on the client, reading to the end; counts by listing, 250 a page', async () => {
    const automatic = DOCS_DISCOUNT.replace('"CODE_DISCOUNT"', '"AUTOMATIC_DISCOUNT"').replace('"201462124"', '"201462125"');
    const transport = new FakeTransport([
      { body: `{"discounts":[${DOCS_DISCOUNT}]}`, headers: { link: '< https://shop.genmystore.com/api/202412/discounts?pageToken=abc&limit=1 >; rel=next' } },
      { body: `{"discounts":[${automatic}]}` },
      { body: `{"discounts":[${DOCS_DISCOUNT},${automatic}]}` },
    ]);
    const api = new DiscountsApi(transport, genstore);
    const pages: unknown[][] = [];
    // Without --all: a filter still reads every page, as no token can carry it.
    const listing = api.list(checkDiscountList({ limit: 1, discountMethod: 'automatic' }), false);
    for (;;) {
      const next = await listing.next();
      if (next.done) {
        expect(next.value).toBeUndefined();
        break;
      }
      pages.push(next.value);
    }
    expect(pages.map((page) => page.map((discount) => readDiscount(discount as never).id))).toEqual([[], ['201462125']]);
    expect(await api.count({ discountMethod: 'CODE_DISCOUNT' })).toBe('1');
    expect(transport.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/api/202412/discounts', { limit: '1', sinceId: undefined, pageToken: undefined }],
      ['GET', '/api/202412/discounts', { limit: '1', pageToken: 'abc' }],
      ['GET', '/api/202412/discounts', { limit: '250', sinceId: undefined, pageToken: undefined }],
    ]);
  });

  it("never asks a Genstore store for codes: the codes endpoint is the service's", async () => {
    const transport = new FakeTransport([]);
    const api = new DiscountsApi(transport, genstore);
    await expect(api.addCode('201462124', 'EXTRA123')).rejects.toBeInstanceOf(RuntimeError);
    await expect(api.findCode('201462124', 'EXTRA123')).rejects.toBeInstanceOf(RuntimeError);
    await expect(api.everyCode('201462124').next()).rejects.toBeInstanceOf(RuntimeError);
    expect(transport.requests).toEqual([]);
  });
});

describe("DiscountsApi, the service's flat shape", () => {
  it('reads a discount in the documented values and the real store forms, every field as sent (a field we do not know too)', async () => {
    const transport = new FakeTransport([{ body: `{"discount":${DOCS_FORM}}` }]);
    const discount = await new DiscountsApi(transport).get('201462124');
    expect(transport.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/202412/discounts/201462124']);
    expect(toJson(discount)).toBe(DOCS_FORM);
    // Every field of the flat shape; the nested one's are Genstore's.
    expect(DISCOUNT_FIELDS.filter((field) => !(field in discount))).toEqual(['discountId', 'promotionType']);
    expect(readDiscount(discount)).toMatchObject({
      id: '201462124',
      discountType: 'ORDER_DISCOUNT',
      discountMethod: 'CODE_DISCOUNT',
      code: '',
      codesCount: '2',
    });
  });

  it('keeps ids past 2^53 and numbers as written', async () => {
    const discount = await new DiscountsApi(new FakeTransport([{ body: `{"discount":${BIG_ID}}` }])).get('98765432109876543210');
    expect(toJson(discount)).toBe(BIG_ID);
  });

  it('reads a field of another type as sent, in a discount and in a listing; a discount without an id is refused', async () => {
    const odd = '{"id":"7","title":42,"status":["ENABLED"],"startTime":1735689600,"value":{"amount":"5"}}';
    expect(toJson(await new DiscountsApi(new FakeTransport([{ body: `{"discount":${odd}}` }])).get('7'))).toBe(odd);
    const pages = new DiscountsApi(new FakeTransport([{ body: `{"discounts":[${odd}]}` }])).list({}, false);
    expect(toJson((await pages.next()).value)).toBe(`[${odd}]`);
    await expect(new DiscountsApi(new FakeTransport([{ body: '{"discount":{"title":"No id"}}' }])).get('7')).rejects.toThrow(
      "without an id (neither 'discountId' nor 'id')",
    );
    await expect(new DiscountsApi(new FakeTransport([{ body: '{"discount":{"id":true}}' }])).get('7')).rejects.toBeInstanceOf(RuntimeError);
  });

  it('creates with {"discount": ...}, sending only what was given, and never resends', async () => {
    const transport = new FakeTransport([{ status: 201, body: `{"discount":${DOCS_FORM}}` }]);
    const input = checkDiscountCreate({
      title: '$10 off orders over $100',
      discountType: 'order',
      valueType: 'fixed',
      value: '10.00',
      discountMethod: 'code',
      segmentIds: ['300139485001998'],
      eligibility: 'segment',
    });
    await new DiscountsApi(transport).create(input);
    expect(transport.requests[0]).toMatchObject({ method: 'POST', path: '/api/202412/discounts' });
    expect(transport.requests[0]!.idempotent).toBeUndefined();
    expect(transport.requests[0]!.body).toEqual({
      discount: {
        title: '$10 off orders over $100',
        discountType: 'ORDER_DISCOUNT',
        valueType: 'FIXED_AMOUNT_OFF',
        value: '10.00',
        discountMethod: 'CODE_DISCOUNT',
        eligibility: 'SEGMENT',
        segmentIds: ['300139485001998'],
      },
    });
    const lost = { request: async () => Promise.reject(Object.assign(new ApiError('Bad gateway', { status: 502 }), { mayHaveApplied: true })) };
    await expect(new DiscountsApi(lost).create(input)).rejects.toBeInstanceOf(UnconfirmedCreateError);
  });

  it('a create with a code: the discount, then its code (the service keeps codes apart), then the discount read back', async () => {
    const CODE = '{"id":"7","discountId":"201462124","code":"SUMMER-15","usageCount":0,"createTime":"2024-12-16T17:04:38.004"}';
    const transport = new FakeTransport([{ body: `{"discount":${DOCS_FORM}}` }, { body: `{"discountCode":${CODE}}` }, { body: `{"discount":${DOCS_FORM}}` }]);
    await new DiscountsApi(transport).create(
      checkDiscountCreate({ title: 'Sale', discountType: 'order', valueType: 'fixed', value: '10.00', code: 'SUMMER-15' }),
    );
    expect(transport.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/api/202412/discounts',
        { discount: { title: 'Sale', discountType: 'ORDER_DISCOUNT', valueType: 'FIXED_AMOUNT_OFF', value: '10.00', discountMethod: 'CODE_DISCOUNT' } },
      ],
      ['POST', '/api/202412/discounts/201462124/codes', { discountCode: { code: 'SUMMER-15' } }],
      ['GET', '/api/202412/discounts/201462124', undefined],
    ]);
  });

  it('updates with only the changes; enables and disables through /status, idempotently', async () => {
    const transport = new FakeTransport([
      { body: `{"discount":${DOCS_FORM}}` },
      { body: `{"discount":${DOCS_FORM}}` },
      { body: '' },
      { body: `{"discount":${DOCS_FORM}}` },
    ]);
    const api = new DiscountsApi(transport);
    await api.update('201462124', checkDiscountChange({ value: '12.50', endTime: null }));
    await api.setStatus('201462124', 'DISABLED');
    // A 204 is read back.
    await api.setStatus('201462124', 'ENABLED');
    expect(transport.requests.map((r) => [r.method, r.path, r.body, r.idempotent])).toEqual([
      ['PUT', '/api/202412/discounts/201462124', { discount: { value: '12.50', endTime: null } }, undefined],
      ['PUT', '/api/202412/discounts/201462124/status', { status: 'DISABLED' }, true],
      ['PUT', '/api/202412/discounts/201462124/status', { status: 'ENABLED' }, true],
      ['GET', '/api/202412/discounts/201462124', undefined, undefined],
    ]);
  });

  it('lists by pages with filters, follows an unquoted real-store Link, deletes', async () => {
    const transport = new FakeTransport([
      { body: `{"discounts":[${DOCS_FORM}]}`, headers: { link: '"< https://shop.genmystore.com/api/202412/discounts?pageToken=abc&limit=1 >; rel=next"' } },
      { body: `{"discounts":[${BIG_ID}]}` },
      { body: '' },
    ]);
    const api = new DiscountsApi(transport);
    const pages: unknown[][] = [];
    for await (const page of api.list(checkDiscountList({ limit: 1, status: 'enabled', discountMethod: 'code' }), true)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([1, 1]);
    await api.delete('201462124');
    expect(transport.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      [
        'GET',
        '/api/202412/discounts',
        { limit: '1', sinceId: undefined, pageToken: undefined, status: 'ENABLED', discountMethod: 'CODE_DISCOUNT', discountType: undefined },
      ],
      ['GET', '/api/202412/discounts', { limit: '1', pageToken: 'abc' }],
      ['DELETE', '/api/202412/discounts/201462124', undefined],
    ]);
  });

  it('adds a code as an idempotent create; a taken code is told back, with whether an answer was lost', async () => {
    const CODE = '{"id":"7","discountId":"201462124","code":"SUMMER15","usageCount":0,"createTime":"2024-12-16T17:04:38.004"}';
    const taken = new ApiError('taken', { status: 409 });
    const transport = {
      calls: 0,
      async request(spec: { body?: unknown; idempotent?: boolean }) {
        this.calls += 1;
        expect(spec.idempotent).toBe(true);
        if (this.calls === 1) return { status: 201, headers: {}, body: (await import('../../src/core/json.js')).parseJson(`{"discountCode":${CODE}}`) };
        throw taken;
      },
    };
    const api = new DiscountsApi(transport);
    const added = await api.addCode('201462124', 'SUMMER15');
    expect(added.kind === 'created' && toJson(added.code)).toBe(CODE);
    expect(DISCOUNT_CODE_FIELDS.filter((field) => added.kind === 'created' && !(field in added.code!))).toEqual([]);
    expect(await api.addCode('201462124', 'SUMMER15')).toEqual({ kind: 'taken', afterLostAnswer: false });
  });
});
