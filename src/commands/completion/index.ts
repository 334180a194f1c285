import type { Noun } from '../types.js';
import * as bash from './bash.js';
import * as fish from './fish.js';
import * as zsh from './zsh.js';

export const completion: Noun = {
  name: 'completion',
  summary: 'Print the shell completion script for bash, zsh or fish (also in completions/)',
  verbs: [bash, zsh, fish],
};
