import type { Noun } from '../types.js';
import * as listen from './listen.js';
import * as resend from './resend.js';
import { subscription } from './subscription/index.js';
import * as subscribe from './subscribe.js';
import * as subscriptions from './subscriptions.js';
import * as trigger from './trigger.js';
import * as unsubscribe from './unsubscribe.js';

export const webhook: Noun = {
  name: 'webhook',
  summary: "Receive webhook deliveries locally (either header family), send signed sample events to a handler or resend logged ones, or manage the store's subscriptions",
  verbs: [listen, trigger, resend, subscribe, subscriptions, unsubscribe],
  nouns: [subscription],
};
