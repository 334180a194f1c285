// A webhook delivery as a store sends it: the JSON body and the headers that describe
// and sign it, under the names of one header family.
import type { Brand } from '../core/brand.js';
import type { LoggedDelivery } from './delivery-log.js';
import { signBody } from './signature.js';
import { familyOfName, renamedTo, WEBHOOK_API_VERSION, webhookHeaders, type SampleTopic } from './wire.js';

export interface OutgoingDelivery {
  body: Buffer;
  /** Header name and value pairs, in order. */
  headers: string[];
}

export interface DeliveryInput {
  /** Whose header names it carries. */
  brand: Brand;
  topic: SampleTopic;
  payload: unknown;
  webhookId: string;
  triggeredAt: Date;
  /** Without one the delivery goes unsigned (no signature header). */
  secret?: string;
  /** The store's domain (the shop-domain header), when known. */
  shopDomain?: string;
  userAgent: string;
}

export function buildDelivery(input: DeliveryInput): OutgoingDelivery {
  const names = webhookHeaders(input.brand);
  const body = Buffer.from(JSON.stringify(input.payload), 'utf8');
  const headers = [
    'Content-Type',
    'application/json',
    'User-Agent',
    input.userAgent,
    names.topic,
    input.topic,
    names.webhookId,
    input.webhookId,
    names.triggeredAt,
    triggeredAtText(input.triggeredAt),
    names.apiVersion,
    WEBHOOK_API_VERSION,
  ];
  if (input.shopDomain !== undefined) headers.push(names.shopDomain, input.shopDomain);
  if (input.secret !== undefined) headers.push(names.signature, signBody(body, input.secret));
  return { body, headers };
}

/** Whole seconds, like the spec's timestamps (2026-11-21T10:00:00Z). */
export function triggeredAtText(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface ReplayInput {
  logged: LoggedDelivery;
  /** The family to send it in: the logged family's headers are renamed to it. */
  brand: Brand;
  triggeredAt: Date;
  /** Without one the delivery goes unsigned. */
  secret?: string;
  userAgent: string;
}

/**
 * A logged delivery to send again: its body byte for byte; Content-Type and the headers of
 * either family (`X-Service-*`, `X-Genstore-*`) as logged, renamed into `brand`'s family
 * (the rest of each name, the order and the values kept, so the webhook id stays), the
 * trigger time fresh and a new signature. Connection headers and anything else the
 * original sender added (its Authorization) stay behind.
 */
export function replayDelivery(input: ReplayInput): OutgoingDelivery {
  const names = webhookHeaders(input.brand);
  const body = Buffer.from(input.logged.body, 'utf8');
  const triggeredAt = triggeredAtText(input.triggeredAt);
  const contentType = input.logged.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  const headers = ['Content-Type', contentType, 'User-Agent', input.userAgent];
  const signature = names.signature.toLowerCase();
  const timeHeader = names.triggeredAt.toLowerCase();
  const seen = new Set<string>();
  let timed = false;
  for (const [logged, value] of input.logged.headers) {
    if (familyOfName(logged) === undefined) continue;
    const name = renamedTo(input.brand, logged);
    const lower = name.toLowerCase();
    // A delivery logged with both families' names keeps the first of each.
    if (lower === signature || seen.has(lower)) continue;
    seen.add(lower);
    timed ||= lower === timeHeader;
    headers.push(name, lower === timeHeader ? triggeredAt : value);
  }
  if (!timed) headers.push(names.triggeredAt, triggeredAt);
  if (input.secret !== undefined) headers.push(names.signature, signBody(body, input.secret));
  return { body, headers };
}
