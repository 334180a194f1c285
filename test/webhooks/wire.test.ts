// The two header families of a delivery: which one a delivery carries, renaming a replay
// into the other, and the form of a topic.
import { describe, expect, it } from 'vitest';
import { replayDelivery } from '../../src/webhooks/delivery.js';
import { signBody } from '../../src/webhooks/signature.js';
import { DOCUMENTED_TOPICS, familyOf, isWellFormedTopic, renamedTo } from '../../src/webhooks/wire.js';

const has =
  (...names: string[]) =>
  (name: string) =>
    names.some((given) => given.toLowerCase() === name.toLowerCase());

describe('familyOf', () => {
  it("is the family whose names the headers carry, any case; the signature's first when both appear", () => {
    expect(familyOf(has('x-genstore-topic', 'x-genstore-hmac-sha256'))).toBe('genstore');
    expect(familyOf(has('X-Service-Webhook-Id'))).toBe('service');
    expect(familyOf(has('x-service-topic', 'x-genstore-hmac-sha256'))).toBe('genstore');
    expect(familyOf(has('content-type', 'x-shopify-topic'))).toBeUndefined();
  });
});

describe('renamedTo', () => {
  it('swaps the family prefix and keeps the rest of the name as written; other names stay', () => {
    expect(renamedTo('service', 'X-Genstore-Shop-Domain')).toBe('X-Service-Shop-Domain');
    expect(renamedTo('genstore', 'x-service-custom-thing')).toBe('X-Genstore-custom-thing');
    expect(renamedTo('genstore', 'Content-Type')).toBe('Content-Type');
  });
});

describe('topics', () => {
  it('noun/verb with letters, digits and _, each part starting with a letter', () => {
    for (const topic of [...DOCUMENTED_TOPICS, 'blazeTest/event1']) expect(isWellFormedTopic(topic), topic).toBe(true);
    for (const topic of ['orders', 'orders/', '/create', 'orders/create/x', 'orders create', '1orders/create', 'orders/cre-ate', 'orders/create\n']) {
      expect(isWellFormedTopic(topic), JSON.stringify(topic)).toBe(false);
    }
  });

  it('lists every topic the notes name once, the compliance ones included', () => {
    expect(new Set(DOCUMENTED_TOPICS).size).toBe(DOCUMENTED_TOPICS.length);
    expect(DOCUMENTED_TOPICS).toEqual(
      expect.arrayContaining([
        'orders/create',
        'customers/merge',
        'app/authorizationCodeGranted',
        'customers/data_request',
        'customers/redact',
        'shop/redact',
        'refunds/create',
      ]),
    );
  });
});

describe('replayDelivery', () => {
  const logged = {
    receivedAt: '2026-11-21T10:00:00.000Z',
    method: 'POST',
    path: '/',
    headers: [
      ['Host', '127.0.0.1:4343'],
      ['Content-Type', 'application/json'],
      ['X-Genstore-Topic', 'orders/create'],
      ['X-Genstore-Webhook-Id', 'wh-1'],
      ['X-Genstore-Triggered-At', '2024-10-30T16:19:13-04:00'],
      ['X-Genstore-Shop-Domain', 'harbor.genmystore.com'],
      ['X-Genstore-Hmac-Sha256', 'old'],
      ['Authorization', 'Bearer sender-secret'],
    ] as Array<[string, string]>,
    body: '{"id":"1"}',
    verified: true,
  };

  it('renames the logged family into the chosen one, with a fresh time and a new signature; other headers stay behind', () => {
    const out = replayDelivery({ logged, brand: 'service', triggeredAt: new Date('2026-11-22T08:00:00Z'), secret: 's', userAgent: 'ua' });
    expect(out.headers).toEqual([
      'Content-Type',
      'application/json',
      'User-Agent',
      'ua',
      'X-Service-Topic',
      'orders/create',
      'X-Service-Webhook-Id',
      'wh-1',
      'X-Service-Triggered-At',
      '2026-11-22T08:00:00Z',
      'X-Service-Shop-Domain',
      'harbor.genmystore.com',
      'X-Service-Hmac-Sha256',
      signBody(Buffer.from(logged.body), 's'),
    ]);
  });
});
