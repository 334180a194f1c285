// The webhook subscriptions' section of a seed (`/app/webhooks`): the times default to when the
// seed is loaded. The demo set holds none.
import * as z from 'zod';
import { isTimestamp } from '../dates.js';
import { seedSection } from '../resource.js';
import { isHttpUrl } from '../text.js';
import { ID_PATTERN } from '../../state/ids.js';
import { KEY } from './record.js';
import { MAX_ADDRESS_LENGTH, SUBSCRIPTION_TOPICS } from './topics.js';

const timestamp = z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z');

const seedSubscriptionSchema = z.strictObject({
  id: z.string({ error: 'must be a decimal id as a JSON string' }).regex(ID_PATTERN, 'must be a decimal id without leading zeros'),
  address: z
    .string({ error: 'must be an absolute http or https URL' })
    .refine(isHttpUrl, 'must be an absolute http or https URL')
    .refine((address) => address.length <= MAX_ADDRESS_LENGTH, `must be at most ${MAX_ADDRESS_LENGTH} characters`),
  topic: z.string({ error: `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}` }).refine((topic) => SUBSCRIPTION_TOPICS.includes(topic), `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}`),
  format: z.literal('json', { error: 'must be json (the only format deliveries have)' }).default('json'),
  createTime: timestamp.optional(),
  updateTime: timestamp.optional(),
});

type SeedSubscription = z.output<typeof seedSubscriptionSchema>;

/** A seed's subscription with its times: what the resource stores. */
export type FilledSubscription = Required<SeedSubscription>;

export const subscriptionSeed = seedSection({
  key: KEY,
  schema: z.array(seedSubscriptionSchema).default([]),
  check(seed: { webhooks: SeedSubscription[] }, report) {
    const subscriptionIds = new Map<string, number>();
    const subscribed = new Map<string, number>();
    seed.webhooks.forEach((subscription, index) => {
      const sameId = subscriptionIds.get(subscription.id);
      if (sameId !== undefined) report(['webhooks', index, 'id'], `is the id of webhooks[${sameId}] too`);
      subscriptionIds.set(subscription.id, index);
      const key = `${subscription.topic} ${subscription.address}`;
      const same = subscribed.get(key);
      if (same !== undefined) report(['webhooks', index, 'address'], `is subscribed to ${subscription.topic} by webhooks[${same}] too`);
      subscribed.set(key, index);
    });
  },
  fill: (subscriptions, { stamp }): FilledSubscription[] =>
    subscriptions.map((subscription) => {
      const createTime = subscription.createTime ?? stamp;
      return { ...subscription, createTime, updateTime: subscription.updateTime ?? createTime };
    }),
});
