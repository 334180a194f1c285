// The top-level fields of a customer, as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check. `withheld` is store-cli's: the
// protected fields the token may not read (withheld.ts).
export const CUSTOMER_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phone',
  'state',
  'verifiedEmail',
  'notes',
  'tags',
  'taxExempt',
  'taxExemptions',
  'addresses',
  'ordersCount',
  'totalSpent',
  'emailMarketingConsent',
  'smsMarketingConsent',
  'createTime',
  'updateTime',
  'withheld',
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
