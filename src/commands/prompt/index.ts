// The `prompt` noun: the active target for a shell prompt, from local files alone (prompt.ts).
import type { Noun } from '../types.js';
import prompt from './prompt.js';

// `prompt` has no verbs: the noun itself is the command, as `version` is.
export const promptNoun: Noun = {
  name: 'prompt',
  summary: 'Print the active target for a shell prompt ({env}@{domain}), from store.toml and the saved profiles alone: no request',
  verbs: [],
  action: prompt,
};
