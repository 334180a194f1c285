// The columns of a metafield listing, by name, in the order scripts `cut` them: declared
// here, light, so that list's --help names them and view.ts builds them from one list.
export const METAFIELD_LIST_COLUMNS = ['namespace', 'code', 'fieldType', 'value'] as const;

export type MetafieldListColumn = (typeof METAFIELD_LIST_COLUMNS)[number];
