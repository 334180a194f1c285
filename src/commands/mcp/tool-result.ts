// A tool call's answer: text (and structuredContent, for a tool with an output schema), or a
// refusal the model reads (isError), as MCP has a tool report its own failures.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function text(body: string, structuredContent?: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: body }], ...(structuredContent ? { structuredContent } : {}) };
}

export function refused(reason: string): CallToolResult {
  return { content: [{ type: 'text', text: reason }], isError: true };
}
