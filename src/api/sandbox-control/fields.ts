// The fields of a running sandbox's fault rules and request log entries, as --json selects
// them. Imports nothing: a verb declares its fields at start-up, on the --help path.
// fault-schema.ts and log-schema.ts hold these lists to their schemas: a field added to one
// and not the other fails the type check.

/** A targeted fault rule (`sandbox fault add|list|remove`). */
export const SANDBOX_FAULT_FIELDS = ['id', 'rule', 'method', 'path', 'status', 'probability', 'latencyMs'] as const;
export type SandboxFaultField = (typeof SANDBOX_FAULT_FIELDS)[number];

/** A request log entry (`sandbox logs`). */
export const SANDBOX_LOG_FIELDS = [
  'seq',
  'time',
  'kind',
  'method',
  'path',
  'query',
  'status',
  'ms',
  'tokenLast4',
  'topic',
  'webhookId',
  'attempt',
  'outcome',
  'error',
] as const;
export type SandboxLogField = (typeof SANDBOX_LOG_FIELDS)[number];
