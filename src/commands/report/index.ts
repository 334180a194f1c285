import type { Noun } from '../types.js';
import merge from './merge.js';

export const report: Noun = {
  name: 'report',
  summary: 'Work with the reports of bulk runs (--report): add the shards of one run into one',
  verbs: [merge],
};
