// Listing subscriptions: filters by topic and address over the shared pager, by id.
import { byId, choiceFilter, type Listing } from '../pagination.js';
import type { SubscriptionRecord } from './record.js';
import { SUBSCRIPTION_TOPICS } from './topics.js';

export const LISTING: Listing<SubscriptionRecord> = {
  path: '/api/202412/app/webhooks',
  order: byId((record) => record.id),
  sinceId: true,
  filters: [choiceFilter('topic', SUBSCRIPTION_TOPICS, (record) => record.topic), { name: 'address', keep: (record, address) => record.address === address }],
};
