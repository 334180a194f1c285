// The `runs` noun: the listing of the journals writing imports and applied MCP plans keep for `store-cli undo`
// (runs.ts).
import type { Noun } from '../types.js';
import runs from './runs.js';

// `runs` has no verbs: the noun itself is the command.
export const runsNoun: Noun = {
  name: 'runs',
  summary: 'List the recent writing imports and applied MCP plans kept for undo (30 days): run id, command, file, store, counts',
  verbs: [],
  action: runs,
};
