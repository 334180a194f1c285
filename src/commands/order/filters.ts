// The filters `order list`, `order count` and `order export` share: declared once (their
// flags, at start-up: imports nothing heavy) and turned into the store's query names.
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, ORDER_STATUSES } from '../../api/orders/fields.js';
import type { Api } from '../../api/index.js';
import type { Context } from '../../root/context.js';
import { oneOf, text } from '../verb.js';

export const ORDER_FILTER_FLAGS = {
  status: oneOf('<status>', 'only orders in this state: open, closed, cancelled, or any (every state, as when not given)', ORDER_STATUSES),
  financialStatus: oneOf('<status>', 'only orders in this payment state', FINANCIAL_STATUSES),
  fulfillmentStatus: oneOf('<status>', 'only orders in this fulfilment state', FULFILLMENT_STATUSES),
  createdSince: text('<date>', 'only orders created at or after this date or time (YYYY-MM-DD is midnight UTC)'),
  createdUntil: text('<date>', 'only orders created at or before this date or time (YYYY-MM-DD: up to the end of that day, UTC)'),
  customer: text('<id|email>', "only this customer's orders: a customer id, or an email address (the store matches the order's email)"),
};

export interface FilterOptions {
  status?: string | undefined;
  financialStatus?: string | undefined;
  fulfillmentStatus?: string | undefined;
  createdSince?: string | undefined;
  createdUntil?: string | undefined;
  customer?: string | undefined;
}

/** A date alone is a whole UTC day: since its midnight, until the end of it. */
function dayStart(value: string | undefined): string | undefined {
  return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
}
function dayEnd(value: string | undefined): string | undefined {
  return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59Z` : value;
}

/** The flags as the store's query fields (still to be checked by checkOrderQuery). */
export function filterQuery(options: FilterOptions): Record<string, string | undefined> {
  const customer = options.customer;
  const byEmail = customer !== undefined && customer.includes('@');
  return {
    status: options.status,
    financialStatus: options.financialStatus,
    fulfillmentStatus: options.fulfillmentStatus,
    createTimeMin: dayStart(options.createdSince),
    createTimeMax: dayEnd(options.createdUntil),
    customerId: byEmail ? undefined : customer,
    email: byEmail ? customer : undefined,
  };
}

/** Each filter flag by its name, with its value: for --page-token's rule. */
export function filterFlags(options: FilterOptions): Record<`--${string}`, unknown> {
  return {
    '--status': options.status,
    '--financial-status': options.financialStatus,
    '--fulfillment-status': options.fulfillmentStatus,
    '--created-since': options.createdSince,
    '--created-until': options.createdUntil,
    '--customer': options.customer,
  };
}

/**
 * --created-since further back than 60 days, with a token lacking read_all_orders: the store
 * leaves the older orders out without a word, so the command says it (one more request, only then).
 */
export async function warnOfWindow(api: Api, since: string, ctx: Pick<Context, 'now' | 'warn'>): Promise<void> {
  const { checkOrderWindow, windowWarning } = await import('../../api/orders/window.js');
  const warning = windowWarning(await checkOrderWindow(api.accessScopes, since, ctx.now()), '--created-since', 'this answer');
  if (warning !== undefined) ctx.warn(warning);
}
