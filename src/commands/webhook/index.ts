// The `webhook` noun: deliveries received locally (`listen`), sample events sent and logged ones
// sent again (`trigger`, `resend`), and the store's subscriptions, as verbs and as the
// `subscription` noun (subscription/index.ts).
import type { Noun } from '../types.js';
import listen from './listen.js';
import resend from './resend.js';
import { subscribe, subscription, subscriptions, unsubscribe } from './subscription/index.js';
import trigger from './trigger.js';

export const webhook: Noun = {
  name: 'webhook',
  summary:
    'Receive webhook deliveries locally (either header family), ' +
    "send signed sample events to a handler or resend logged ones, or manage the store's subscriptions",
  verbs: [listen, trigger, resend, subscribe, subscriptions, unsubscribe],
  nouns: [subscription],
};
