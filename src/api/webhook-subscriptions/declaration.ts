// Webhook subscriptions, declared: the service's `/app/webhooks` under the `webhook` wrapper
// (real-store-notes "Webhooks"; scopes read_apps, write_apps). The listing is read to its end
// (next-page links followed), its filters the topic and the address; a count has its endpoint.
import { isHttpUrl } from '../../core/target.js';
import { kind, restResource, type RecordOf } from '../rest-resource.js';

export const webhookSubscriptions = restResource({
  name: 'webhook subscription',
  path: '/app/webhooks',
  wrap: { item: 'webhook', list: 'webhooks' },
  paging: 'unpaged',
  count: 'endpoint',
  id: 'id',
  fields: {
    id: kind.id(),
    address: kind.pattern(isHttpUrl, 'an absolute http or https URL such as https://example.com/webhooks', { max: 2048, write: 'required' }),
    /** `noun/verb`; the commands check the form and warn of a topic the store does not document. */
    topic: kind.text({ notBlank: true, write: 'required' }),
    format: kind.asSent(),
    createTime: kind.timestamp(),
    updateTime: kind.timestamp(),
  },
  filters: ['topic', 'address'],
  // The store answers 201 with the subscription; a lost answer is not resent (`webhook subscriptions` shows whether it was made).
  createOnce: true,
});

export type WebhookSubscription = RecordOf<typeof webhookSubscriptions>;
