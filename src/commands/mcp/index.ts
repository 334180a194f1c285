// The `mcp` noun: the MCP server for agents (mcp.ts). Its tools come from the whole command
// tree, so cli.ts loads every noun for it (it has no entry in noun-loaders.ts).
import type { Noun } from '../types.js';
import approve from './approve.js';
import mcp from './mcp.js';
import plans from './plans.js';

// The noun itself serves; `mcp approve` and `mcp plans` are a person's, in their own terminal.
export const mcpNoun: Noun = {
  name: 'mcp',
  summary:
    "Serve the store's commands as tools to an agent's MCP client (stdio, or loopback HTTP); a write is a plan until you approve it or your policy allows it",
  verbs: [approve, plans],
  action: mcp,
};
