// What `webhook listen` makes of a received delivery: the describing headers, of either
// family, and the product id and title from the body. Tolerant: a store may send other
// topics or shapes.
import type { IncomingHttpHeaders } from 'node:http';
import type { Brand } from '../core/brand.js';
import { isLosslessNumber, parseJson } from '../core/json.js';
import { familyOf, webhookHeaders } from './wire.js';

export interface DeliveryFacts {
  topic: string | null;
  webhookId: string | null;
  triggeredAt: string | null;
  apiVersion: string | null;
  /** The header family the delivery was sent in (`X-Service-*` or `X-Genstore-*`); null when it carries neither. */
  brand: Brand | null;
  shopDomain: string | null;
  productId: string | null;
  title: string | null;
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The body as JSON, numbers kept digit-exact; throws a sentence when it is not JSON text. */
export function parsePayload(body: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new Error('the body is not valid UTF-8');
  }
  if (text.trim() === '') throw new Error('the body is empty');
  try {
    return parseJson(text);
  } catch (error) {
    // eslint-disable-next-line preserve-caught-error -- the one sentence carries the parser's message; the receiver prints only the sentence.
    throw new Error(`the body is not valid JSON (${(error as Error).message})`);
  }
}

/** The family of a delivery's headers (see wire.familyOf). */
export function brandOf(headers: IncomingHttpHeaders): Brand | undefined {
  return familyOf((name) => header(headers, name) !== undefined);
}

/** The facts of a delivery, read under `brand`'s names (by default the family its headers show). */
export function deliveryFacts(headers: IncomingHttpHeaders, payload: unknown, brand: Brand | undefined = brandOf(headers)): DeliveryFacts {
  const record = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  const names = brand === undefined ? undefined : webhookHeaders(brand);
  const named = (name: string | undefined) => (name === undefined ? null : (header(headers, name) ?? null));
  return {
    topic: named(names?.topic),
    webhookId: named(names?.webhookId),
    triggeredAt: named(names?.triggeredAt),
    apiVersion: named(names?.apiVersion),
    brand: brand ?? null,
    shopDomain: named(names?.shopDomain),
    productId: idText(record.productId),
    title: typeof record.title === 'string' ? record.title : null,
  };
}

/** Ids are opaque: a JSON string as is, a JSON number by its exact digits. */
function idText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isLosslessNumber(value)) return value.toString();
  return null;
}
