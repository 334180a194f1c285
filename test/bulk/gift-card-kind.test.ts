// Which card a taken code belongs to, and what is sent to it: the gift card row kind against
// a fake store, where codes in reads are masked or shown as the test says.
import { describe, expect, it } from 'vitest';
import type { GiftCard, GiftCardCreate, GiftCardUpdate } from '../../src/api/gift-cards/schema.js';
import { CardIndex, giftCardKind, readIndex, type GiftCardStore } from '../../src/bulk/kinds/gift-cards/kind.js';
import { checkGiftCardRow, GIFT_CARD_COLUMNS, type GiftCardRow, type GiftCardText } from '../../src/bulk/kinds/gift-cards/rows.js';
import type { Outcome } from '../../src/bulk/engine/row-kind.js';
import { ApiError } from '../../src/core/errors.js';

interface Held {
  id: string;
  code: string;
  initialValue: string;
  balance: string;
  note?: string;
  disableTime?: string;
  currency: string;
}

class FakeStore implements GiftCardStore {
  readonly cards: Held[] = [];
  readonly sent: string[] = [];
  lostAnswer = false;
  refuseWith: ApiError | undefined;
  constructor(private readonly showCodes: boolean) {}

  add(card: Omit<Held, 'id' | 'currency'>): Held {
    const held = { id: String(100 + this.cards.length), currency: 'USD', ...card };
    this.cards.push(held);
    return held;
  }
  private read(card: Held): GiftCard {
    return { ...card, code: this.showCodes ? card.code : `****${card.code.slice(-4)}`, lastCharacters: card.code.slice(-4) };
  }
  async count() {
    this.sent.push('count');
    return String(this.cards.length);
  }
  async *everyCard() {
    this.sent.push('search');
    yield this.cards.map((card) => this.read(card));
  }
  async cardsEndingIn(last: string) {
    this.sent.push(`search ${last}`);
    return this.cards.filter((card) => card.code.slice(-4).toLowerCase() === last.toLowerCase()).map((card) => this.read(card));
  }
  async createOrTaken(input: GiftCardCreate) {
    this.sent.push('create');
    if (this.refuseWith) throw this.refuseWith;
    if (this.cards.some((card) => card.code.toLowerCase() === input.code.toLowerCase())) return { kind: 'taken' as const, afterLostAnswer: this.lostAnswer };
    const card = this.add({ code: input.code, initialValue: input.initialValue, balance: input.initialValue, ...(input.note ? { note: input.note } : {}) });
    return { kind: 'created' as const, card: this.read(card) };
  }
  async update(input: GiftCardUpdate) {
    this.sent.push(`update ${input.giftCardId}`);
    const card = this.cards.find((c) => c.id === input.giftCardId)!;
    if (input.balance !== undefined) card.balance = input.balance;
    if (input.note !== undefined) card.note = input.note;
    return {};
  }
  async disable(giftCardId: string) {
    this.sent.push(`disable ${giftCardId}`);
    this.cards.find((c) => c.id === giftCardId)!.disableTime = '2026-01-01T00:00:00Z';
    return {};
  }
}

function row(cells: Partial<Record<(typeof GIFT_CARD_COLUMNS)[number], string>>): GiftCardRow {
  const text = { line: 2, ...Object.fromEntries(GIFT_CARD_COLUMNS.map((name) => [name, cells[name] ?? ''])) } as GiftCardText;
  const checked = checkGiftCardRow(text, 8, 8);
  if (!checked.ok) throw new Error(checked.problem);
  return checked.row;
}

/** What became of the row; what the results file adds (key, id, before) is checked on its own below. */
async function apply(store: FakeStore, index: CardIndex | undefined, r: GiftCardRow): Promise<Outcome> {
  return verdict(await applied(store, index, r));
}

async function applied(store: FakeStore, index: CardIndex | undefined, r: GiftCardRow): Promise<Outcome> {
  const outcomes: Outcome[] = [];
  await giftCardKind(store, index, new Map()).apply({ key: 'k', rows: [r] }, false, (_, outcome) => outcomes.push(outcome));
  return outcomes[0]!;
}

function verdict({ key: _key, id: _id, before: _before, ...outcome }: Outcome): Outcome {
  return outcome as Outcome;
}

describe('gift card import: which card holds a taken code', () => {
  it('a masked store: the card ending alike with the row initial value is updated, not the other one', async () => {
    const store = new FakeStore(false);
    const other = store.add({ code: 'OTHERCARDK7Q2', initialValue: '20', balance: '20' });
    const ours = store.add({ code: 'MIGRATEDK7Q2', initialValue: '50', balance: '50' });
    const index = await readIndex(store, 100);
    store.sent.length = 0;
    expect(await apply(store, index, row({ code: 'migratedk7q2', initialValue: '50', balance: '10' }))).toEqual({ kind: 'updated' });
    expect(store.sent).toEqual(['create', `update ${ours.id}`]);
    expect(other.balance).toBe('20');
    expect(ours.balance).toBe('10');
  });

  it('a code taken by a card with another initial value is not this row: rejected, nothing written', async () => {
    const store = new FakeStore(false);
    store.add({ code: 'SOMEONEELSE9X', initialValue: '20', balance: '20' });
    const outcome = await apply(store, await readIndex(store, 100), row({ code: 'SOMEONEELSE9X', initialValue: '50' }));
    expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('another card holds this code') });
    expect(store.sent.filter((s) => s.startsWith('update') || s.startsWith('disable'))).toEqual([]);
  });

  it('two cards made alike, neither as the row says: rejected rather than guessed', async () => {
    const store = new FakeStore(false);
    store.add({ code: 'FIRSTCARDAB12', initialValue: '50', balance: '50' });
    store.add({ code: 'SECONDCARAB12', initialValue: '50', balance: '40' });
    const outcome = await apply(store, await readIndex(store, 100), row({ code: 'FIRSTCARDAB12', initialValue: '50', balance: '30' }));
    expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('2 cards ending in AB12 were made alike') });
    expect(store.sent.some((s) => s.startsWith('update'))).toBe(false);
  });

  it('after a lost answer the store is searched again: the index predates the card', async () => {
    const store = new FakeStore(false);
    const index = await readIndex(store, 100);
    store.add({ code: 'LOSTANSWERZZ9', initialValue: '50', balance: '50' });
    store.lostAnswer = true;
    store.sent.length = 0;
    expect(await apply(store, index, row({ code: 'LOSTANSWERZZ9', initialValue: '50' }))).toEqual({ kind: 'unchanged' });
    expect(store.sent).toEqual(['create', 'search RZZ9']);
  });

  it('a store that shows codes: an unchanged card costs no request; a disabled row is disabled', async () => {
    const store = new FakeStore(true);
    const card = store.add({ code: 'SHOWNCODE1234', initialValue: '50', balance: '50' });
    const index = await readIndex(store, 100);
    store.sent.length = 0;
    expect(await apply(store, index, row({ code: 'SHOWNCODE1234', initialValue: '50.00' }))).toEqual({ kind: 'unchanged' });
    expect(store.sent).toEqual([]);
    expect(await apply(store, index, row({ code: 'SHOWNCODE1234', initialValue: '50', status: 'disabled' }))).toEqual({ kind: 'updated' });
    expect(store.sent).toEqual([`disable ${card.id}`]);
  });

  it('a fresh half-spent, disabled card: created, its balance set, then disabled', async () => {
    const store = new FakeStore(false);
    expect(await apply(store, new CardIndex(), row({ code: 'HALFSPENT0001', initialValue: '50', balance: '12.5', status: 'disabled' }))).toEqual({
      kind: 'created',
    });
    expect(store.sent).toEqual(['create', 'update 100', 'disable 100']);
  });

  it('a generated code that another card holds is never taken for that card', async () => {
    const store = new FakeStore(true);
    store.add({ code: 'GENERATEDCODE123', initialValue: '5', balance: '5' });
    const text = { line: 2, ...Object.fromEntries(GIFT_CARD_COLUMNS.map((name) => [name, name === 'initialValue' ? '5' : ''])) } as GiftCardText;
    const outcomes: Outcome[] = [];
    const kind = giftCardKind(store, undefined, new Map([[2, 'GENERATEDCODE123']]));
    const checked = kind.check(text, 8, { width: 8, columns: {}, columnName: () => '' });
    if (!checked.ok) throw new Error(checked.reason);
    await kind.apply({ key: 'k', rows: [checked.row] }, false, (_, outcome) => outcomes.push(outcome));
    expect(outcomes).toEqual([{ kind: 'rejected', reason: expect.stringContaining('is another card'), key: '****E123' }]);
    expect(store.sent).toEqual(['create']);
  });

  it("a store's refusal that quotes the code shows its last four characters only", async () => {
    const store = new FakeStore(false);
    store.refuseWith = new ApiError('Code SECRETCODE99 is not allowed.', { status: 422 });
    const outcome = await apply(store, undefined, row({ code: 'SECRETCODE99', initialValue: '5' }));
    expect(outcome).toEqual({ kind: 'rejected', reason: 'Code ****DE99 is not allowed' });
  });

  it('an outcome names the card by its masked code, with the id the store gave and, for an update, the fields it replaced', async () => {
    const store = new FakeStore(false);
    expect(await applied(store, new CardIndex(), row({ code: 'RESULTSCARD0001', initialValue: '5' }))).toEqual({ kind: 'created', key: '****0001', id: '100' });
    const updated = await applied(store, undefined, row({ code: 'RESULTSCARD0001', initialValue: '5', balance: '2', note: 'spent' }));
    expect(updated).toEqual({ kind: 'updated', key: '****0001', id: '100', before: '{"balance":"5","note":"","expireTime":null}' });
    expect(JSON.stringify(updated)).not.toContain('RESULTSCARD');
  });

  it('reads no index when its pages would cost more than 0.05 requests per row', async () => {
    const store = new FakeStore(false);
    for (let i = 0; i < 300; i++) store.add({ code: `BULKCARD${String(i).padStart(5, '0')}`, initialValue: '1', balance: '1' });
    expect(await readIndex(store, 20)).toBeUndefined();
    expect(store.sent).toEqual(['count']);
    expect((await readIndex(store, 40))?.size).toBe(300);
  });
});
