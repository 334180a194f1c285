// Discount requests: paths and wrappers of the store's `/discounts` API (partners.genstore.ai
// "About Discount": create, update, status, delete, get; the listing, count and codes are
// decided in docs/decisions.md "Discounts"). Commands call these with domain values and never
// see a path. The schema (zod) loads only when an answer is read.
import { ApiError } from '../../core/errors.js';
import type { PageBound } from '../../core/paginate.js';
import type { Transport } from '../../core/transport.js';
import { definedOnly } from '../../core/defined-only.js';
import type { Discount, DiscountChange, DiscountCode, DiscountCreate, DiscountList } from './schema.js';
import { API_PREFIX, createOnce, isCodeTaken, isEmptyAnswer, pagesOf, parseCount, readAllPages, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/discounts`;
const DEFAULT_PAGE_SIZE = 50;
export const LARGEST_PAGE = 250;

export class DiscountsApi {
  constructor(private readonly transport: Transport) {}

  /** A discount has no unique key: a create is never resent once it may have reached the store. */
  async create(input: DiscountCreate): Promise<Discount | undefined> {
    return createOnce(async () => {
      const response = await this.transport.request({ method: 'POST', path: BASE, body: { discount: definedOnly(input) } });
      return isEmptyAnswer(response.body) ? undefined : await readDiscount(response.body);
    }, 'The discount may have been created anyway (discount list shows it).');
  }

  /** Pages of discounts as they arrive; without `all`, one page and the next page's token. */
  async *list(input: DiscountList, all: boolean, bound?: PageBound): AsyncGenerator<Discount[], string | undefined> {
    const query = { limit: input.limit?.toString(), sinceId: input.sinceId, pageToken: input.pageToken, status: input.status, discountMethod: input.discountMethod, discountType: input.discountType };
    return yield* pagesOf(this.transport, BASE, query, readDiscounts, { all, ...(bound ? { bound } : {}), defaultLimit: DEFAULT_PAGE_SIZE });
  }

  async count(filter: Pick<DiscountList, 'status' | 'discountMethod' | 'discountType'> = {}): Promise<string> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/count`, query: { status: filter.status, discountMethod: filter.discountMethod, discountType: filter.discountType } });
    return parseCount(response.body);
  }

  async get(discountId: string): Promise<Discount> {
    const response = await this.transport.request({ method: 'GET', path: `${BASE}/${segment(discountId)}` });
    return readDiscount(response.body);
  }

  /** Sends only what changes; an answer without a body is read back, so the discount shown is the store's. */
  async update(discountId: string, change: DiscountChange): Promise<Discount> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(discountId)}`, body: { discount: definedOnly(change) } });
    if (isEmptyAnswer(response.body)) return this.get(discountId);
    return readDiscount(response.body);
  }

  /** Enabling or disabling is idempotent: a lost answer may safely be asked again. */
  async setStatus(discountId: string, status: 'ENABLED' | 'DISABLED'): Promise<Discount> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(discountId)}/status`, body: { status }, idempotent: true });
    if (isEmptyAnswer(response.body)) return this.get(discountId);
    return readDiscount(response.body);
  }

  async delete(discountId: string): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: `${BASE}/${segment(discountId)}` });
  }

  /** Every code of a discount, page after page of the largest size. */
  async *everyCode(discountId: string): AsyncGenerator<DiscountCode[]> {
    yield* pagesOf(this.transport, `${BASE}/${segment(discountId)}/codes`, { limit: String(LARGEST_PAGE) }, readCodes, { all: true, defaultLimit: DEFAULT_PAGE_SIZE });
  }

  /** The discount's code equal to `code` ignoring case, if it has one (one filtered read). */
  async findCode(discountId: string, code: string): Promise<DiscountCode | undefined> {
    const found = await readAllPages(this.transport, `${BASE}/${segment(discountId)}/codes`, { code, limit: String(LARGEST_PAGE) }, readCodes);
    return found.find((one) => one.code.toLowerCase() === code.toLowerCase());
  }

  /**
   * Adds a code. Codes are unique in the store, so a resend cannot make a second one: it is
   * retried like an idempotent request when an answer is lost, and a "taken" answer is told
   * back (`afterLostAnswer`: an earlier attempt may have added it) for the caller to look up.
   */
  async addCode(discountId: string, code: string): Promise<{ kind: 'created'; code: DiscountCode | undefined } | { kind: 'taken'; afterLostAnswer: boolean }> {
    try {
      const response = await this.transport.request({ method: 'POST', path: `${BASE}/${segment(discountId)}/codes`, body: { discountCode: { code } }, idempotent: true });
      return { kind: 'created', code: isEmptyAnswer(response.body) ? undefined : await readCode(response.body) };
    } catch (error) {
      if (error instanceof ApiError && isCodeTaken(error)) return { kind: 'taken', afterLostAnswer: error.mayHaveApplied };
      throw error;
    }
  }
}

async function readDiscount(body: unknown): Promise<Discount> {
  const { checkDiscount } = await schemas();
  return checkDiscount(unwrap(body, 'discount', 'object'));
}

async function readDiscounts(body: unknown): Promise<Discount[]> {
  const { checkDiscountListAnswer } = await schemas();
  return checkDiscountListAnswer(unwrap(body, 'discounts', 'list'));
}

async function readCode(body: unknown): Promise<DiscountCode> {
  const { checkDiscountCode } = await schemas();
  return checkDiscountCode(unwrap(body, 'discountCode', 'object'));
}

async function readCodes(body: unknown): Promise<DiscountCode[]> {
  const { checkDiscountCodeList } = await schemas();
  return checkDiscountCodeList(unwrap(body, 'discountCodes', 'list'));
}
