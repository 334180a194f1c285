// The gift card statuses (the spec's search filter) and how a card's status follows from
// its fields. Free of the schema library, so `search --help` can list the choices.

export const GIFT_CARD_STATUSES = ['enabled', 'disabled', 'expired'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** DESIGN: disabled once disableTime is set; expired when expireTime is a past date. */
export function giftCardStatus(card: { disableTime?: string | null; expireTime?: string | null }, today: string): GiftCardStatus {
  if (card.disableTime) return 'disabled';
  if (card.expireTime && card.expireTime.slice(0, 10) < today) return 'expired';
  return 'enabled';
}
