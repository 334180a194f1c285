// The `completion` noun: one verb a shell, each printing its script. The same scripts are checked
// in under completions/ (`npm run generate`), and a drift test keeps the two alike.
import type { Noun } from '../types.js';
import bash from './bash.js';
import fish from './fish.js';
import zsh from './zsh.js';

export const completion: Noun = {
  name: 'completion',
  summary: 'Print the shell completion script for bash, zsh or fish (also in completions/)',
  verbs: [bash, zsh, fish],
};
