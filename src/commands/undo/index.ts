// The `undo` noun: putting back what a writing import changed, from the journal it kept
// (undo.ts).
import type { Noun } from '../types.js';
import undo from './undo.js';

// `undo` has no verbs: the noun itself is the command.
export const undoNoun: Noun = {
  name: 'undo',
  summary: 'Put back what a writing import or an applied MCP plan changed, from its journal (store-cli runs lists them): planned, asked, paced, resumable',
  verbs: [],
  action: undo,
};
