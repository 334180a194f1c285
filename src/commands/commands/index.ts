// The `commands` noun: the command manifest (commands.ts). Like completion, it reads the
// whole tree, so cli.ts loads every noun for it (it has no entry in noun-loaders.ts).
import type { Noun } from '../types.js';
import commands from './commands.js';

// `commands` has no verbs: the noun itself is the command.
export const commandsNoun: Noun = {
  name: 'commands',
  summary: 'List every command and what it does to a store, for agents and scripts; --json prints the manifest',
  verbs: [],
  action: commands,
};
