// How webhook subscriptions read in a table or TSV; --json shows them as the store sent them.
import type { WebhookSubscription } from '../../../api/webhook-subscriptions/schema.js';
import { scalarText } from '../../../core/json.js';
import { listView, type Column, type View } from '../../../core/output.js';
import type { WebhookSubscriptionListColumn } from './columns.js';

const text = (field: keyof WebhookSubscription) => (subscription: WebhookSubscription) => scalarText(subscription[field]);

const columns: Record<WebhookSubscriptionListColumn, Column<WebhookSubscription>> = {
  id: { header: 'ID', value: text('id') },
  topic: { header: 'TOPIC', value: text('topic') },
  address: { header: 'ADDRESS', value: text('address'), shrinkable: true },
  createTime: { header: 'CREATED', value: text('createTime') },
};

/** A listing, in the column order `webhook subscriptions` declares (WEBHOOK_SUBSCRIPTION_LIST_COLUMNS). */
export function subscriptionListView(order: readonly WebhookSubscriptionListColumn[]): View<WebhookSubscription> {
  return listView(columns, order, ['createTime']);
}

/** One subscription, field by field. */
export const subscriptionDetailView: View<WebhookSubscription> = {
  columns: [...Object.values(columns), { header: 'FORMAT', value: text('format') }, { header: 'UPDATED', value: text('updateTime') }],
};
