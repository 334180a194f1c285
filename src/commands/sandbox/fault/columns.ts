// The columns of a running sandbox's fault rules, by name, in the order scripts `cut` them.
// The verbs declare them at start-up (--help lists them, --columns checks against them), so
// this module imports nothing; view.ts renders them when a command prints. Not in view.ts:
// the verbs load their view lazily too, so there each view would be one more chunk that
// every command loads at start-up (docs/development.md).

/** A running sandbox's targeted fault rules (`sandbox fault list`), in their order. */
export const SANDBOX_FAULT_COLUMNS = ['id', 'method', 'path', 'status', 'probability', 'latencyMs'] as const;
export type SandboxFaultColumn = (typeof SANDBOX_FAULT_COLUMNS)[number];
