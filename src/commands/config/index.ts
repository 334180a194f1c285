import type { Noun } from '../types.js';
import * as get from './get.js';
import * as list from './list.js';
import * as set from './set.js';
import * as unset from './unset.js';

export const config: Noun = {
  name: 'config',
  summary: 'Per-profile defaults: output format, page size, import concurrency, colour',
  verbs: [get, set, unset, list],
};
