// The fields of a sandbox request log entry, as `sandbox logs --json` selects them: zod-free,
// for the --help path. sandbox-log-api.ts holds its schema to this list.
export const SANDBOX_LOG_FIELDS = ['seq', 'time', 'kind', 'method', 'path', 'query', 'status', 'ms', 'tokenLast4', 'topic', 'webhookId', 'attempt', 'outcome', 'error'] as const;
