// Webhook subscription requests: paths and the `webhook` wrapper of the service's
// `/app/webhooks` API (real-store-notes "Webhooks"; scope write_apps). Commands call these
// with domain values and never see a path. The schema (zod) loads only when an answer is read.
import type { Transport } from '../../core/transport.js';
import type { SubscriptionChange, SubscriptionCreate, SubscriptionFilter, WebhookSubscription } from './schema.js';
import { API_PREFIX, createOnce, isEmptyAnswer, parseCount, readAllPages, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/app/webhooks`;

export class WebhookSubscriptionsApi {
  constructor(private readonly transport: Transport) {}

  /**
   * The store answers 201 with the subscription. Not resent once it may have reached the
   * store: a lost answer is an UnconfirmedCreateError (`webhook subscriptions` shows whether
   * it exists). Undefined when the store answered without a body: its id is not known.
   */
  async create(input: SubscriptionCreate): Promise<WebhookSubscription | undefined> {
    return createOnce(async () => {
      const response = await this.transport.request({ method: 'POST', path: BASE, body: { webhook: { address: input.address, topic: input.topic } } });
      return isEmptyAnswer(response.body) ? undefined : await readSubscription(response.body);
    }, 'The subscription may have been made anyway.');
  }

  /** Every subscription, or those of one topic or address; next-page links are followed to the end. */
  async list(filter: SubscriptionFilter = {}): Promise<WebhookSubscription[]> {
    const { checkSubscriptionList } = await schemas();
    return readAllPages(this.transport, BASE, { topic: filter.topic, address: filter.address }, (body) => checkSubscriptionList(unwrap(body, 'webhooks', 'list')));
  }

  /** How many subscriptions there are, optionally of one topic or address: the digits as sent. */
  async count(filter: SubscriptionFilter = {}): Promise<string> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/count`, query: { topic: filter.topic, address: filter.address } });
    return parseCount(response.body);
  }

  /**
   * Changes the address or topic (or both) of a subscription; the store answers it as it now
   * is. Undefined when it answered without a body (the change was made; its form unknown).
   */
  async update(webhookId: string, change: SubscriptionChange): Promise<WebhookSubscription | undefined> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(webhookId)}`, body: { webhook: change } });
    if (isEmptyAnswer(response.body)) return undefined;
    return readSubscription(response.body);
  }

  async get(webhookId: string): Promise<WebhookSubscription> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(webhookId)}` });
    return readSubscription(response.body);
  }

  async delete(webhookId: string): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: `${BASE}/${segment(webhookId)}` });
  }
}

async function readSubscription(body: unknown): Promise<WebhookSubscription> {
  const { checkSubscription } = await schemas();
  return checkSubscription(unwrap(body, 'webhook', 'object'));
}
