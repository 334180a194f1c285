// DiscountsApi against FakeTransport: what each call sends, and what it makes of the bodies a
// store answers. The docs' pages ("Manage discounts", "About Discount") name the fields'
// values (PRODUCT_DISCOUNT, ORDER_DISCOUNT, SHIPPING_DISCOUNT; FIXED_AMOUNT_OFF, PERCENTAGE;
// CODE_DISCOUNT, AUTOMATIC_DISCOUNT; ALL, SEGMENT) but their sample bodies are past the
// readable part (docs/decisions.md "Discounts"): DOCS_FORM is a discount written with those
// values in the real store's forms (ids as strings, zone-less times), and a field we do not
// know, which must come through as sent.
import { describe, expect, it } from 'vitest';
import { DiscountsApi } from '../../src/api/discounts/requests.js';
import { checkDiscountChange, checkDiscountCreate, checkDiscountId, checkDiscountList } from '../../src/api/discounts/schema.js';
import { DISCOUNT_FIELDS, DISCOUNT_CODE_FIELDS } from '../../src/api/discounts/fields.js';
import { ApiError, UnconfirmedCreateError } from '../../src/core/errors.js';
import { toJson } from '../../src/core/json.js';
import { FakeTransport } from '../helpers/fake-transport.js';
import { usageMessage } from '../helpers/usage-error.js';

const DOCS_FORM =
  '{"id":"201462124","title":"$10 off orders over $100","discountType":"ORDER_DISCOUNT","valueType":"FIXED_AMOUNT_OFF","value":"10.00","discountMethod":"CODE_DISCOUNT","eligibility":"SEGMENT","segmentIds":["300139485001998"],"status":"ENABLED","startTime":"2024-12-16T17:04:38.004","endTime":null,"usageLimit":100,"oncePerCustomer":true,"codesCount":2,"createTime":"2024-12-16T17:04:38.004","updateTime":"2024-12-16T17:04:38.004","trigger":{"orderAmount":"100.00"}}';
const BIG_ID = '{"id":98765432109876543210,"title":"Big","discountType":"SHIPPING_DISCOUNT","valueType":"PERCENTAGE","value":100,"discountMethod":"AUTOMATIC_DISCOUNT","status":"DISABLED"}';

describe('discount inputs, checked before anything is sent', () => {
  const valid = { title: 'Sale', discountType: 'order', valueType: 'percentage', value: '15', discountMethod: 'code' };

  it('takes the short words or the documented values, in any case, and sends the documented ones', () => {
    expect(checkDiscountCreate(valid)).toEqual({ title: 'Sale', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '15', discountMethod: 'CODE_DISCOUNT' });
    expect(checkDiscountCreate({ ...valid, discountType: 'shipping_discount', valueType: 'FIXED_AMOUNT_OFF', value: '5.00', discountMethod: 'Automatic' })).toMatchObject({
      discountType: 'SHIPPING_DISCOUNT',
      valueType: 'FIXED_AMOUNT_OFF',
      discountMethod: 'AUTOMATIC_DISCOUNT',
    });
  });

  it('names the flag at fault', () => {
    expect(usageMessage(() => checkDiscountCreate({ ...valid, discountType: 'bogus' }))).toMatch(/^--discount-type must be one of product, order, shipping \(or PRODUCT_DISCOUNT/);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, value: '101' }))).toMatch(/^--value must be above 0, and at most 100 for a percentage/);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, value: '0' }))).toMatch(/^--value /);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, value: '1e3' }))).toMatch(/^--value must be a non-negative decimal amount/);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, title: undefined }))).toMatch(/^--title /);
    expect(usageMessage(() => checkDiscountCreate({ ...valid, startTime: 'tomorrow' }))).toMatch(/^--start-time must be a timestamp/);
    expect(usageMessage(() => checkDiscountChange({ usageLimit: 0 }))).toMatch(/^--usage-limit /);
    expect(usageMessage(() => checkDiscountList({ status: 'on' }))).toMatch(/^--status must be one of enabled, disabled/);
    expect(usageMessage(() => checkDiscountId('12a'))).toMatch(/^<discountId> must be a numeric id/);
    // A fixed amount may be above 100.
    expect(checkDiscountCreate({ ...valid, valueType: 'fixed', value: '150.00' }).value).toBe('150.00');
  });
});

describe('DiscountsApi', () => {
  it('reads a discount in the documented values and the real store forms, every field as sent (a field we do not know too)', async () => {
    const transport = new FakeTransport([{ body: `{"discount":${DOCS_FORM}}` }]);
    const discount = await new DiscountsApi(transport).get('201462124');
    expect(transport.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/202412/discounts/201462124']);
    expect(toJson(discount)).toBe(DOCS_FORM);
    expect(DISCOUNT_FIELDS.filter((field) => !(field in discount))).toEqual([]);
  });

  it('keeps ids past 2^53 and numbers as written', async () => {
    const discount = await new DiscountsApi(new FakeTransport([{ body: `{"discount":${BIG_ID}}` }])).get('98765432109876543210');
    expect(toJson(discount)).toBe(BIG_ID);
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

  it('updates with only the changes; enables and disables through /status, idempotently', async () => {
    const transport = new FakeTransport([{ body: `{"discount":${DOCS_FORM}}` }, { body: `{"discount":${DOCS_FORM}}` }, { body: '' }, { body: `{"discount":${DOCS_FORM}}` }]);
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
      ['GET', '/api/202412/discounts', { limit: '1', sinceId: undefined, pageToken: undefined, status: 'ENABLED', discountMethod: 'CODE_DISCOUNT', discountType: undefined }],
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
