// Webhook subscriptions (the service's `/app/webhooks`, real-store-notes "Webhooks"): the
// schema of a subscription as stores send it, and the checks of every input before it is
// sent. The requests themselves are in requests.ts.
import { isHttpUrl } from '../../core/target.js';
import * as z from 'zod/mini';
import type { WebhookSubscriptionField } from './fields.js';
import { numericId, parseInput, wireId, type Assert, type ExactFields, checkedAsSent, checkedListAsSent } from '../schema.js';

const nullableText = z.optional(z.nullable(z.string()));

/** A subscription as the store sends it. Unknown fields are kept, so --json stays exact. */
export const webhookSubscriptionSchema = z.looseObject({
  id: wireId,
  address: z.string(),
  topic: z.string(),
  format: nullableText,
  createTime: nullableText,
  updateTime: nullableText,
});

export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type WebhookSubscriptionFieldsCheck = Assert<ExactFields<typeof webhookSubscriptionSchema.shape, WebhookSubscriptionField>>;

// ---- inputs, checked before anything is sent -------------------------------------------

const address = z.string().check(z.refine(isHttpUrl, 'must be an absolute http or https URL such as https://example.com/webhooks'), z.maxLength(2048, 'must be at most 2048 characters'));
const topic = z.string().check(z.minLength(1, 'must not be empty'));

export const subscriptionCreateInput = z.object({ address, topic });
export type SubscriptionCreate = z.infer<typeof subscriptionCreateInput>;

export const subscriptionFilterInput = z.object({ address: z.optional(address), topic: z.optional(topic) });
export type SubscriptionFilter = z.infer<typeof subscriptionFilterInput>;

/** An update sends only what changes: the address, the topic, or both. */
export const subscriptionChangeInput = z.object({ address: z.optional(address), topic: z.optional(topic) });
export type SubscriptionChange = z.infer<typeof subscriptionChangeInput>;

const idInput = z.object({ webhookId: numericId() });
const idNames = { webhookId: '<webhookId>' };

export const checkSubscriptionCreate = (value: unknown) => parseInput(subscriptionCreateInput, value);
export const checkSubscriptionFilter = (value: unknown) => parseInput(subscriptionFilterInput, value);
export const checkSubscriptionChange = (value: unknown) => parseInput(subscriptionChangeInput, value);
export const checkWebhookId = (webhookId: unknown) => parseInput(idInput, { webhookId }, idNames).webhookId;

export const checkSubscription = (value: unknown): WebhookSubscription => checkedAsSent(webhookSubscriptionSchema, value, 'a webhook subscription');

export const checkSubscriptionList = (list: unknown): WebhookSubscription[] => checkedListAsSent(webhookSubscriptionSchema, list, 'a webhook subscription list');
