// Gift card requests: paths, wrappers, paging and code secrecy. Commands call these with
// domain values and never see a path or a `giftCard` wrapper. A well-formed card is checked
// without zod (well-formed.ts); the schemas (zod) load only for an input to check or an
// answer to refuse, so neither `giftcard count` nor a read of well-formed cards pays for them.
import { definedOnly } from '../../core/defined-only.js';
import { ApiError, CancelledError, RequestError, RuntimeError, UnconfirmedCreateError, UnreadableAnswerError } from '../../core/errors.js';
import type { JsonResponse } from '../../core/http.js';
import type { PageBound } from '../../core/paginate.js';
import { maskCode } from '../../core/secrets.js';
import { findCodeHolder, type CodeHolder } from './match.js';
import { MAX_PAGE_SIZE } from './status.js';
import type { GiftCard, GiftCardCreate, GiftCardCreateDraft, GiftCardSearch, GiftCardUpdate } from './schema.js';
import type { Transport } from '../../core/transport.js';
import { API_PREFIX, isCodeTaken, isEmptyAnswer, pagesOf, parseCount, readAllPages, segment, unwrap } from '../wire.js';
import { readChecked } from '../well-formed.js';
import { isWellFormedCard, isWellFormedCardList } from './well-formed.js';

/** Where the gift card tests and callers have always found it; it lives in wire.ts, shared with discount codes. */
export { isCodeTaken };

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/gift_cards`;
/** The spec's page size of a search that sends no limit. */
const DEFAULT_PAGE_SIZE = 50;

/**
 * A create's card, and how it was had: `created` by this request; `recovered` after an answer
 * was lost (a resend found the code taken, and the card holding it is the one asked for);
 * `existing` when the store refused the code at once and its card is exactly the one asked
 * for (a re-run after a failure): in neither case was a second card made.
 */
export interface CreatedGiftCard {
  card: GiftCard | undefined;
  how: 'created' | 'recovered' | 'existing';
}

export class GiftCardsApi {
  constructor(private readonly transport: Transport) {}

  /**
   * The only call whose answer carries the full code: it is shown once, never again. Codes
   * are unique on the store (ignoring case), so sending the same create again cannot make a
   * second card: it is retried like an idempotent request when an answer is lost, and a
   * "code taken" answer is then checked against the card that holds the code. `card` is
   * undefined when the store accepted the card but answered without a body (a 202 or 204):
   * the card exists, its id is not known. A draft without a code is only for a dry run (the
   * store requires a code): its request is shown without one.
   */
  async create(input: GiftCardCreate | GiftCardCreateDraft): Promise<CreatedGiftCard> {
    const body = { giftCard: definedOnly(input) };
    // A dry run shows the code by its last four characters only (none of a code that short).
    const shownBody = input.code === undefined ? body : { giftCard: { ...body.giftCard, code: maskCode(input.code.length > 4 ? input.code.slice(-4) : '') } };
    let response: JsonResponse;
    try {
      response = await this.transport.request({ method: 'POST', path: BASE, body, idempotent: true }, { shownBody });
    } catch (error) {
      // Interrupted while the request may be on its way: the card may exist, and the command
      // must still show its code.
      if (error instanceof CancelledError) throw new UnconfirmedCreateError('Interrupted. The gift card may have been created anyway.', error);
      // A 2xx whose body is not JSON or is cut short: the card exists, its code must be shown.
      if (error instanceof UnreadableAnswerError)
        throw new UnconfirmedCreateError(`${error.message} The gift card was created, but its answer could not be read.`, error, true);
      if (!(error instanceof RequestError)) throw error;
      if (error instanceof ApiError && isCodeTaken(error) && hasCode(input)) return await this.whenCodeTaken(input, error);
      if (error.mayHaveApplied) throw new UnconfirmedCreateError(`${error.message} The gift card may have been created anyway.`, error);
      throw error;
    }
    if (isEmptyAnswer(response.body)) return { card: undefined, how: 'created' };
    try {
      return { card: await readCard(response.body), how: 'created' };
    } catch (error) {
      // The store said yes: the card exists, and the command must still show its code.
      if (error instanceof RuntimeError)
        throw new UnconfirmedCreateError(`${error.message} The gift card was created, but its answer could not be read.`, error, true);
      throw error;
    }
  }

  /**
   * A create for a bulk import, which knows the cards it has read: a taken code is told back,
   * not looked up. `afterLostAnswer`: an earlier attempt's answer was lost, so the card
   * holding the code may be the one this very create made. The card comes back masked.
   */
  async createOrTaken(input: GiftCardCreate): Promise<{ kind: 'created'; card: GiftCard | undefined } | { kind: 'taken'; afterLostAnswer: boolean }> {
    try {
      const response = await this.transport.request(
        { method: 'POST', path: BASE, body: { giftCard: definedOnly(input) }, idempotent: true },
        { shownBody: { giftCard: { ...definedOnly(input), code: maskCode(input.code.slice(-4)) } } },
      );
      return { kind: 'created', card: isEmptyAnswer(response.body) ? undefined : secret(await readCard(response.body)) };
    } catch (error) {
      if (error instanceof ApiError && isCodeTaken(error)) return { kind: 'taken', afterLostAnswer: error.mayHaveApplied };
      throw error;
    }
  }

  /**
   * Every card whose code ends in these four characters, codes as the store sent them (whole
   * where it shows them): for matching a code only, never to be shown.
   */
  async cardsEndingIn(lastCharacters: string): Promise<GiftCard[]> {
    return readAllPages(this.transport, `${BASE}/search`, { lastCharacters, limit: String(MAX_PAGE_SIZE) }, readCards);
  }

  /**
   * Every card of the store, page after page of the largest size, codes as the store sent
   * them: for an export with --reveal-codes and an import's index of the store's cards.
   */
  async *everyCard(query: { status?: string; sinceId?: string; lastCharacters?: string } = {}): AsyncGenerator<GiftCard[]> {
    yield* pagesOf(this.transport, `${BASE}/search`, { limit: String(MAX_PAGE_SIZE), ...query }, readCards, { all: true, defaultLimit: DEFAULT_PAGE_SIZE });
  }

  /**
   * After a lost answer the code being taken most likely means the lost attempt made the card;
   * on a first attempt it means the card existed before. Either way the card holding the code
   * is looked up; when it is not the one asked for, a lost answer still leaves the outcome
   * open (the command must then show the code), while a first refusal stands.
   */
  private async whenCodeTaken(input: GiftCardCreate, refusal: ApiError): Promise<CreatedGiftCard> {
    const holder = await this.findCodeHolder(input);
    if (holder.kind === 'asked') {
      return { card: { ...secret(holder.card), code: input.code }, how: refusal.mayHaveApplied ? 'recovered' : 'existing' };
    }
    if (!refusal.mayHaveApplied) throw refusal;
    const why = holder.kind === 'different' ? 'the card holding it shows other values than asked' : 'that card could not be read back';
    throw new UnconfirmedCreateError(
      `The store's answer to the create was lost, and a resend found the code taken: the gift card was most likely created, but ${why}.`,
      refusal,
      true,
    );
  }

  /** Reads every card ending in the code's last four characters; a failed read tells nothing. */
  private async findCodeHolder(input: GiftCardCreate): Promise<CodeHolder> {
    const lastCharacters = input.code.slice(-4);
    if (!/^[A-Za-z0-9]{4}$/.test(lastCharacters)) return { kind: 'unknown' };
    try {
      const candidates = await readAllPages(this.transport, `${BASE}/search`, { lastCharacters, limit: String(MAX_PAGE_SIZE) }, readCards);
      return findCodeHolder(input, candidates);
    } catch (error) {
      if (error instanceof CancelledError) throw error;
      return { kind: 'unknown' };
    }
  }

  /**
   * The store requires a balance in every update: without one, the card is read first (one GET,
   * a 404 as for `get`) and its current balance sent back unchanged. An answer without a body
   * (204) is read back with a GET, so the card shown is the store's.
   */
  async update({ giftCardId, ...fields }: GiftCardUpdate): Promise<GiftCard> {
    const balance = fields.balance ?? (await this.currentBalance(giftCardId));
    const body = { giftCard: definedOnly({ ...fields, balance }) };
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(giftCardId)}`, body });
    if (isEmptyAnswer(response.body)) return await this.get(giftCardId);
    return secret(await readCard(response.body));
  }

  /** Disabling is idempotent (DESIGN), so a lost answer may safely be asked again. */
  async disable(giftCardId: string): Promise<GiftCard> {
    const response = await this.transport.request({ method: 'POST', path: `${BASE}/${segment(giftCardId)}/disable`, body: {}, idempotent: true });
    if (isEmptyAnswer(response.body)) return await this.get(giftCardId);
    return secret(await readCard(response.body));
  }

  /** The card's balance as the store holds it, digits exact (a number sent back as it came). */
  async currentBalance(giftCardId: string): Promise<string> {
    const { balance } = await this.get(giftCardId);
    if (balance === undefined) throw new RuntimeError(`The store's answer for gift card ${giftCardId} has no balance to keep; give the balance to set.`);
    return balance.toString();
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
   * Pages of cards as they arrive; with `all`, follows next-page links to the end (at most
   * `bound.pages` pages). Without `all`, returns the next page's token (if any) so the caller
   * can say how to go on.
   */
  async *search(input: GiftCardSearch, all: boolean, bound?: PageBound): AsyncGenerator<GiftCard[], string | undefined> {
    const query = {
      limit: input.limit?.toString(),
      sinceId: input.sinceId,
      status: input.status,
      pageToken: input.pageToken,
      lastCharacters: input.lastCharacters,
    };
    return yield* pagesOf(this.transport, `${BASE}/search`, query, async (body) => (await readCards(body)).map(secret), {
      all,
      ...(bound ? { bound } : {}),
      defaultLimit: DEFAULT_PAGE_SIZE,
    });
  }
}

/** A page of cards as the store sent them (codes unmasked: callers mask what they show). */
async function readCards(body: unknown): Promise<GiftCard[]> {
  return readChecked(unwrap(body, 'giftCards', 'list'), isWellFormedCardList, async () => (await schemas()).checkCardList);
}

async function readCard(body: unknown): Promise<GiftCard> {
  return readChecked(unwrap(body, 'giftCard', 'object'), isWellFormedCard, async () => (await schemas()).checkCard);
}

/** Codes are secrets: after creation a card only ever shows its last characters. */
function secret(card: GiftCard): GiftCard {
  if (card.code === undefined) return card;
  const last = card.lastCharacters ?? card.code.slice(-4);
  return { ...card, code: maskCode(last) };
}

function hasCode(input: GiftCardCreate | GiftCardCreateDraft): input is GiftCardCreate {
  return input.code !== undefined;
}
