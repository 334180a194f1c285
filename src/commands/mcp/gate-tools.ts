// The gate's own tools, beside the store's: apply_plan (send a plan once it may go),
// plan_batch (several write tool calls as one plan: one approval, one run, one undo) and
// undo_run (the undo of a run, planned like any write). None takes an argument that stands for
// approval: no `approved`, no `confirm`.
import type { ServedTool, ToolDefinition } from './tools.js';

const PLAN_ID = { type: 'string', description: 'the planId a write tool answered with' };

export const APPLY_PLAN: ToolDefinition = {
  name: 'apply_plan',
  description:
    'Send the requests of a plan a write tool gave, once: after a person approved it in their own terminal (store-cli mcp approve PLAN-ID), ' +
    "or when the server's policy or its sandbox lets it go. No argument stands for approval.",
  inputSchema: { type: 'object', properties: { planId: PLAN_ID }, required: ['planId'], additionalProperties: false },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
};

export const PLAN_BATCH: ToolDefinition = {
  name: 'plan_batch',
  description:
    'Plan several write tool calls as one plan (one approval, one run, one undo): each step is {tool, arguments} as that tool takes them. Sends nothing.',
  inputSchema: {
    type: 'object',
    properties: {
      steps: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { tool: { type: 'string' }, arguments: { type: 'object' } },
          required: ['tool'],
          additionalProperties: false,
        },
      },
    },
    required: ['steps'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
};

export const UNDO_RUN: ToolDefinition = {
  name: 'undo_run',
  description:
    "Plan the undo of a run (an applied plan's runId, or an import's): what it would put back, key by key. " +
    'Sends nothing; apply_plan sends it under the same gate.',
  inputSchema: {
    type: 'object',
    properties: { runId: { type: 'string', description: 'the run id apply_plan answered with (store-cli runs lists them)' } },
    required: ['runId'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
};

/** The gate's tools as the server serves them (the `plans` toolset: with any write tool). */
export const GATE_TOOLS: readonly ServedTool[] = [APPLY_PLAN, PLAN_BATCH, UNDO_RUN].map((definition) => ({ definition, toolset: 'plans', write: true }));
