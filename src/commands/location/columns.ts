// The columns of `location list`, by name, in the order scripts `cut` them. The verb declares
// them at start-up, so this module imports nothing; view.ts renders them (apart from the verb's
// file: the view imports their type, and a verb importing its view back would be a cycle).
export const LOCATION_LIST_COLUMNS = ['locationId', 'name', 'city', 'country'] as const;
export type LocationListColumn = (typeof LOCATION_LIST_COLUMNS)[number];
