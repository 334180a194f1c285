// The columns of a gift card listing, by name, in the order scripts `cut` them: declared
// here, light, so that search's --help lists them and view.ts builds them from one list.
export const GIFT_CARD_LIST_COLUMNS = ['id', 'lastCharacters', 'balance', 'currency', 'status', 'expireTime', 'customerId', 'note'] as const;

export type GiftCardListColumn = (typeof GIFT_CARD_LIST_COLUMNS)[number];
