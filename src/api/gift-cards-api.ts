// Gift card requests: paths, wrappers, paging and code secrecy. Commands call these with
// domain values and never see a path or a `giftCard` wrapper. The schemas (zod) load only
// when a card is read, so `giftcard count` never pays for them.
import { findNextPage, nextPageQuery } from '../core/paginate.js';
import { maskCode } from '../core/secrets.js';
import type { GiftCard, GiftCardCreate, GiftCardSearch, GiftCardUpdate } from './gift-cards.js';
import type { Transport } from './transport.js';
import { API_PREFIX, isEmptyAnswer, parseCount, segment, unwrap } from './wire.js';

const schemas = () => import('./gift-cards.js');

const BASE = `${API_PREFIX}/gift_cards`;
/** The spec's page size of a search that sends no limit. */
const DEFAULT_PAGE_SIZE = 50;

export class GiftCardsApi {
  constructor(private readonly transport: Transport) {}

  /**
   * The only call whose answer carries the full code: it is shown once, never again.
   * Undefined when the store accepted the card but answered without a body (a 202 or 204):
   * the card exists, its id is not known.
   */
  async create(input: GiftCardCreate): Promise<GiftCard | undefined> {
    const body = { giftCard: definedOnly(input) };
    const response = await this.transport.request({ method: 'POST', path: BASE, body });
    if (isEmptyAnswer(response.body)) return undefined;
    return await readCard(response.body);
  }

  /** An answer without a body (204) is read back with a GET, so the card shown is the store's. */
  async update({ giftCardId, ...fields }: GiftCardUpdate): Promise<GiftCard> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(giftCardId)}`, body: { giftCard: definedOnly(fields) } });
    if (isEmptyAnswer(response.body)) return await this.get(giftCardId);
    return secret(await readCard(response.body));
  }

  /** Disabling is idempotent (DESIGN), so a lost answer may safely be asked again. */
  async disable(giftCardId: string): Promise<GiftCard> {
    const response = await this.transport.request({ method: 'POST', path: `${BASE}/${segment(giftCardId)}/disable`, body: {}, idempotent: true });
    if (isEmptyAnswer(response.body)) return await this.get(giftCardId);
    return secret(await readCard(response.body));
  }

  async get(giftCardId: string): Promise<GiftCard> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(giftCardId)}` });
    return secret(await readCard(response.body));
  }

  async count(): Promise<string> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/count` });
    return parseCount(response.body);
  }

  /**
   * Pages of cards as they arrive; with `all`, follows next-page links to the end.
   * Without `all`, returns the next page's token (if any) so the caller can say how to go on.
   */
  async *search(input: GiftCardSearch, all: boolean): AsyncGenerator<GiftCard[], string | undefined> {
    let query: Record<string, string | undefined> = {
      limit: input.limit?.toString(),
      sinceId: input.sinceId,
      status: input.status,
      pageToken: input.pageToken,
      lastCharacters: input.lastCharacters,
    };
    for (;;) {
      const response = await this.transport.request({ method: 'GET', path: `${BASE}/search`, query });
      const { checkCardList } = await schemas();
      const cards = checkCardList(unwrap(response.body, 'giftCards', 'list')).map(secret);
      yield cards;
      const seen = { link: response.headers.link, body: response.body, query, items: cards.length, defaultLimit: DEFAULT_PAGE_SIZE };
      // One page only: the next token is a hint to print, so a header we cannot read is no failure.
      if (!all) {
        const next = findNextPage(seen);
        return 'query' in next ? next.query.pageToken : undefined;
      }
      const next = nextPageQuery(seen);
      if (!next) return undefined;
      query = next;
    }
  }
}

async function readCard(body: unknown): Promise<GiftCard> {
  const { checkCard } = await schemas();
  return checkCard(unwrap(body, 'giftCard', 'object'));
}

/** Codes are secrets: after creation a card only ever shows its last characters. */
function secret(card: GiftCard): GiftCard {
  if (card.code === undefined) return card;
  const last = card.lastCharacters ?? card.code.slice(-4);
  return { ...card, code: maskCode(last) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
