// The webhook delivery contract (DESIGN, webhooks row): topics and the headers a store
// sends with each delivery. Both `webhook listen` and `webhook trigger` speak it.

export const WEBHOOK_TOPICS = ['products/create', 'products/update', 'products/delete'] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export function isWebhookTopic(text: string): text is WebhookTopic {
  return (WEBHOOK_TOPICS as readonly string[]).includes(text);
}

export const WEBHOOK_API_VERSION = '202412';

/** Header names as a store writes them; node lower-cases them on receipt. */
export const WEBHOOK_HEADERS = {
  topic: 'X-Service-Topic',
  webhookId: 'X-Service-Webhook-Id',
  triggeredAt: 'X-Service-Triggered-At',
  apiVersion: 'X-Service-Api-Version',
  signature: 'X-Service-Hmac-Sha256',
} as const;
