// Webhook signatures: base64 HMAC-SHA256 of the raw body bytes with the shared secret.
// Always over the bytes as received: re-serialising parsed JSON would change them.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signBody(body: Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/**
 * Whether `header` is the body's signature with `secret`. The comparison takes the same
 * time whatever the header holds, so a forger learns nothing from how long a refusal takes.
 */
export function hasValidSignature(body: Uint8Array, secret: string, header: string | undefined): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(signBody(body, secret), 'utf8');
  const given = Buffer.from(header.trim(), 'utf8');
  // timingSafeEqual needs equal lengths; a base64 HMAC-SHA256 always has 44 characters,
  // so a length mismatch reveals nothing about the secret.
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
