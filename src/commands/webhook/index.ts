import type { Noun } from '../types.js';
import listen from './listen.js';
import resend from './resend.js';
import { subscription } from './subscription/index.js';
import subscribe from './subscribe.js';
import subscriptions from './subscriptions.js';
import trigger from './trigger.js';
import unsubscribe from './unsubscribe.js';

export const webhook: Noun = {
  name: 'webhook',
  summary: "Receive webhook deliveries locally (either header family), send signed sample events to a handler or resend logged ones, or manage the store's subscriptions",
  verbs: [listen, trigger, resend, subscribe, subscriptions, unsubscribe],
  nouns: [subscription],
};
