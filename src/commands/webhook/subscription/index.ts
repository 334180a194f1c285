import type { Noun } from '../../types.js';
import count from './count.js';
import update from './update.js';

export const subscription: Noun = {
  name: 'subscription',
  summary: "Change a webhook subscription's address or topic, or count the store's subscriptions",
  verbs: [update, count],
};
