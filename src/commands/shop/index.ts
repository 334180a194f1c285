import type { Noun } from '../types.js';
import info from './info.js';

export const shop: Noun = {
  name: 'shop',
  summary: 'Show the shop a token belongs to',
  verbs: [info],
};
