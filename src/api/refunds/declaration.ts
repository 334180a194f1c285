// Refunds, money given back on an order (About Refund, partners.genstore.ai/docs/api-rest/18):
// made at `POST /refunds`, read by id at `GET /refunds?ids=`, an order's listed at `GET
// /orders/{id}/refunds`. The docs' copies differ (an older one writes `id`, `refundPrice` and
// snake_case lines, a newer one `refundId`, `amount` and `lineItemId`): a refund is read with
// either id, every other field shown as sent. The body a create sends is past the readable
// part: this project's choice (docs/decisions.md "Refunds"). None of the requests is the kit's,
// so RefundsApi writes them over the declaration. A refund is never sent twice: after a lost
// answer the order's refunds say whether it was made.
import { ApiError, CancelledError, RequestError, RuntimeError, UnconfirmedCreateError } from '../../core/errors.js';
import { definedOnly } from '../../core/defined-only.js';
import { isLosslessNumber, scalarText } from '../../core/json.js';
import { sameAmount } from '../gift-cards/match.js';
import { kind, readRecord, readRecords, restResource, RestApi, type RecordOf } from '../rest-resource.js';
import { API_PREFIX, isEmptyAnswer, segment } from '../wire.js';

export const refunds = restResource({
  name: 'refund',
  path: '/refunds',
  wrap: { item: 'refund', list: 'refunds' },
  fields: {
    id: kind.id(),
    refundId: kind.id(),
    orderId: kind.id(),
    customerId: kind.asSent(),
    /** The money given back; `refundPrice` in the docs' older copy. */
    amount: kind.decimal({ write: true }),
    refundPrice: kind.asSent(),
    currency: kind.asSent(),
    note: kind.text({ max: 500, write: true }),
    notifyCustomer: kind.bool({ write: true }),
    /** The order's lines refunded: `[{lineItemId, quantity, subtotal, ...}]`. */
    lineItems: kind.asSent(),
    /** The shipping refunded: `{shippingPrice}`. */
    shipping: kind.asSent(),
    status: kind.asSent(),
    createTime: kind.timestamp(),
    updateTime: kind.timestamp(),
  },
  read: withId,
});

export type Refund = RecordOf<typeof refunds>;

/** The fields --json selects, both copies' names. */
export const REFUND_FIELDS = Object.keys(refunds.fields);

/** A refund's id by the name each copy of the docs gives it. */
export const REFUND_ID_FIELDS = ['id', 'refundId'] as const;

/** A refund must carry an id (`refundId` in the docs' table, `id` in their older sample), as text or a number. */
function withId(refund: Record<string, unknown>): Record<string, unknown> {
  const id = refund.refundId ?? refund.id;
  if (typeof id !== 'string' && !isLosslessNumber(id)) throw new RuntimeError("The store sent a refund without an id (neither 'refundId' nor 'id').");
  return refund;
}

/** A refund's id as text, digit-exact. */
export function refundIdOf(refund: Refund): string {
  return scalarText(refund.refundId ?? refund.id);
}

/** The money a refund gave back, as the store wrote it ('' when it wrote none). */
export function refundAmountOf(refund: Refund): string {
  const amount = refund.amount ?? refund.refundPrice;
  return amount === undefined || amount === null ? '' : scalarText(amount);
}

/** One line of an order given back: its line item id and how many. */
export interface RefundLine {
  lineItemId: string;
  quantity: number;
}

/** The lines a refund gave back, read whichever way the store named them; undefined when they cannot be read. */
export function refundLinesOf(refund: Refund): RefundLine[] | undefined {
  const lines = refund.lineItems ?? [];
  if (!Array.isArray(lines)) return undefined;
  const read: RefundLine[] = [];
  for (const line of lines as unknown[]) {
    if (line === null || typeof line !== 'object') return undefined;
    const fields = line as Record<string, unknown>;
    const id = fields.lineItemId ?? fields.line_item_id;
    const quantity = fields.quantity === undefined || fields.quantity === null ? '' : scalarText(fields.quantity);
    if (id === undefined || id === null || scalarText(id) === '' || !/^\d{1,9}$/.test(quantity)) return undefined;
    read.push({ lineItemId: scalarText(id), quantity: Number(quantity) });
  }
  return read;
}

/** The shipping a refund gave back ('' when none, or not said). */
export function refundShippingOf(refund: Refund): string {
  const shipping = refund.shipping;
  if (shipping !== null && typeof shipping === 'object' && !Array.isArray(shipping) && !isLosslessNumber(shipping)) {
    const price = (shipping as Record<string, unknown>).shippingPrice;
    if (price !== undefined && price !== null) return scalarText(price);
  }
  const total = (refund as Record<string, unknown>).totalRefundShippingPrice;
  return total === undefined || total === null ? '' : scalarText(total);
}

/** What a refund gives back: lines, shipping, an amount (else the store works it out), a note for the customer. */
export interface RefundInput {
  orderId: string;
  lineItems: readonly RefundLine[];
  /** The shipping given back, a decimal amount. */
  shipping?: string | undefined;
  /** The money given back, when not what the store works out from the lines and the shipping. */
  amount?: string | undefined;
  note?: string | undefined;
  notifyCustomer?: boolean | undefined;
}

/** A create's refund, and how it was had: `created` by this request, or `recovered` from the order's refunds after its answer was lost. */
export interface CreatedRefund {
  refund: Refund | undefined;
  how: 'created' | 'recovered';
}

/** Whether a refund the store lists gives back exactly what was asked (lines, shipping, and the amount and note when given). */
export function givesBack(refund: Refund, input: RefundInput): boolean {
  const lines = refundLinesOf(refund);
  if (lines === undefined || lines.length !== input.lineItems.length) return false;
  if (!input.lineItems.every((line) => lines.some((made) => made.lineItemId === line.lineItemId && made.quantity === line.quantity))) return false;
  const shipping = refundShippingOf(refund);
  if (input.shipping === undefined ? shipping !== '' && !sameAmount(shipping, '0') : shipping === '' || !sameAmount(shipping, input.shipping)) return false;
  if (input.amount !== undefined && !sameAmount(refundAmountOf(refund), input.amount)) return false;
  return input.note === undefined || refund.note === input.note;
}

export class RefundsApi extends RestApi<typeof refunds> {
  /** An order's refunds, as the store lists them. */
  async listFor(orderId: string): Promise<Refund[]> {
    const response = await this.transport.request({ method: 'GET', path: `${API_PREFIX}/orders/${segment(orderId)}/refunds` });
    return readRecords(refunds, response.body);
  }

  /** One refund by its id (`GET refunds?ids=`); a 404 when the store lists none with it. */
  async getById(id: string): Promise<Refund> {
    const response = await this.transport.request({ method: 'GET', path: this.at(), query: { ids: id } });
    const found = readRecords(refunds, response.body).find((refund) => refundIdOf(refund) === id);
    if (found === undefined) throw new ApiError(`No refund has the id ${id}.`, { status: 404 });
    return found;
  }

  /**
   * Gives money back, once: never resent, since a second send would refund twice. When its
   * answer is lost, the order's refunds are read: a refund that was not among `before` (the
   * ids read before sending) and gives back exactly what was asked is the one made
   * (`recovered`); otherwise the refund may still have been made, which the error says.
   * Undefined when the store answered without a body.
   */
  async createFor(input: RefundInput, before: ReadonlySet<string>): Promise<CreatedRefund> {
    const { orderId, lineItems, shipping, amount, note, notifyCustomer } = input;
    const body = {
      refund: definedOnly({
        orderId,
        ...(lineItems.length > 0 ? { lineItems: lineItems.map((line) => ({ ...line })) } : {}),
        ...(shipping === undefined ? {} : { shipping: { shippingPrice: shipping } }),
        amount,
        note,
        notifyCustomer,
      }),
    };
    try {
      const response = await this.transport.request({ method: 'POST', path: this.at(), body, once: true });
      return { refund: isEmptyAnswer(response.body) ? undefined : readRecord(refunds, response.body), how: 'created' };
    } catch (error) {
      if (error instanceof CancelledError) throw new UnconfirmedCreateError('Interrupted. The refund may have been made anyway.', error);
      if (!(error instanceof RequestError) || !error.mayHaveApplied) throw error;
      const made = await this.listFor(orderId).then(
        (listed) => listed.filter((refund) => !before.has(refundIdOf(refund)) && givesBack(refund, input)),
        () => undefined,
      );
      if (made?.length === 1) return { refund: made[0], how: 'recovered' };
      const why =
        made === undefined
          ? "the order's refunds could not be read to tell"
          : made.length === 0
            ? "it is not among the order's refunds yet, but the store may still be making it"
            : `the order has ${made.length} new refunds like it`;
      throw new UnconfirmedCreateError(`${error.message} The refund may have been made anyway: ${why}.`, error);
    }
  }
}
