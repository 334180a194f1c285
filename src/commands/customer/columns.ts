// The columns of customer listings (list and search show the same), by name, in the order
// scripts `cut` them. Imports nothing: the verbs declare them at start-up; view.ts renders them.
export const CUSTOMER_LIST_COLUMNS = ['id', 'firstName', 'lastName', 'email', 'phone', 'state', 'ordersCount', 'totalSpent', 'tags'] as const;
export type CustomerListColumn = (typeof CUSTOMER_LIST_COLUMNS)[number];
