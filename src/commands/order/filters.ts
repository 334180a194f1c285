// The filters `order list`, `order count` and `order export` share: declared once (their
// flags, at start-up: imports nothing heavy) and turned into the store's query names.
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, ORDER_STATUSES } from '../../api/orders/fields.js';
import type { Api } from '../../api/index.js';
import type { OrderListQuery } from '../../api/orders/schema.js';
import type { Context } from '../../root/context.js';
import { oneOf, text } from '../verb.js';

export const ORDER_FILTER_FLAGS = {
  status: oneOf('<status>', 'only orders in this state: open, closed, cancelled, or any (every state, as when not given)', ORDER_STATUSES),
  financialStatus: oneOf('<status>', 'only orders in this payment state', FINANCIAL_STATUSES),
  fulfillmentStatus: oneOf('<status>', 'only orders in this fulfilment state', FULFILLMENT_STATUSES),
  createdSince: text('<date>', 'only orders created at or after this date or time (YYYY-MM-DD is midnight UTC)'),
  createdUntil: text('<date>', 'only orders created at or before this date or time (YYYY-MM-DD: up to the end of that day, UTC); not before --created-since'),
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

/** A time as an instant to compare: one written without a zone is UTC, as a date alone is. */
function instant(time: string): number {
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/i.test(time) ? time : `${time}Z`);
}

/** How a verb names its two creation-time flags: `--created-since`/`--created-until`, or export's `--since`/`--until`. */
export interface WindowFlags {
  since: `--${string}`;
  until: `--${string}`;
}

export const CREATED_FLAGS: WindowFlags = { since: '--created-since', until: '--created-until' };

/** A listing's own fields, checked with the filters: limit, sinceId, pageToken. */
export interface PageFields {
  limit?: number | undefined;
  sinceId?: string | undefined;
  pageToken?: string | undefined;
}

/**
 * The flags as the store's query, checked before anything is sent (exit 2): a bad value is
 * named by the flag as the verb declares it and shown as typed (not as the day's midnight it
 * becomes), and a window that ends before it starts, which no order can be in, is refused
 * naming both flags.
 */
export async function orderQuery(options: FilterOptions, page: PageFields = {}, flags: WindowFlags = CREATED_FLAGS): Promise<OrderListQuery> {
  const [{ checkOrderQuery }, { UsageError }] = await Promise.all([import('../../api/orders/schema.js'), import('../../core/errors.js')]);
  const customer = options.customer;
  const byEmail = customer !== undefined && customer.includes('@');
  const query = checkOrderQuery(
    {
      status: options.status,
      financialStatus: options.financialStatus,
      fulfillmentStatus: options.fulfillmentStatus,
      createTimeMin: options.createdSince,
      createTimeMax: options.createdUntil,
      customerId: byEmail ? undefined : customer,
      email: byEmail ? customer : undefined,
      ...page,
    },
    { createTimeMin: flags.since, createTimeMax: flags.until },
  );
  const since = dayStart(query.createTimeMin);
  const until = dayEnd(query.createTimeMax);
  if (since !== undefined && until !== undefined && instant(since) > instant(until))
    throw new UsageError(`${flags.since} ${options.createdSince} is after ${flags.until} ${options.createdUntil}: no order can have been created in that window, so nothing was sent.`);
  return { ...query, ...(since !== undefined ? { createTimeMin: since } : {}), ...(until !== undefined ? { createTimeMax: until } : {}) };
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
