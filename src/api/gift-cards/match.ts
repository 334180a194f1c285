// Which card holds a code the store refused as taken, and whether it is the card a create
// asked for. Pure, so the rules are unit-tested without a store.
//
// How sure is sure enough: the store answered "this code is taken", so exactly one card holds
// it. A read shows that card when the store returns full codes in reads (compared ignoring
// case, as the store compares them), or, where reads mask codes (the sandbox does, and a real
// store may), when it is the ONLY card whose code ends in those four characters. Two cards
// ending alike cannot be told apart, and a guess could show the wrong card: no answer then.
// The card found must also carry what the create asked for (initial value, customer, note,
// expiry); a card with other values is someone else's.
import { scalarText } from '../../core/json.js';
import type { GiftCard, GiftCardCreate } from './schema.js';

export type CodeHolder =
  | { kind: 'asked'; card: GiftCard }
  /** The code's card exists but carries other values: not the card this create asked for. */
  | { kind: 'different'; card: GiftCard }
  /** The candidates do not show which card holds the code. */
  | { kind: 'unknown' };

/** `candidates`: the cards whose code ends in the code's last four characters, unmasked as read. */
export function findCodeHolder(input: GiftCardCreate, candidates: readonly GiftCard[]): CodeHolder {
  const code = input.code.toLowerCase();
  const byFullCode = candidates.find((card) => card.code?.toLowerCase() === code);
  const holder = byFullCode ?? (candidates.length === 1 && !showsFullCode(candidates[0]!) ? candidates[0] : undefined);
  if (holder === undefined) return { kind: 'unknown' };
  return carriesWhatWasAsked(holder, input) ? { kind: 'asked', card: holder } : { kind: 'different', card: holder };
}

/** A code in a read is masked when it has a mask character or is only the last characters. */
export function showsFullCode(card: GiftCard): boolean {
  const code = card.code;
  return code !== undefined && code.length > 4 && !/[*•]/.test(code);
}

export function carriesWhatWasAsked(card: GiftCard, input: GiftCardCreate): boolean {
  if (card.initialValue === undefined || !sameAmount(scalarText(card.initialValue), input.initialValue)) return false;
  if (input.customerId !== undefined && (card.customerId === undefined || card.customerId === null || scalarText(card.customerId) !== input.customerId))
    return false;
  if ((card.note ?? '') !== (input.note ?? '')) return false;
  const expiry = card.expireTime ? card.expireTime.slice(0, 10) : undefined;
  return expiry === input.expireTime;
}

/** Decimal strings compared as amounts ("50" equals "50.00"), without floating point. */
export function sameAmount(a: string, b: string): boolean {
  return canonicalAmount(a) === canonicalAmount(b);
}

function canonicalAmount(text: string): string {
  const [whole = '', fraction = ''] = text.trim().split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const cents = fraction.replace(/0+$/, '');
  return cents === '' ? digits : `${digits}.${cents}`;
}
