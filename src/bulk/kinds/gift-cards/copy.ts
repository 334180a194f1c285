// What a gift card import's rehearsal copies: the cards of the store that end as a code of the
// file does (one search by last four characters each), and one that shows the store's currency
// when a row names one, as the rehearsal store's seed holds them, with whole codes (held in
// memory only).
import { randomInt } from 'node:crypto';
import type { Api } from '../../../api/index.js';
import type { GiftCard } from '../../../api/gift-cards/schema.js';
import { sameAmount, showsFullCode } from '../../../api/gift-cards/match.js';
import { scalarText } from '../../../core/json.js';
import { plural } from '../../../core/words.js';
import { eachAtMost, eachGroup, seedTime, type CopyPlan, type StoreCopy } from '../../engine/store-copy.js';
import { giftCardKind } from './kind.js';
import type { GiftCardRow } from './rows.js';

/** A card of the copy, with the whole code the copy gives it. */
type CopiedCard = GiftCard & { code: string };

/** Letters and digits a made-up code is drawn from. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code no row names, ending as `last` does: a card of a store that masks codes keeps its last four characters in the copy. */
function madeUpCode(last: string, taken: ReadonlySet<string>): string {
  for (;;) {
    let head = '';
    for (let i = 0; i < 12; i++) head += ALPHABET[randomInt(ALPHABET.length)];
    const code = `${head}${last}`;
    if (!taken.has(code.toLowerCase())) return code;
  }
}

const lastOf = (card: GiftCard) => (card.lastCharacters ?? card.code?.slice(-4) ?? '').toLowerCase();

/**
 * The cards of the store that end as a code of the file does. A store that shows whole codes
 * says which holds each code: those are copied. One that masks them does not say, and may
 * refuse any code of the file as taken: each code goes to a card ending as it does (one made
 * alike, with the row's initial value and its customer, first), so the copy refuses what the
 * store may refuse, and the import judges the card as it would after a refused create. Other
 * cards keep their last four characters under made-up codes, so the copy's searches find
 * what the store's do. (A code taken for sure is a rejection the real run could meet: the
 * rehearsal errs on the side of saying so; docs/decisions.md, "Rehearsal".)
 */
export async function copyGiftCards(plan: CopyPlan, api: Api): Promise<StoreCopy> {
  const rows = new Map<string, GiftCardRow>();
  let namesCurrency = false;
  await eachGroup(plan, giftCardKind(api.giftCards, undefined, new Map()), (group) => {
    for (const row of group.rows) {
      namesCurrency ||= row.currency !== undefined;
      if (row.code !== undefined) rows.set(row.code.toLowerCase(), row);
    }
  });
  const lasts = [...new Set([...rows.keys()].map((code) => code.slice(-4)))];
  const read: GiftCard[] = [];
  await eachAtMost(lasts, plan.concurrency, async (last) => {
    read.push(...(await api.giftCards.cardsEndingIn(last)));
  });
  // A row that names a currency is checked against the store's, which the import reads from its first cards: one comes along.
  let witness: GiftCard | undefined;
  if (namesCurrency) {
    for await (const page of api.giftCards.everyCard()) {
      witness = page.find((card) => typeof card.currency === 'string');
      break;
    }
  }
  const cards = cardsOfCopy(witness ? [...read, witness] : read, rows, witness);
  const shown = read.some(showsFullCode);
  const currency = read.find((card) => typeof card.currency === 'string')?.currency?.toUpperCase();
  return {
    seed: { giftCards: cards.map(cardSeed) },
    ...(read.length > 0 ? { codesInReads: shown ? ('shown' as const) : ('masked' as const) } : {}),
    ...(currency !== undefined ? { currency } : {}),
    described: `the store's cards ending as the ${plural(rows.size, 'code')} of the file do (${cards.length} copied)`,
  };
}

function cardsOfCopy(read: readonly GiftCard[], rows: ReadonlyMap<string, GiftCardRow>, witness: GiftCard | undefined): CopiedCard[] {
  const copied = new Map<string, CopiedCard>();
  const masked: GiftCard[] = [];
  for (const card of read) {
    const id = scalarText(card.id);
    if (copied.has(id) || masked.some((other) => scalarText(other.id) === id)) continue;
    if (!showsFullCode(card)) masked.push(card);
    // Another whole code ending alike plays no part in the import's choices: only holders are copied (and the currency's witness).
    else if (rows.has(card.code!.toLowerCase()) || card === witness) copied.set(id, { ...card, code: card.code! });
  }
  const holders = new Set<GiftCard>();
  for (const [code, row] of rows) {
    const ending = masked.filter((card) => !holders.has(card) && lastOf(card) !== '' && code.endsWith(lastOf(card)));
    const holder = ending.find((card) => madeAlike(card, row)) ?? ending[0];
    if (holder === undefined) continue;
    holders.add(holder);
    copied.set(scalarText(holder.id), { ...holder, code: row.code! });
  }
  const taken = new Set(rows.keys());
  for (const card of masked) if (!holders.has(card)) copied.set(scalarText(card.id), { ...card, code: madeUpCode(lastOf(card), taken) });
  return [...copied.values()];
}

function madeAlike(card: GiftCard, row: GiftCardRow): boolean {
  if (card.initialValue === undefined || !sameAmount(scalarText(card.initialValue), row.initialValue)) return false;
  return row.customerId === undefined || (card.customerId !== undefined && card.customerId !== null && scalarText(card.customerId) === row.customerId);
}

/** A card of the copy as the seed's giftCards section holds it. */
function cardSeed(card: CopiedCard): object {
  const text = (value: unknown) => (value === undefined || value === null ? undefined : scalarText(value));
  const initialValue = text(card.initialValue) ?? '0';
  const fields = {
    id: scalarText(card.id),
    code: card.code,
    initialValue,
    balance: text(card.balance) ?? initialValue,
    customerId: text(card.customerId),
    currency: typeof card.currency === 'string' ? card.currency.toUpperCase() : undefined,
    note: card.note ?? undefined,
    expireTime: card.expireTime ? card.expireTime.slice(0, 10) : null,
    disableTime: card.disableTime ? seedTime(card.disableTime) : undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
