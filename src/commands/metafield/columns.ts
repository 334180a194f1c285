// The columns of metafield value listings, by name, in the order scripts `cut` them.
// The verbs declare them at start-up (--help lists them, --columns checks against them), so
// this module imports nothing; view.ts renders them when a command prints. Not in view.ts:
// the verbs load their view lazily too, so there each view would be one more chunk that
// every command loads at start-up (docs/development.md).

/** The columns of `metafield list`, in their order. */
export const METAFIELD_LIST_COLUMNS = ['namespace', 'code', 'fieldType', 'value'] as const;
export type MetafieldListColumn = (typeof METAFIELD_LIST_COLUMNS)[number];
