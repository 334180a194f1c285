// The columns of a category listing, by name, in the order scripts `cut` them: declared
// here, light, so that search's --help names them and the view builds them from one list.
export const CATEGORY_LIST_COLUMNS = ['categoryId', 'categoryName', 'parentCategoryId', 'path'] as const;

export type CategoryListColumn = (typeof CATEGORY_LIST_COLUMNS)[number];
