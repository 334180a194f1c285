// Gift cards as a row kind of the import engine: one card a row, idempotent by code.
//
// Each card is created first (a fresh card costs one request; two when its balance differs
// from its initial value, as the store creates a card with its initial value). A code the
// store refuses as taken is looked up among the cards ending in its last four characters,
// and the card found is brought to the row: balance, note and expiry updated where they
// differ, disabled when the row says so, left alone otherwise.
//
// The look-up costs nothing when the store's cards were read beforehand, page after page
// (CardIndex, read when its pages cost at most INDEX_SHARE requests per row of the file):
// a re-run then costs the refused create only, or nothing at all when the store shows whole
// codes in reads (the index then says which codes exist, and no create is sent for them).
import type { GiftCardCreate, GiftCardUpdate, GiftCard } from '../../../api/gift-cards/schema.js';
import { sameAmount, showsFullCode } from '../../../api/gift-cards/match.js';
import { ApiError } from '../../../core/errors.js';
import { scalarText } from '../../../core/json.js';
import { pluralWord, stripPeriod } from '../../../core/words.js';
import { giftCardShardKey } from './preflight.js';
import {
  checkGiftCardRow,
  GIFT_CARD_COLUMNS,
  giftCardText,
  problemReason,
  readGiftCardHeader,
  type GiftCardLayout,
  type GiftCardRow,
  type GiftCardText,
} from './rows.js';
import type { RejectColumns } from '../../engine/rejects.js';
import type { Outcome, RowKind } from '../../engine/row-kind.js';

/** What the import needs of the store: GiftCardsApi, or a fake in unit tests. */
export interface GiftCardStore {
  count(): Promise<string>;
  everyCard(): AsyncGenerator<GiftCard[]>;
  cardsEndingIn(lastCharacters: string): Promise<GiftCard[]>;
  createOrTaken(input: GiftCardCreate): Promise<{ kind: 'created'; card: GiftCard | undefined } | { kind: 'taken'; afterLostAnswer: boolean }>;
  update(input: GiftCardUpdate): Promise<unknown>;
  disable(giftCardId: string): Promise<unknown>;
}

/** Index pages are read when they cost at most this many requests per row imported. */
export const INDEX_SHARE = 0.05;
const PAGE = 250;

/** The store's cards as read before the import, by the last four characters of their codes (lower case). */
export class CardIndex {
  private readonly byLast = new Map<string, GiftCard[]>();
  /** Some card came with its whole code: the store shows codes in reads. */
  showsCodes = false;
  /** The currency of the store's cards (the first one read). */
  currency: string | undefined;
  size = 0;
  pages = 0;

  add(card: GiftCard): void {
    const last = lastOf(card);
    if (last === undefined) return;
    const list = this.byLast.get(last);
    if (list) list.push(card);
    else this.byLast.set(last, [card]);
    this.showsCodes ||= showsFullCode(card);
    if (this.currency === undefined && typeof card.currency === 'string') this.currency = card.currency.toUpperCase();
    this.size += 1;
  }

  candidates(code: string): GiftCard[] {
    return this.byLast.get(code.slice(-4).toLowerCase()) ?? [];
  }
}

function lastOf(card: GiftCard): string | undefined {
  const last = card.lastCharacters ?? (card.code !== undefined && card.code.length >= 4 ? card.code.slice(-4) : undefined);
  return last?.toLowerCase();
}

/**
 * The store's cards, when reading them costs at most INDEX_SHARE requests per row (one
 * count, then pages of 250); undefined when the store holds too many for this file.
 */
export async function readIndex(store: GiftCardStore, rows: number): Promise<CardIndex | undefined> {
  const count = Number(await store.count());
  const pages = Math.ceil(count / PAGE);
  if (!Number.isFinite(pages) || pages > rows * INDEX_SHARE) return undefined;
  const index = new CardIndex();
  if (count === 0) return index;
  for await (const page of store.everyCard()) {
    index.pages += 1;
    for (const card of page) index.add(card);
  }
  return index;
}

/** A rejects file's columns: a gift card row's, the code masked to its last four characters. */
export const GIFT_CARD_REJECTS: RejectColumns<GiftCardText> = {
  names: GIFT_CARD_COLUMNS,
  cells: (text) => GIFT_CARD_COLUMNS.map((name) => (name === 'code' ? maskedCode(text.code) : text[name])),
};

export function maskedCode(code: string): string {
  return code === '' ? '' : `****${code.slice(-4)}`;
}

/** A card's fields an import sets, as the journal keeps them. */
export interface CardFields {
  balance: string;
  note: string;
  /** YYYY-MM-DD, or null: never expires. */
  expireTime: string | null;
}

/**
 * A card write, told before it is sent (and awaited: the run's journal makes it last first).
 * A create says what the run leaves the card holding (`after`, and `disables`), which undo
 * compares the card with before it disables it.
 */
export type CardWrite =
  | { op: 'create'; last4: string; initialValue: string; customerId?: string; after: CardFields; disables: boolean }
  | { op: 'update'; id: string; last4: string; before: CardFields; after: CardFields; disables: boolean };

/** The run's journal, as the gift card kind tells it: each write before it goes, and what a create gave. */
export interface CardWatch {
  before(write: CardWrite): Promise<void>;
  /**
   * Whether the create of the card ending in `last4` made it (not when the code was taken),
   * and its id when the store said; `unsure`: its answer was lost and the resend found the
   * code taken, so the lost attempt may have made it.
   */
  created(last4: string, made: boolean, id: string | undefined, unsure?: boolean): Promise<void>;
}

const CREATED: Outcome = { kind: 'created' };
/** Plans of one row's writes: the first, and fresh ones after conflicts (a card that keeps changing fails the row). */
const MAX_PLANS = 3;
const UPDATED: Outcome = { kind: 'updated' };
const UNCHANGED: Outcome = { kind: 'unchanged' };
const reject = (reason: string): Outcome => ({ kind: 'rejected', reason });

type Found =
  | { kind: 'card'; card: GiftCard }
  | { kind: 'none' }
  | { kind: 'unchanged' }
  | { kind: 'clash'; initialValue?: string }
  | { kind: 'ambiguous'; count: number };

/** `generated`: codes made for rows without one (by line); `index`: the store's cards, if read. */
export function giftCardKind(
  store: GiftCardStore,
  index: CardIndex | undefined,
  generated: ReadonlyMap<number, string>,
  watch?: CardWatch,
): RowKind<GiftCardText, GiftCardRow, GiftCardLayout> {
  let storeCurrency = index?.currency;
  let currencyRead: Promise<void> | undefined;
  /** The store's currency: the index's, else that of the first card of a search (read once, when a row names a currency). */
  async function knownCurrency(): Promise<string | undefined> {
    if (storeCurrency !== undefined || index !== undefined) return storeCurrency;
    currencyRead ??= (async () => {
      for await (const page of store.everyCard()) {
        const currency = page.find((card) => typeof card.currency === 'string')?.currency;
        if (typeof currency === 'string') storeCurrency ??= currency.toUpperCase();
        return;
      }
    })();
    await currencyRead;
    return storeCurrency;
  }

  async function applyCard(row: GiftCardRow, dryRun: boolean): Promise<Outcome> {
    const code = row.code;
    // A dry run makes no code: the row would be a new card. Outside one, every row without a
    // code got one before the run, unless the file changed since.
    if (code === undefined) return dryRun ? CREATED : reject('the row has no code, and none was generated for it: the file changed during the import');
    const known = index?.candidates(code);
    if (index?.showsCodes && known) {
      const card = known.find((c) => sameCode(c, code));
      if (card) return reconcileFresh(row, card, dryRun);
    } else if (dryRun && known?.length !== 0) {
      const found = pick(row, await store.cardsEndingIn(code.slice(-4)));
      if (found.kind === 'card') return reconcileFresh(row, found.card, true);
      if (found.kind === 'unchanged') return UNCHANGED;
      if (found.kind === 'ambiguous') return reject(ambiguous(code, found.count));
    }
    const currency = row.currency === undefined ? undefined : await knownCurrency();
    if (row.currency && currency && row.currency !== currency) {
      return reject(`the currency ${row.currency} is not the store's (${currency}); a card takes the store's currency`);
    }
    if (dryRun) return CREATED;

    await watch?.before({
      op: 'create',
      last4: code.slice(-4),
      initialValue: row.initialValue,
      ...(row.customerId !== undefined ? { customerId: row.customerId } : {}),
      after: { balance: row.balance, note: row.note, expireTime: row.expireTime },
      disables: row.disabled,
    });
    let made: Awaited<ReturnType<GiftCardStore['createOrTaken']>>;
    try {
      made = await store.createOrTaken(createInput(row, code));
    } catch (error) {
      // A refusal made no card; without an answer (the store down) the journal stays unsure.
      if (isRowLevel(error)) await watch?.created(code.slice(-4), false, undefined);
      throw error;
    }
    const madeId = made.kind === 'created' && made.card?.id !== undefined ? scalarText(made.card.id) : undefined;
    // A code taken after a lost answer may be this very create's card: undo looks for it.
    await watch?.created(code.slice(-4), made.kind === 'created', madeId, made.kind === 'taken' && made.afterLostAnswer);
    const createdAs: Outcome = madeId !== undefined ? { ...CREATED, id: madeId } : CREATED;
    if (made.kind === 'created') {
      if (typeof made.card?.currency === 'string') storeCurrency ??= made.card.currency.toUpperCase();
      try {
        await finishNew(row, code, made.card);
      } catch (error) {
        // Another run found the card just made and changed it meanwhile (two imports of one
        // file): planned again from the card as it now is; the card is still this run's.
        if (!isConflict(error)) throw error;
        const found = pick(row, await store.cardsEndingIn(code.slice(-4)));
        if (found.kind === 'unchanged') return createdAs;
        if (found.kind !== 'card') throw error;
        const outcome = await reconcileFresh(row, found.card, false);
        return outcome.kind === 'rejected' ? outcome : createdAs;
      }
      return createdAs;
    }
    // A code generated for this run taken at the first try is another card's (a collision of
    // random codes): never that card's to change.
    if (row.generated && !made.afterLostAnswer)
      return reject(
        `the code generated for this row (ending ${code.slice(-4)}) is another card's; give the row a code of its own in the --codes-out file and import that file`,
      );
    // The code is taken. The index is as the store was before the run: after a lost answer
    // the card may be this run's own, so the store is asked again.
    const fromIndex = index !== undefined && !made.afterLostAnswer;
    let found = pick(row, fromIndex ? index.candidates(code) : await store.cardsEndingIn(code.slice(-4)));
    if (fromIndex && (found.kind === 'none' || found.kind === 'clash')) found = pick(row, await store.cardsEndingIn(code.slice(-4)));
    switch (found.kind) {
      case 'card':
        return reconcileFresh(row, found.card, false);
      case 'unchanged':
        return UNCHANGED;
      case 'none':
        return reject(`the store refused the code as taken, but no card ending in ${code.slice(-4)} shows it`);
      case 'clash':
        return reject(
          `another card holds this code (the store refused it as taken, and no card ending in ${code.slice(-4)} has the initial value ${row.initialValue}${found.initialValue !== undefined ? `; the one that does has ${found.initialValue}` : ''})`,
        );
      case 'ambiguous':
        return reject(ambiguous(code, found.count));
    }
  }

  /** A card just made with its initial value: its balance set when the row's differs, disabled when it says so. */
  async function finishNew(row: GiftCardRow, code: string, answered: GiftCard | undefined): Promise<void> {
    const setBalance = !sameAmount(row.balance, row.initialValue);
    if (!setBalance && !row.disabled) return;
    let card = answered;
    if (card?.id === undefined) {
      // Created without an answer to read (202/204): found by its code.
      const found = pick(row, await store.cardsEndingIn(code.slice(-4)));
      if (found.kind !== 'card')
        throw new ApiError('The card was created, but the store did not answer with it and it could not be found again to set its balance; a re-run sets it', {
          status: 404,
        });
      card = found.card;
    }
    const giftCardId = scalarText(card.id);
    if (setBalance) await store.update({ giftCardId, balance: row.balance });
    if (row.disabled) await store.disable(giftCardId);
  }

  /**
   * reconcile, planned again from a fresh read when the store refuses a write as a conflict
   * (409): the card changed meanwhile (another import of the same file disabled it between
   * this run's read and its update), so what the row needs is decided from the card as it
   * now is, which often is the row already (unchanged).
   */
  async function reconcileFresh(row: GiftCardRow, card: GiftCard, dryRun: boolean): Promise<Outcome> {
    for (let plans = 1; ; plans++) {
      try {
        return await reconcile(row, card, dryRun);
      } catch (error) {
        if (!isConflict(error) || plans >= MAX_PLANS) throw error;
        const found = pick(row, await store.cardsEndingIn(row.code!.slice(-4)));
        if (found.kind === 'unchanged') return UNCHANGED;
        if (found.kind !== 'card') throw error;
        card = found.card;
      }
    }
  }

  async function reconcile(row: GiftCardRow, card: GiftCard, dryRun: boolean): Promise<Outcome> {
    const cardCurrency = typeof card.currency === 'string' ? card.currency.toUpperCase() : undefined;
    if (row.currency && cardCurrency && row.currency !== cardCurrency) {
      return reject(`the card on the store is in ${cardCurrency}, the row says ${row.currency}; a card's currency cannot change`);
    }
    const changes = differences(row, card);
    if (card.disableTime) {
      if (!row.disabled) return reject('the card is disabled on the store, and a disabled card cannot be enabled again');
      if (changes.length > 0)
        return reject(
          `the card is disabled on the store, and a disabled card cannot change (its ${changes.join(' and ')} ${pluralWord(changes.length, 'differs', 'differ')})`,
        );
      return UNCHANGED;
    }
    if (changes.length === 0 && !row.disabled) return UNCHANGED;
    const giftCardId = scalarText(card.id);
    const before = fieldsOf(card);
    const updated: Outcome = { ...UPDATED, id: giftCardId, before: JSON.stringify(before) };
    if (dryRun) return updated;
    const after: CardFields = { balance: row.balance, note: row.note, expireTime: row.expireTime };
    await watch?.before({
      op: 'update',
      id: giftCardId,
      last4: row.code!.slice(-4),
      before,
      after: changes.length > 0 ? after : before,
      disables: row.disabled,
    });
    if (changes.length > 0) await store.update({ giftCardId, ...after });
    if (row.disabled) await store.disable(giftCardId);
    return updated;
  }

  return {
    headerExample: GIFT_CARD_COLUMNS.join(','),
    unit: 'card',
    offlineUnchecked: "currencies and codes not checked (the store's currency and cards not read)",
    readHeader: readGiftCardHeader,
    rowText: giftCardText,
    resultKey: (text) => maskedCode(text.code),
    shardKey: giftCardShardKey,
    check(text, fieldCount, layout) {
      const checked = checkGiftCardRow(text, fieldCount, layout.width, generated.get(text.line));
      return checked.ok ? checked : { ok: false, text, reason: problemReason(checked) };
    },
    grouper: () => ({
      // One card a row: codes repeated in the file were refused before the run.
      push: (row) => ({ group: { key: row.code?.toLowerCase() ?? `line:${row.line}`, rows: [row] } }),
      flush: () => undefined,
    }),
    async apply(group, dryRun, settle) {
      for (const row of group.rows) {
        // Its code is a secret: the results file names the card by its last four characters.
        const key = row.code === undefined ? {} : { key: maskedCode(row.code) };
        try {
          settle(row, { ...(await applyCard(row, dryRun)), ...key });
        } catch (error) {
          if (!isRowLevel(error)) throw error;
          settle(row, { ...reject(withoutCode(stripPeriod(error.message), row.code)), ...key });
        }
      }
    },
  };
}

function createInput(row: GiftCardRow, code: string): GiftCardCreate {
  return {
    code,
    initialValue: row.initialValue,
    ...(row.customerId !== undefined ? { customerId: row.customerId } : {}),
    ...(row.note !== '' ? { note: row.note } : {}),
    ...(row.expireTime !== null ? { expireTime: row.expireTime } : {}),
  };
}

/** Which card of those ending in the code's last four characters holds it. */
function pick(row: GiftCardRow, candidates: readonly GiftCard[]): Found {
  const code = row.code!;
  const exact = candidates.find((card) => showsFullCode(card) && sameCode(card, code));
  if (exact) return sameInitial(exact, row) ? { kind: 'card', card: exact } : { kind: 'clash', initialValue: scalarText(exact.initialValue) };
  // Cards with whole codes are other codes; a masked one may be this one's.
  const masked = candidates.filter((card) => !showsFullCode(card));
  if (masked.length === 0) return { kind: 'none' };
  const alike = masked.filter((card) => sameInitial(card, row) && (row.customerId === undefined || scalarText(card.customerId) === row.customerId));
  if (alike.length === 1) return { kind: 'card', card: alike[0]! };
  if (alike.length === 0) return masked.length === 1 ? { kind: 'clash', initialValue: scalarText(masked[0]!.initialValue) } : { kind: 'clash' };
  // Several cards end alike and were made alike: when one is already as the row wants, nothing is to be done.
  if (alike.some((card) => differences(row, card).length === 0 && Boolean(card.disableTime) === row.disabled)) return { kind: 'unchanged' };
  return { kind: 'ambiguous', count: alike.length };
}

function ambiguous(code: string, count: number): string {
  const last = code.slice(-4);
  return `${count} cards ending in ${last} were made alike and the store does not show whole codes, so which one holds this code cannot be told; compare them with giftcard search --last-characters ${last}`;
}

function sameCode(card: GiftCard, code: string): boolean {
  return card.code !== undefined && card.code.toLowerCase() === code.toLowerCase();
}

function sameInitial(card: GiftCard, row: GiftCardRow): boolean {
  return card.initialValue !== undefined && sameAmount(scalarText(card.initialValue), row.initialValue);
}

/** The fields an import sets, as the card holds them. */
export function fieldsOf(card: GiftCard): CardFields {
  return {
    balance: card.balance === undefined ? '' : scalarText(card.balance),
    note: card.note ?? '',
    expireTime: card.expireTime ? card.expireTime.slice(0, 10) : null,
  };
}

/** What the row sets that the card does not hold: balance, note, expireTime. */
function differences(row: GiftCardRow, card: GiftCard): string[] {
  const changes: string[] = [];
  if (card.balance === undefined || !sameAmount(scalarText(card.balance), row.balance)) changes.push('balance');
  if ((card.note ?? '') !== row.note) changes.push('note');
  const expiry = card.expireTime ? card.expireTime.slice(0, 10) : null;
  if (expiry !== row.expireTime) changes.push('expireTime');
  return changes;
}

/** The store refused a write as a conflict: the card is not as this run read it. */
function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** An answer about this card (4xx but a refused token or a rate limit); anything else is the engine's. */
function isRowLevel(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 429;
}

/** A store's message may quote the code: only its last four characters stay. */
function withoutCode(text: string, code: string | undefined): string {
  if (code === undefined || code.length <= 4) return text;
  return text.replace(new RegExp(code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), maskedCode(code));
}
