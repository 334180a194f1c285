import type { Noun } from '../../types.js';
import * as count from './count.js';
import * as update from './update.js';

export const subscription: Noun = {
  name: 'subscription',
  summary: "Change a webhook subscription's address or topic, or count the store's subscriptions",
  verbs: [update, count],
};
