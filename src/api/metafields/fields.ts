// The top-level fields of a metafield value, as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check.
export const METAFIELD_FIELDS = ['namespace', 'code', 'fieldType', 'value', 'definitionName', 'description', 'bizResource', 'bizId'] as const;
export type MetafieldField = (typeof METAFIELD_FIELDS)[number];
/** A metafield value as written (set) or removed (delete). */
export const METAFIELD_INPUT_FIELDS = ['namespace', 'code', 'value'] as const;
export type MetafieldInputField = (typeof METAFIELD_INPUT_FIELDS)[number];
