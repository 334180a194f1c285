// The top-level fields of a metafield definition (real-store-notes.md; spec 2.2 plus pinned), as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check.
export const METAFIELD_DEFINITION_FIELDS = ['namespace', 'code', 'definitionName', 'fieldType', 'multi', 'description', 'optionMap', 'schemaRule', 'pinned'] as const;
export type MetafieldDefinitionField = (typeof METAFIELD_DEFINITION_FIELDS)[number];
