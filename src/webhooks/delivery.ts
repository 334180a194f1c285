// A webhook delivery as a store sends it: the JSON body and the headers that describe
// and sign it.
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
