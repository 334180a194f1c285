// What `webhook listen` makes of a received delivery: the describing headers, and the
// product id and title from the body. Tolerant: a store may send other topics or shapes.
import type { IncomingHttpHeaders } from 'node:http';
import { isLosslessNumber, parseJson } from '../core/json.js';
import { WEBHOOK_HEADERS } from './wire.js';

export interface DeliveryFacts {
  topic: string | null;
  webhookId: string | null;
  triggeredAt: string | null;
  apiVersion: string | null;
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

export function deliveryFacts(headers: IncomingHttpHeaders, payload: unknown): DeliveryFacts {
  const record = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  return {
    topic: header(headers, WEBHOOK_HEADERS.topic) ?? null,
    webhookId: header(headers, WEBHOOK_HEADERS.webhookId) ?? null,
    triggeredAt: header(headers, WEBHOOK_HEADERS.triggeredAt) ?? null,
    apiVersion: header(headers, WEBHOOK_HEADERS.apiVersion) ?? null,
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
