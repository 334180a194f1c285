import type { Noun } from '../../types.js';
import * as count from './count.js';
import * as update from './update.js';

export const subscription: Noun = {
  name: 'subscription',
  summary: 'one webhook subscription of the store: change its address or topic; count them',
  verbs: [update, count],
};
