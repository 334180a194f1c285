import type { Noun } from '../types.js';
import * as listen from './listen.js';
import * as resend from './resend.js';
import * as trigger from './trigger.js';

export const webhook: Noun = {
  name: 'webhook',
  summary: 'receive product webhook deliveries locally, or send signed sample events to a handler',
  verbs: [listen, trigger, resend],
};
