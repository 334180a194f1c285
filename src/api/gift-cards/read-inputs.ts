// The inputs of the gift card reads (get, search), checked without zod when they are well
// formed, as nearly every one typed is: the schema (schema.ts, with zod) loads only for one
// that is not, and names what is wrong with it in its own words. What is accepted here, the
// schema accepts as it is (test/api/gift-card-read-inputs.test.ts).
import { GIFT_CARD_STATUSES, MAX_PAGE_SIZE } from './status.js';
import type { GiftCardSearch } from './schema.js';

const schemas = () => import('./schema.js');

const NUMERIC_ID = /^\d+$/;
const LAST_CHARACTERS = /^[A-Za-z0-9]{4}$/;

/** A gift card id as given: digits, else the schema's refusal (exit 2). */
export async function giftCardIdOf(giftCardId: unknown): Promise<string> {
  if (typeof giftCardId === 'string' && NUMERIC_ID.test(giftCardId)) return giftCardId;
  return (await schemas()).checkGiftCardId(giftCardId);
}

/** A search's filters and page as given, when each is well formed; else the schema's refusal (exit 2). */
export async function giftCardSearchOf(input: Partial<Record<keyof GiftCardSearch, unknown>>): Promise<GiftCardSearch> {
  const { limit, sinceId, status, pageToken, lastCharacters } = input;
  const wellFormed =
    (limit === undefined || (Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= MAX_PAGE_SIZE)) &&
    (sinceId === undefined || (typeof sinceId === 'string' && NUMERIC_ID.test(sinceId))) &&
    (status === undefined || (GIFT_CARD_STATUSES as readonly unknown[]).includes(status)) &&
    (pageToken === undefined || (typeof pageToken === 'string' && pageToken.length > 0)) &&
    (lastCharacters === undefined || (typeof lastCharacters === 'string' && LAST_CHARACTERS.test(lastCharacters)));
  if (wellFormed) return { limit, sinceId, status, pageToken, lastCharacters } as GiftCardSearch;
  return (await schemas()).checkGiftCardSearch(input);
}
