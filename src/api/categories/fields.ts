// The top-level fields of a category, as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check.
export const CATEGORY_FIELDS = ['categoryId', 'categoryName', 'parentCategoryId'] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];
