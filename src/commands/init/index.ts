// The `init` noun: this folder's store.toml written from the saved profiles (init.ts).
import type { Noun } from '../types.js';
import init from './init.js';

// `init` has no verbs: the noun itself is the command, as `version` is.
export const initNoun: Noun = {
  name: 'init',
  summary: "Write this folder's store.toml from the saved profiles: one environment each, no tokens",
  verbs: [],
  action: init,
};
