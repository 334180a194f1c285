// What `refund create` sends, worked out from the order and its refunds (read first): each line
// given back checked against the order's lines, its quantity when the flag gives none (all of
// it not refunded yet), the refunds already made (a lost answer is told from them), and the
// words a person is shown before the money leaves the store.
import type { Api } from '../../api/index.js';
import { idOf, orderLines, orderMoney, type OrderLine } from '../../api/orders/reading.js';
import { refundAmountOf, refundIdOf, refundLinesOf, type RefundInput } from '../../api/refunds/declaration.js';
import { UsageError } from '../../core/errors.js';
import { scalarText } from '../../core/json.js';
import type { Context } from '../../root/context.js';
import { explainingWindow } from '../order/window.js';

/** A line as `--line-items` gives it: an id, and how many when said. */
export interface AskedLine {
  id: string;
  quantity?: number;
}

export interface RefundPlan {
  input: RefundInput;
  /** The ids of the order's refunds before this one. */
  before: ReadonlySet<string>;
  /** `#1005`, else the order's id. */
  orderName: string;
  orderId: string;
  total: string;
  currency: string;
  /** What the order's refunds gave back so far, when every one of them says. */
  refundedSoFar: string | undefined;
  /** The order's lines given back, as the order reads them (a line the order does not show: its id alone). */
  lines: Array<{ line: OrderLine | undefined; quantity: number }>;
}

/** Decimal amounts summed exactly; undefined when one is not a plain amount. */
function sumOf(amounts: readonly string[]): string | undefined {
  let cents = 0n;
  for (const amount of amounts) {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
    if (!match) return undefined;
    cents += BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  }
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

export async function planRefund(
  api: Api,
  ctx: Pick<Context, 'now'>,
  orderId: string,
  asked: readonly AskedLine[],
  given: { amount?: string; shipping?: string; note?: string; notifyCustomer?: boolean },
): Promise<RefundPlan> {
  const [order, made] = await Promise.all([explainingWindow(api, ctx, () => api.orders.get(orderId)), api.refunds.listFor(orderId)]);
  const name = scalarText(order.name ?? '') || (idOf(order) ?? orderId);
  const orderLinesRead = orderLines(order);
  const refunded = (lineId: string) =>
    made.reduce((sum, refund) => sum + (refundLinesOf(refund) ?? []).reduce((n, line) => n + (line.lineItemId === lineId ? line.quantity : 0), 0), 0);
  const lines = asked.map((wanted) => {
    const line = orderLinesRead.find((candidate) => candidate.id === wanted.id);
    if (line === undefined && orderLinesRead.length > 0)
      throw new UsageError(
        `--line-items: ${wanted.id} is no line item of the order ${name} (its lines: ${orderLinesRead.map((candidate) => candidate.id).join(', ')}). Nothing was sent.`,
      );
    if (wanted.quantity !== undefined) return { line, quantity: wanted.quantity };
    const left = Number(line?.quantity ?? NaN) - refunded(wanted.id);
    if (!Number.isSafeInteger(left))
      throw new UsageError(`--line-items: give the quantity of ${wanted.id} (${wanted.id}:1): the order does not say how many it has. Nothing was sent.`);
    if (left <= 0) throw new UsageError(`--line-items: the line ${wanted.id} of the order ${name} is refunded in full already. Nothing was sent.`);
    return { line, quantity: left };
  });
  const { total, currency } = orderMoney(order);
  return {
    input: {
      orderId,
      lineItems: lines.map(({ line, quantity }, index) => ({ lineItemId: line?.id ?? asked[index]!.id, quantity })),
      shipping: given.shipping,
      amount: given.amount,
      note: given.note,
      notifyCustomer: given.notifyCustomer,
    },
    before: new Set(made.map(refundIdOf)),
    orderName: name,
    orderId,
    total,
    currency,
    refundedSoFar: sumOf(made.map(refundAmountOf)),
    lines,
  };
}

/** The refund in words, a line each, for the person asked before it is sent. */
export function describeRefund(plan: RefundPlan): string[] {
  const money = (amount: string) => [amount, plan.currency].filter(Boolean).join(' ');
  const so = plan.refundedSoFar === undefined ? '' : `, ${money(plan.refundedSoFar)} refunded so far`;
  const { input } = plan;
  return [
    `Refund on order ${plan.orderName} (${plan.orderId}${plan.total === '' ? '' : `, total ${money(plan.total)}`}${so}):`,
    ...plan.lines.map(({ line, quantity }, index) =>
      line === undefined
        ? `  ${quantity} × line ${input.lineItems[index]!.lineItemId}`
        : `  ${quantity} × ${line.title || line.sku || 'line'} (line ${line.id}${line.price === '' ? '' : `, ${money(line.price)} each`})`,
    ),
    ...(input.shipping === undefined ? [] : [`  shipping ${money(input.shipping)}`]),
    input.amount === undefined ? '  amount: as the store works it out from the lines and the shipping' : `  amount: ${money(input.amount)}`,
    ...(input.note === undefined ? [] : [`  note to the customer: ${input.note}`]),
    ...(input.notifyCustomer === true ? ['  the customer is emailed about it'] : []),
  ];
}
