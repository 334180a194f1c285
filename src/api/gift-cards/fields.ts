// The top-level fields of a gift card, as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check.
export const GIFT_CARD_FIELDS = [
  'id',
  'code',
  'lastCharacters',
  'balance',
  'initialValue',
  'currency',
  'customerId',
  'orderId',
  'lineItemId',
  'note',
  'disableTime',
  'expireTime',
  'createTime',
  'updateTime',
  'userId',
] as const;
export type GiftCardField = (typeof GIFT_CARD_FIELDS)[number];
