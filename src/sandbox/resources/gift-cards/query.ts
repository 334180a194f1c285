// Gift card search: its filters (from the query, or carried by a page token) over the shared
// pager, the cards in ascending id order.
import { invalidField } from '../../http/sandbox-errors.js';
import { byId, choiceFilter, type Listing } from '../pagination.js';
import { GIFT_CARD_STATUSES, LAST_CHARACTERS_PATTERN, lastCharactersOf, statusOf, type GiftCardRecord } from './record.js';

const SEARCH_PATH = '/api/202412/gift_cards/search';

const BY_ID = byId((card: GiftCardRecord) => card.id);

/** The search as of `now` (a card's status is judged by the day). */
export function cardSearch(now: Date): Listing<GiftCardRecord> {
  return {
    path: SEARCH_PATH,
    order: BY_ID,
    sinceId: true,
    filters: [
      choiceFilter('status', GIFT_CARD_STATUSES, (card) => statusOf(card, now)),
      {
        name: 'lastCharacters',
        check(raw, field) {
          if (!LAST_CHARACTERS_PATTERN.test(raw)) throw invalidField(field, 'must be the last 4 characters of a code (letters or digits)');
          return raw.toUpperCase();
        },
        keep: (card, value) => lastCharactersOf(card.code).toUpperCase() === value,
      },
    ],
  };
}
