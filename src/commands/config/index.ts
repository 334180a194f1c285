// The `config` noun: the defaults each profile keeps in the config file (core/defaults.ts holds
// the keys, what each accepts and its built-in value); each verb acts on the profile in use.
import type { Noun } from '../types.js';
import get from './get.js';
import list from './list.js';
import set from './set.js';
import unset from './unset.js';

export const config: Noun = {
  name: 'config',
  summary: 'Per-profile defaults: output format, page size, import concurrency, colour',
  verbs: [get, set, unset, list],
};
