// A webhook subscription as the sandbox stores it (`/app/webhooks`, spec/real-store-notes.md):
// an address and a topic, kept like every other resource (data file and journal).
import * as z from 'zod';
import { isTimestamp } from '../dates.js';
import { isHttpUrl } from '../text.js';
import { ID_PATTERN } from '../../state/ids.js';
import { SUBSCRIPTION_TOPICS } from './topics.js';

/** The resource's key: its section in the data file, the journal and a seed. */
export const KEY = 'webhooks';

export const subscriptionRecordSchema = z.strictObject({
  id: z.string().regex(ID_PATTERN),
  address: z.string().refine(isHttpUrl, 'must be an absolute http or https URL'),
  topic: z.string().refine((topic) => SUBSCRIPTION_TOPICS.includes(topic), `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}`),
  format: z.literal('json'),
  createTime: z.string().refine(isTimestamp),
  updateTime: z.string().refine(isTimestamp),
});

export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;

/** A journaled change: the subscription as it now is, or the id of one deleted. */
export const changeSchema = z.union([z.strictObject({ put: subscriptionRecordSchema }), z.strictObject({ remove: z.string().regex(ID_PATTERN) })]);
