// A gift card as the store answers it: ids as JsonIntegers, times in the dialect's form, the code
// masked unless the card was just created or the sandbox shows codes in reads.
import { JsonInteger } from '../../http/body-json.js';
import { lastCharactersOf, maskCode, type GiftCardRecord } from './record.js';

/** The wire form (times as the dialect writes them); the full code only when the caller has just created the card. */
export function present(card: GiftCardRecord, time: (stored: string) => string, revealCode = false): Record<string, unknown> {
  return {
    id: new JsonInteger(card.id),
    code: revealCode ? card.code : maskCode(card.code),
    lastCharacters: lastCharactersOf(card.code),
    balance: card.balance,
    initialValue: card.initialValue,
    customerId: new JsonInteger(card.customerId),
    orderId: card.orderId === undefined ? undefined : new JsonInteger(card.orderId),
    lineItemId: card.lineItemId === undefined ? undefined : new JsonInteger(card.lineItemId),
    currency: card.currency,
    note: card.note,
    disableTime: card.disableTime === undefined ? undefined : time(card.disableTime),
    expireTime: card.expireTime,
    createTime: time(card.createTime),
    updateTime: time(card.updateTime),
    userId: new JsonInteger(card.userId),
  };
}
