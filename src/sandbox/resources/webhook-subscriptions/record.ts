// A webhook subscription (`/app/webhooks`, spec/real-store-notes.md), described once: an address
// and a topic, kept like every other record (data file and journal) by the record table, which
// makes its routes, bodies, wire form, listing (filtered by topic and address) and seed
// section. What the table cannot say is in routes.ts. The demo set holds none.
import { choiceFilter } from '../pagination.js';
import { choice, createTime, kept, text, updateTime, type FieldKind } from '../record-fields.js';
import { recordTable, type TableRecord } from '../record-table.js';
import { isHttpUrl } from '../text.js';
import * as z from 'zod';
import { MAX_ADDRESS_LENGTH, SUBSCRIPTION_TOPICS, subscriptionTopics } from './topics.js';

/** The scopes its routes require, in the order a token's grant lists them (the service's app scopes). */
export const SCOPES = ['read_apps', 'write_apps'] as const;

const FORMAT_RULE = 'must be json (the only format deliveries have)';

/** Deliveries are JSON: a body may say so, and nothing else. */
const format: FieldKind<'json', false> = {
  ...kept(z.literal('json', { error: FORMAT_RULE }), 'json'),
  read(value, at, errors) {
    if (value === 'json') return 'json';
    errors.add(at, FORMAT_RULE);
    return undefined;
  },
};

/** The service's samples write subscription times with an offset, as webhook times are. */
const offsetTime = (kind: FieldKind<string, false>): FieldKind<string, false> => ({
  ...kind,
  present: (value, env) => env.dialect.webhookTime(new Date(value)),
});

export const subscriptionTable = recordTable({
  key: 'webhooks',
  wrap: { one: 'webhook', many: 'webhooks' },
  noun: 'webhook subscription',
  fields: {
    address: text({ max: MAX_ADDRESS_LENGTH, required: true, rule: { test: isHttpUrl, message: 'must be an absolute http or https URL' } }),
    // A seed or a data file may hold any of the list; a request, those its dialect takes.
    topic: choice(SUBSCRIPTION_TOPICS, { required: true, accepted: (env) => subscriptionTopics(env.dialect.ordersDeleteTopic) }),
    format,
    createTime: offsetTime(createTime()),
    updateTime: offsetTime(updateTime()),
  },
  routes: { path: '/app/webhooks', create: true, list: true, count: true, get: true, update: true, delete: true },
  scopes: { read: ['read_apps', 'write_apps'], write: 'write_apps' },
  filters: [
    choiceFilter('topic', SUBSCRIPTION_TOPICS, (record: { topic: string }) => record.topic),
    { name: 'address', keep: (record: { address: string }, address) => record.address === address },
  ],
  check(subscriptions, report) {
    const subscribed = new Map<string, number>();
    subscriptions.forEach((subscription, index) => {
      const key = `${subscription.topic} ${subscription.address}`;
      const same = subscribed.get(key);
      if (same !== undefined) report(index, 'address', `is subscribed to ${subscription.topic} by webhooks[${same}] too`);
      subscribed.set(key, index);
    });
  },
});

export type SubscriptionRecord = TableRecord<typeof subscriptionTable>;
