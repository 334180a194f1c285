// webhook trigger beyond products: every order, customer, discount, shop, app and compliance
// topic sends its sample, signed, in both header families; orders/delete, which the docs do
// not list, with a warning; and the objects the store's docs print (the customer and order
// samples of partners.genstore.ai, as far as readable) go through --file as they are.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cli, scratchDir } from '../../helpers/cli-in-process.js';
import { DOCS_CUSTOMER } from '../../helpers/customer-sample.js';
import { DOCS_ORDER, EVENT_ORDER } from '../../helpers/order-sample.js';
import { expectUsageError } from '../_support.js';
import { sign, startApp, type App } from './support.js';
import { SAMPLE_TOPICS } from '../../../src/webhooks/wire.js';
import { SUBSCRIPTION_TOPICS } from '../../../src/sandbox/resources/webhook-subscriptions/topics.js';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';

const sampleText = (topic: string) => readFileSync(new URL(`../../../src/webhooks/samples/${topic.replace('/', '-')}.json`, import.meta.url), 'utf8');
const SECRET = 'whsec-trigger-topics-1';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  app.received.length = 0;
  app.answer = { status: 200, body: '{"ok":true}' };
});

describe('webhook trigger: the topics beyond products', () => {
  const topics = SAMPLE_TOPICS.filter((topic) => !topic.startsWith('products/'));

  it('has a sample for every topic the sandbox accepts a subscription to, but the collections and refunds/create (the sandbox sends those)', () => {
    const wanted = SUBSCRIPTION_TOPICS.filter((topic) => !topic.startsWith('collections/') && topic !== 'refunds/create');
    expect([...SAMPLE_TOPICS].sort()).toEqual([...wanted].sort());
    for (const topic of [
      'shop/update',
      'shop/redact',
      'customers/merge',
      'orders/partiallyFulfilled',
      'app/authorizationCodeGranted',
      'customers/data_request',
      'customers/redact',
    ]) {
      expect(SAMPLE_TOPICS).toContain(topic);
    }
  });

  it('orders/delete, which the docs do not list, is sent with a warning; a documented topic without one', async () => {
    const undocumented = await cli(['webhook', 'trigger', 'orders/delete', '--to', app.url, '--secret', SECRET]);
    expect(undocumented.code, undocumented.stderr).toBe(0);
    expect(undocumented.stderr).toContain('warning: orders/delete is not a topic the store documents');
    expect(JSON.parse(app.received[0]!.body.toString('utf8'))).toEqual({ orderId: '4000000000000000901' });
    const documented = await cli(['webhook', 'trigger', 'shop/update', '--to', app.url, '--secret', SECRET]);
    expect(documented.code, documented.stderr).toBe(0);
    expect(documented.stderr).not.toContain('warning');
  });

  it.each(topics)('%s: its sample, signed, under either family', async (topic) => {
    const r = await cli(['webhook', 'trigger', topic, '--to', app.url, '--secret', SECRET, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const got = app.received[0]!;
    expect(JSON.parse(got.body.toString('utf8'))).toEqual(JSON.parse(sampleText(topic)));
    expect(got.headers['x-service-topic']).toBe(topic);
    expect(got.headers['x-service-hmac-sha256']).toBe(sign(got.body, SECRET));
    expect(JSON.parse(r.stdout)).toMatchObject({ topic, status: 200 });
    expect(JSON.parse(r.stdout)).not.toHaveProperty('productId');
    const genstore = await cli(['webhook', 'trigger', topic, '--to', app.url, '--secret', SECRET, '--brand', 'genstore']);
    expect(genstore.code, genstore.stderr).toBe(0);
    expect(app.received[1]!.headers['x-genstore-topic']).toBe(topic);
  });

  it('--set changes a field, checked by the topic schema; --product-id is for product topics only', async () => {
    const r = await cli(['webhook', 'trigger', 'orders/paid', '--to', app.url, '--set', 'totalPrice=19.99']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(app.received[0]!.body.toString('utf8'))).toMatchObject({ orderId: '4000000000000000901', totalPrice: '19.99', financialStatus: 'paid' });
    const bad = await cli(['webhook', 'trigger', 'discounts/create', '--to', app.url, '--set', 'valueType=HALF']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--set valueType=HALF: valueType must be one of FIXED_AMOUNT_OFF, PERCENTAGE');
    expectUsageError(await cli(['webhook', 'trigger', 'customers/create', '--to', app.url, '--product-id', '1']), '--product-id');
    expect(app.received).toHaveLength(1);
  });

  it.each([
    ['customers/create', DOCS_CUSTOMER],
    ['customers/update', DOCS_CUSTOMER],
    ['orders/create', DOCS_ORDER],
    ['orders/partiallyFulfilled', DOCS_ORDER],
    ['orders/paid', EVENT_ORDER],
  ])('%s: the docs’ object goes through --file byte for byte as JSON', async (topic, body) => {
    const dir = scratchDir();
    const file = join(dir, 'payload.json');
    writeFileSync(file, body);
    const r = await cli(['webhook', 'trigger', topic, '--to', app.url, '--file', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(app.received[0]!.body.toString('utf8'))).toEqual(JSON.parse(body));
  });
});

describe("webhook trigger: a discount in the shape of the family it goes to (docs/decisions.md 'Discounts')", () => {
  const nestedText = (topic: string) => readFileSync(new URL(`../../../src/webhooks/samples/${topic.replace('/', '-')}.nested.json`, import.meta.url), 'utf8');
  const sent = (n: number) => JSON.parse(app.received[n]!.body.toString('utf8')) as Record<string, unknown>;

  it.each(['discounts/create', 'discounts/update', 'discounts/delete'])(
    "%s: Genstore's nested discount under its headers, the service's flat one under ours",
    async (topic) => {
      const genstore = await cli(['webhook', 'trigger', topic, '--to', app.url, '--secret', SECRET, '--brand', 'genstore']);
      expect(genstore.code, genstore.stderr).toBe(0);
      expect(app.received[0]!.headers['x-genstore-topic']).toBe(topic);
      expect(sent(0)).toEqual(JSON.parse(nestedText(topic)));
      expect(sent(0)).toHaveProperty('discountId');
      expect(sent(0)).not.toHaveProperty('id');
      if (topic !== 'discounts/delete') expect(sent(0)).not.toHaveProperty('discountType');
      // The family of the profile decides when no --brand is given.
      const profile = await cli(['webhook', 'trigger', topic, '--to', app.url], { env: { STORE_CLI_BRAND: 'genstore' } });
      expect(profile.code, profile.stderr).toBe(0);
      expect(sent(1)).toEqual(sent(0));
      const service = await cli(['webhook', 'trigger', topic, '--to', app.url, '--brand', 'service']);
      expect(service.code, service.stderr).toBe(0);
      expect(sent(2)).toEqual(JSON.parse(sampleText(topic)));
      expect(sent(2)).toHaveProperty('id');
      expect(sent(2)).not.toHaveProperty('discountId');
    },
  );

  it("--set and --file are checked in the family's shape: Genstore's type is promotionType.categoryType, the service's discountType", async () => {
    const nested = await cli([
      'webhook',
      'trigger',
      'discounts/create',
      '--to',
      app.url,
      '--brand',
      'genstore',
      '--set',
      'promotionType.categoryType=SHIPPING_DISCOUNT',
    ]);
    expect(nested.code, nested.stderr).toBe(0);
    expect(sent(0)).toMatchObject({ promotionType: { categoryType: 'SHIPPING_DISCOUNT', generateType: { discountCode: 'SUMMER10' } } });
    const bad = await cli([
      'webhook',
      'trigger',
      'discounts/create',
      '--to',
      app.url,
      '--brand',
      'genstore',
      '--set',
      'promotionType.generateType.generateDiscountType=COUPON',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--set promotionType.generateType.generateDiscountType=COUPON: promotionType.generateType.generateDiscountType must be one of CODE_DISCOUNT, AUTOMATIC_DISCOUNT',
    );
    // A flat discount given to a Genstore family is refused: it has no discountId.
    const file = join(scratchDir(), 'flat.json');
    writeFileSync(file, sampleText('discounts/create'));
    const flat = await cli(['webhook', 'trigger', 'discounts/create', '--to', app.url, '--brand', 'genstore', '--file', file]);
    expect(flat.code).toBe(2);
    expect(flat.stderr).toContain(`--file ${file}: discountId is required`);
    const asService = await cli(['webhook', 'trigger', 'discounts/create', '--to', app.url, '--file', file]);
    expect(asService.code, asService.stderr).toBe(0);
    expect(app.received).toHaveLength(2);
  });
});
