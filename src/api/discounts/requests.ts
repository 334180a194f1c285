// Discount requests: paths and wrappers of the store's `/discounts` API. Genstore documents
// create, update, status, delete and get (partners.genstore.ai "About Discount"); the
// listing's line is cut (`GET /discoun…`), taken to be `GET /discounts`. The count and a code
// discount's codes (`/discounts/{id}/codes`) are the service's own, so they are asked of a
// service store only: a Genstore store is never sent a path its docs do not show
// (docs/decisions.md "Discounts"). The body's shape is the store's (wire-shape.ts), by its
// header family. Commands call these with domain values and never see a path. A discount is
// read through its declaration (declaration.ts); a code's schema (zod) loads only when a code
// is read.
import type { Brand } from '../../core/brand.js';
import { ApiError, RuntimeError } from '../../core/errors.js';
import type { PageBound } from '../../core/paginate.js';
import type { Transport } from '../../core/transport.js';
import { readRecord, readRecords, RestApi } from '../rest-resource.js';
import { discounts, type Discount } from './declaration.js';
import type { DiscountChange, DiscountCode, DiscountCreate, DiscountFilter, DiscountList } from './schema.js';
import { discountBody, readDiscount, shapeOf, type DiscountShape } from './wire-shape.js';
import { API_PREFIX, createOnce, isCodeTaken, isEmptyAnswer, pagesOf, parseCount, readAllPages, segment, unwrap } from '../wire.js';

const schemas = () => import('./schema.js');

const BASE = `${API_PREFIX}/discounts`;
const DEFAULT_PAGE_SIZE = 50;
export const LARGEST_PAGE = 250;

export class DiscountsApi {
  /** What is alike in both shapes, a discount's read and its delete, as the kit does them (discount delete is the kit's). */
  readonly records: RestApi<typeof discounts>;

  /** `brand`: the store's header family, which says its discount shape (settled before the first request that depends on it). */
  constructor(
    private readonly transport: Transport,
    private readonly brand: () => Promise<Brand> = async () => 'service',
  ) {
    this.records = new RestApi(transport, discounts);
  }

  /** The store's discount shape. */
  async shape(): Promise<DiscountShape> {
    return shapeOf(await this.brand());
  }

  /** The store's family, for the rules that differ (a code's). */
  family(): Promise<Brand> {
    return this.brand();
  }

  /**
   * A discount has no unique key but its code: a create is never resent once it may have
   * reached the store. On the service, a code given is added to the discount made (its codes
   * are apart), and the discount read back with it.
   */
  async create(input: DiscountCreate): Promise<Discount | undefined> {
    const shape = await this.shape();
    const made = await createOnce(async () => {
      const response = await this.transport.request({ method: 'POST', path: BASE, body: discountBody(input, shape) });
      return isEmptyAnswer(response.body) ? undefined : await readOne(response.body);
    }, 'The discount may have been created anyway (discount list shows it).');
    if (shape === 'nested' || input.code === undefined || made === undefined) return made;
    const id = readDiscount(made).id;
    const added = await this.addCode(id, input.code);
    if (added.kind === 'taken')
      throw new ApiError(
        `The discount ${id} was made, but its code ${input.code} is taken (codes are unique in the store, ignoring case); discount delete ${id} takes it back.`,
        { status: 409 },
      );
    return this.get(id);
  }

  /**
   * A Genstore create that may be resent: the store holds codes and names unique (its help
   * centre: "Discount names must be globally unique"), so a second send cannot make a second
   * discount. Retried like an idempotent request when an answer is lost; a 409 is told back
   * as taken (`afterLostAnswer`: an earlier attempt may have made it) for the caller to look up.
   * The service holds neither unique: there it is create, never resent.
   */
  async createOrTaken(input: DiscountCreate): Promise<{ kind: 'created'; discount: Discount | undefined } | { kind: 'taken'; afterLostAnswer: boolean }> {
    if ((await this.shape()) === 'flat') return { kind: 'created', discount: await this.create(input) };
    try {
      const response = await this.transport.request({ method: 'POST', path: BASE, body: discountBody(input, 'nested'), idempotent: true });
      return { kind: 'created', discount: isEmptyAnswer(response.body) ? undefined : await readOne(response.body) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return { kind: 'taken', afterLostAnswer: error.mayHaveApplied };
      throw error;
    }
  }

  /**
   * Pages of discounts as they arrive; without `all`, one page and the next page's token.
   * Genstore documents no filter of its listing: there the filters are applied here, to every
   * page (a store that ignored an unknown parameter would otherwise widen the result), so a
   * filtered listing reads every page.
   */
  async *list(input: DiscountList, all: boolean, bound?: PageBound): AsyncGenerator<Discount[], string | undefined> {
    const filter: DiscountFilter = { status: input.status, discountMethod: input.discountMethod, discountType: input.discountType };
    const paging = { ...(bound ? { bound } : {}), defaultLimit: DEFAULT_PAGE_SIZE };
    if ((await this.shape()) === 'flat') {
      const query = { limit: input.limit?.toString(), sinceId: input.sinceId, pageToken: input.pageToken, ...filter };
      return yield* pagesOf(this.transport, BASE, query, readMany, { all, ...paging });
    }
    const filtered = Object.values(filter).some((value) => value !== undefined);
    const query = { limit: input.limit?.toString(), sinceId: input.sinceId, pageToken: input.pageToken };
    const pages = pagesOf(this.transport, BASE, query, readMany, { all: all || filtered, ...paging });
    for (;;) {
      const next = await pages.next();
      if (next.done) return next.value;
      yield filtered ? next.value.filter((discount) => matches(discount, filter)) : next.value;
    }
  }

  /** Every discount, in pages of the largest size. */
  async *everyDiscount(): AsyncGenerator<Discount[]> {
    yield* this.list({ limit: LARGEST_PAGE }, true);
  }

  /** The service counts (`GET /discounts/count`); Genstore documents no count, so its listing is read to the end, 250 a page, and counted. */
  async count(filter: DiscountFilter = {}): Promise<string> {
    if ((await this.shape()) === 'flat') {
      const response = await this.transport.request({
        method: 'GET',
        path: `${BASE}/count`,
        query: { status: filter.status, discountMethod: filter.discountMethod, discountType: filter.discountType },
      });
      return parseCount(response.body);
    }
    let total = 0;
    for await (const page of this.list({ limit: LARGEST_PAGE, ...filter }, true)) total += page.length;
    return String(total);
  }

  get(discountId: string): Promise<Discount> {
    return this.records.get(discountId);
  }

  /** Sends only what changes; an answer without a body is read back, so the discount shown is the store's. */
  async update(discountId: string, change: DiscountChange): Promise<Discount> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(discountId)}`, body: discountBody(change, await this.shape()) });
    if (isEmptyAnswer(response.body)) return this.get(discountId);
    return readOne(response.body);
  }

  /** Enabling or disabling is idempotent: a lost answer may safely be asked again. */
  async setStatus(discountId: string, status: 'ENABLED' | 'DISABLED'): Promise<Discount> {
    const response = await this.transport.request({ method: 'PUT', path: `${BASE}/${segment(discountId)}/status`, body: { status }, idempotent: true });
    if (isEmptyAnswer(response.body)) return this.get(discountId);
    return readOne(response.body);
  }

  delete(discountId: string): Promise<void> {
    return this.records.delete(discountId);
  }

  /** Every code of a service discount, page after page of the largest size. */
  async *everyCode(discountId: string): AsyncGenerator<DiscountCode[]> {
    await this.codesCollection();
    yield* pagesOf(this.transport, `${BASE}/${segment(discountId)}/codes`, { limit: String(LARGEST_PAGE) }, readCodes, {
      all: true,
      defaultLimit: DEFAULT_PAGE_SIZE,
    });
  }

  /** The service discount's code equal to `code` ignoring case, if it has one (one filtered read). */
  async findCode(discountId: string, code: string): Promise<DiscountCode | undefined> {
    await this.codesCollection();
    const found = await readAllPages(this.transport, `${BASE}/${segment(discountId)}/codes`, { code, limit: String(LARGEST_PAGE) }, readCodes);
    return found.find((one) => one.code.toLowerCase() === code.toLowerCase());
  }

  /**
   * Adds a code to a service discount. Codes are unique in the store, so a resend cannot make
   * a second one: it is retried like an idempotent request when an answer is lost, and a
   * "taken" answer is told back (`afterLostAnswer`: an earlier attempt may have added it).
   */
  async addCode(discountId: string, code: string): Promise<{ kind: 'created'; code: DiscountCode | undefined } | { kind: 'taken'; afterLostAnswer: boolean }> {
    await this.codesCollection();
    try {
      const response = await this.transport.request({
        method: 'POST',
        path: `${BASE}/${segment(discountId)}/codes`,
        body: { discountCode: { code } },
        idempotent: true,
      });
      return { kind: 'created', code: isEmptyAnswer(response.body) ? undefined : await readCode(response.body) };
    } catch (error) {
      if (error instanceof ApiError && isCodeTaken(error)) return { kind: 'taken', afterLostAnswer: error.mayHaveApplied };
      throw error;
    }
  }

  /** The codes collection is the service's: a Genstore store is never asked for it. */
  private async codesCollection(): Promise<void> {
    if ((await this.shape()) === 'nested')
      throw new RuntimeError('A Genstore discount holds its one code inside it: the store documents no codes endpoint, so none is asked for.');
  }
}

/** Whether a discount passes the listing's filters (compared as the documented values). */
function matches(discount: Discount, filter: DiscountFilter): boolean {
  const read = readDiscount(discount);
  return (
    (filter.status === undefined || read.status.toUpperCase() === filter.status) &&
    (filter.discountMethod === undefined || read.discountMethod.toUpperCase() === filter.discountMethod) &&
    (filter.discountType === undefined || read.discountType.toUpperCase() === filter.discountType)
  );
}

const readOne = (body: unknown): Discount => readRecord(discounts, body);

const readMany = (body: unknown): Discount[] => readRecords(discounts, body);

async function readCode(body: unknown): Promise<DiscountCode> {
  const { checkDiscountCode } = await schemas();
  return checkDiscountCode(unwrap(body, 'discountCode', 'object'));
}

async function readCodes(body: unknown): Promise<DiscountCode[]> {
  const { checkDiscountCodeList } = await schemas();
  return checkDiscountCodeList(unwrap(body, 'discountCodes', 'list'));
}
