// The columns of gift card listings, by name, in the order scripts `cut` them.
// The verbs declare them at start-up (--help lists them, --columns checks against them), so
// this module imports nothing; view.ts renders them when a command prints. Not in view.ts:
// the verbs load their view lazily too, so there each view would be one more chunk that
// every command loads at start-up (docs/development.md).

/** The columns of `giftcard search`, in the order scripts `cut` them (search declares them for --columns and --help). */
export const GIFT_CARD_LIST_COLUMNS = ['id', 'lastCharacters', 'balance', 'currency', 'status', 'expireTime', 'customerId', 'note'] as const;
export type GiftCardListColumn = (typeof GIFT_CARD_LIST_COLUMNS)[number];
