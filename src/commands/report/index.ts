// The `report` noun: work on the --report files of bulk runs after the fact; one verb, `merge`,
// which adds the shards of one run into one report for a fan-in job.
import type { Noun } from '../types.js';
import merge from './merge.js';

export const report: Noun = {
  name: 'report',
  summary: 'Work with the reports of bulk runs (--report): add the shards of one run into one',
  verbs: [merge],
};
