// The gift cards' section of a seed (and of a snapshot), and the demo set's cards (demo.json).
import * as z from 'zod';
import { isCalendarDate, isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN } from '../money.js';
import { seedSection } from '../resource.js';
import { characterCount } from '../text.js';
import { ID_PATTERN } from '../../state/ids.js';
import demo from './demo.json' with { type: 'json' };
import { CODE_PATTERN, KEY, lastCharactersOf, NOTE_MAX_LENGTH } from './record.js';

const id = z.string({ error: 'must be a decimal id as a JSON string' }).regex(ID_PATTERN, 'must be a decimal id without leading zeros');
const amount = z.string({ error: 'must be a decimal amount as a JSON string' }).regex(AMOUNT_PATTERN, 'must be a decimal amount with at most 2 decimal places');

/**
 * A gift card of a seed: the stored card minus what the sandbox supplies. `lastCharacters`
 * is derived from the code (checked when given); `balance` defaults to `initialValue`,
 * `expireTime` to null, `currency` to the shop's, the times to when the seed is loaded.
 */
const seedGiftCardSchema = z.strictObject({
  id,
  code: z.string({ error: 'must be 8 to 20 letters or digits' }).regex(CODE_PATTERN, 'must be 8 to 20 letters or digits'),
  lastCharacters: z.string().optional(),
  initialValue: amount,
  balance: amount.optional(),
  customerId: id.optional(),
  orderId: id.optional(),
  lineItemId: id.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
    .optional(),
  note: z
    .string()
    .refine((note) => characterCount(note) <= NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`)
    .optional(),
  expireTime: z.string().refine(isCalendarDate, 'must be a calendar date YYYY-MM-DD').nullable().optional(),
  createTime: z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z').optional(),
  updateTime: z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z').optional(),
  disableTime: z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z').optional(),
});

type SeedGiftCard = z.output<typeof seedGiftCardSchema>;

/** A seed's card with its defaults: what the resource stores (customer and currency still the shop's when absent). */
export type FilledGiftCard = Required<Pick<SeedGiftCard, 'balance' | 'createTime' | 'updateTime'>> &
  Omit<SeedGiftCard, 'lastCharacters'> & { expireTime: string | null };

export const giftCardSeed = seedSection({
  key: KEY,
  schema: z.array(seedGiftCardSchema).default([]),
  check(seed: { giftCards: SeedGiftCard[] }, report) {
    const cardIds = new Map<string, number>();
    const codes = new Map<string, number>();
    seed.giftCards.forEach((card, index) => {
      const sameId = cardIds.get(card.id);
      if (sameId !== undefined) report(['giftCards', index, 'id'], `is the id of giftCards[${sameId}] too`);
      cardIds.set(card.id, index);
      // Codes are secrets: the message names the other card, never the code.
      const sameCode = codes.get(card.code.toLowerCase());
      if (sameCode !== undefined) report(['giftCards', index, 'code'], `is the code of giftCards[${sameCode}] too (codes are unique ignoring case)`);
      codes.set(card.code.toLowerCase(), index);
      if (card.lastCharacters !== undefined && card.lastCharacters !== lastCharactersOf(card.code)) {
        report(['giftCards', index, 'lastCharacters'], 'must be the last four characters of the code (or left out)');
      }
    });
  },
  fill: (cards, { stamp }): FilledGiftCard[] =>
    cards.map(({ lastCharacters: _derived, ...card }) => {
      const createTime = card.createTime ?? stamp;
      return {
        ...card,
        balance: card.balance ?? card.initialValue,
        expireTime: card.expireTime ?? null,
        createTime,
        updateTime: card.updateTime ?? card.disableTime ?? createTime,
      };
    }),
  demo,
});
