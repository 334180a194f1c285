import { describe, expect, it } from 'vitest';
import { demoData, demoDocument, seedSchema } from '../../src/sandbox/state/seed.js';
import { amountInCents } from '../../src/sandbox/resources/money.js';
import demoCards from '../../src/sandbox/resources/gift-cards/demo.json' with { type: 'json' };

const raw = demoDocument();

describe('demo data', () => {
  // As the sandbox loads it: checked by the seed schema, defaults filled in.
  const cards = demoData().giftCards;

  it('matches its schema', () => {
    expect(seedSchema.safeParse(raw).success).toBe(true);
    expect(cards.length).toBeGreaterThanOrEqual(6);
    expect(cards.length).toBeLessThanOrEqual(8);
  });

  it('has unique ids in ascending order, above 2^53', () => {
    const ids = cards.map((card) => BigInt(card.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    for (const id of ids) expect(id).toBeGreaterThan(2n ** 53n);
  });

  it('has codes unique ignoring case, with consistent lastCharacters', () => {
    const codes = cards.map((card) => card.code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
    for (const card of demoCards) expect(card.lastCharacters).toBe(card.code.slice(-4));
  });

  it('never has a balance above the initial value', () => {
    for (const card of cards) expect(amountInCents(card.balance) <= amountInCents(card.initialValue)).toBe(true);
  });

  it('has consistent times', () => {
    for (const card of cards) {
      expect(card.createTime <= card.updateTime).toBe(true);
      if (card.disableTime !== undefined) {
        expect(card.createTime <= card.disableTime && card.disableTime <= card.updateTime).toBe(true);
      }
      if (card.expireTime !== null) expect(card.expireTime >= card.createTime.slice(0, 10)).toBe(true);
    }
  });

  it('covers each case the docs promise: enabled with and without expiry, one disabled, one expired, a shared customer', () => {
    // Judged as of the data set's own latest date, so the test does not drift with the calendar.
    const asOf = cards
      .map((card) => card.updateTime.slice(0, 10))
      .sort()
      .at(-1) as string;
    const disabled = cards.filter((card) => card.disableTime !== undefined);
    const live = cards.filter((card) => card.disableTime === undefined);
    expect(disabled).toHaveLength(1);
    expect(live.filter((card) => card.expireTime !== null && card.expireTime < asOf)).toHaveLength(1);
    expect(live.some((card) => card.expireTime !== null && card.expireTime > asOf)).toBe(true);
    expect(live.some((card) => card.expireTime === null)).toBe(true);
    const customers = cards.map((card) => card.customerId).filter((id) => id !== undefined);
    expect(new Set(customers).size).toBeLessThan(customers.length);
  });
});
