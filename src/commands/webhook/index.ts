import type { Noun } from '../types.js';
import listen from './listen.js';
import resend from './resend.js';
import { subscribe, subscription, subscriptions, unsubscribe } from './subscription/index.js';
import trigger from './trigger.js';

export const webhook: Noun = {
  name: 'webhook',
  summary:
    "Receive webhook deliveries locally (either header family), send signed sample events to a handler or resend logged ones, or manage the store's subscriptions",
  verbs: [listen, trigger, resend, subscribe, subscriptions, unsubscribe],
  nouns: [subscription],
};
