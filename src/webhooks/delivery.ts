// A webhook delivery as a store sends it: the JSON body and the headers that describe
// and sign it.
import type { LoggedDelivery } from './delivery-log.js';
import { signBody } from './signature.js';
import { WEBHOOK_API_VERSION, WEBHOOK_HEADERS, type WebhookTopic } from './wire.js';

export interface OutgoingDelivery {
  body: Buffer;
  /** Header name and value pairs, in order. */
  headers: string[];
}

export interface DeliveryInput {
  topic: WebhookTopic;
  payload: unknown;
  webhookId: string;
  triggeredAt: Date;
  /** Without one the delivery goes unsigned (no signature header). */
  secret?: string;
  userAgent: string;
}

export function buildDelivery(input: DeliveryInput): OutgoingDelivery {
  const body = Buffer.from(JSON.stringify(input.payload), 'utf8');
  const headers = [
    'Content-Type',
    'application/json',
    'User-Agent',
    input.userAgent,
    WEBHOOK_HEADERS.topic,
    input.topic,
    WEBHOOK_HEADERS.webhookId,
    input.webhookId,
    WEBHOOK_HEADERS.triggeredAt,
    triggeredAtText(input.triggeredAt),
    WEBHOOK_HEADERS.apiVersion,
    WEBHOOK_API_VERSION,
  ];
  if (input.secret !== undefined) headers.push(WEBHOOK_HEADERS.signature, signBody(body, input.secret));
  return { body, headers };
}

/** Whole seconds, like the spec's timestamps (2026-11-21T10:00:00Z). */
export function triggeredAtText(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface ReplayInput {
  logged: LoggedDelivery;
  triggeredAt: Date;
  /** Without one the delivery goes unsigned. */
  secret?: string;
  userAgent: string;
}

/**
 * A logged delivery to send again: its body byte for byte; Content-Type and the X-Service-*
 * headers as logged (name case and order kept, so the webhook id stays), the trigger time
 * fresh and a new signature. Connection headers and anything else the original sender
 * added (its Authorization) stay behind.
 */
export function replayDelivery(input: ReplayInput): OutgoingDelivery {
  const body = Buffer.from(input.logged.body, 'utf8');
  const triggeredAt = triggeredAtText(input.triggeredAt);
  const contentType = input.logged.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  const headers = ['Content-Type', contentType, 'User-Agent', input.userAgent];
  const signature = WEBHOOK_HEADERS.signature.toLowerCase();
  const timeHeader = WEBHOOK_HEADERS.triggeredAt.toLowerCase();
  let timed = false;
  for (const [name, value] of input.logged.headers) {
    const lower = name.toLowerCase();
    if (!lower.startsWith('x-service-') || lower === signature || (lower === timeHeader && timed)) continue;
    timed ||= lower === timeHeader;
    headers.push(name, lower === timeHeader ? triggeredAt : value);
  }
  if (!timed) headers.push(WEBHOOK_HEADERS.triggeredAt, triggeredAt);
  if (input.secret !== undefined) headers.push(WEBHOOK_HEADERS.signature, signBody(body, input.secret));
  return { body, headers };
}
