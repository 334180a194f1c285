import { describe, expect, it } from 'vitest';
import { hasValidSignature, signBody } from '../../src/webhooks/signature.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('webhook signatures', () => {
  it('are base64 HMAC-SHA256 (RFC 4231 test case 2)', () => {
    // Key "Jefe", data "what do ya want for nothing?": 5bdcc146...64ec3843 in hex.
    expect(signBody(bytes('what do ya want for nothing?'), 'Jefe')).toBe('W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=');
  });

  it('are computed over the raw bytes: equal JSON written differently signs differently', () => {
    expect(signBody(bytes('{"a":1}'), 's')).not.toBe(signBody(bytes('{ "a": 1 }'), 's'));
  });

  const body = bytes('{"productId":"4000000000000000501","title":"Merino Crew Sweater"}');
  const good = signBody(body, 'shh-secret');

  it('accept the signature made with the same secret over the same bytes', () => {
    expect(hasValidSignature(body, 'shh-secret', good)).toBe(true);
    expect(hasValidSignature(body, 'shh-secret', ` ${good} `)).toBe(true); // header whitespace
  });

  it('refuse another secret, a changed body, a missing, truncated or garbled header', () => {
    expect(hasValidSignature(body, 'other-secret', good)).toBe(false);
    const tampered = Buffer.from(body);
    tampered[tampered.length - 3] = tampered[tampered.length - 3]! ^ 1;
    expect(hasValidSignature(tampered, 'shh-secret', good)).toBe(false);
    expect(hasValidSignature(body, 'shh-secret', undefined)).toBe(false);
    expect(hasValidSignature(body, 'shh-secret', '')).toBe(false);
    expect(hasValidSignature(body, 'shh-secret', good.slice(0, -1))).toBe(false);
    expect(hasValidSignature(body, 'shh-secret', `${good}=`)).toBe(false);
    const flipped = (good[0] === 'A' ? 'B' : 'A') + good.slice(1);
    expect(hasValidSignature(body, 'shh-secret', flipped)).toBe(false);
    expect(hasValidSignature(body, 'shh-secret', Buffer.from(good).toString('hex'))).toBe(false);
  });
});
