// The top-level fields of a location, as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check.
export const LOCATION_FIELDS = ['locationId', 'name', 'address1', 'address2', 'city', 'province', 'country', 'zip', 'phone', 'createTime', 'updateTime'] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];
