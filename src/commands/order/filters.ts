// The filters `order list`, `order count` and `order export` share: declared once (their
// flags, at start-up: imports nothing heavy) and turned into the store's query names.
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, ORDER_STATUSES } from '../../api/orders/fields.js';
import type { OrderListQuery } from '../../api/orders/schema.js';
import { oneOf, text } from '../verb.js';

export const ORDER_FILTER_FLAGS = {
  status: oneOf(
    '<status>',
    'only orders in this state: open, closed, cancelled, or any (every state, as when not given); checked by store-cli too',
    ORDER_STATUSES,
  ),
  financialStatus: oneOf('<status>', 'only orders in this payment state (a filter the store documents)', FINANCIAL_STATUSES),
  fulfillmentStatus: oneOf('<status>', 'only orders in this fulfilment state (a filter the store documents)', FULFILLMENT_STATUSES),
  createdSince: text('<date>', 'only orders created at or after this date or time (YYYY-MM-DD is midnight UTC); checked by store-cli too'),
  createdUntil: text(
    '<date>',
    'only orders created at or before this date or time (YYYY-MM-DD: up to the end of that day, UTC); not before --created-since; checked by store-cli too',
  ),
  customer: text('<id|email>', "only this customer's orders: a customer id, or an email address (the order's email, ignoring case); checked by store-cli too"),
};

/**
 * What --help says of the filters: which the store is trusted with (the two its docs show)
 * and which store-cli checks again on every order that comes back (api/orders/client-filters.ts).
 */
export const FILTER_TRUST_NOTE = `The store is trusted with --financial-status and --fulfillment-status, the filters its
docs show. --status, --created-since, --created-until and --customer are sent too, but the
docs do not show them, so store-cli also checks each order that comes back: a store that
ignores one cannot widen the answer (a field an order does not carry, such as an email
withheld from the token, is taken at the store's word). order count with one of them counts
by listing (a request for every 250 orders) instead of asking the store's count.`;

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
  const [{ checkOrderQuery }, { UsageError }, { instantOf }] = await Promise.all([
    import('../../api/orders/schema.js'),
    import('../../core/errors.js'),
    import('../../api/instant.js'),
  ]);
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
  // Compared as instants: a time written without a zone is UTC, as a date alone is.
  if (since !== undefined && until !== undefined && instantOf(since)!.ms > instantOf(until)!.ms)
    throw new UsageError(
      `${flags.since} ${options.createdSince} is after ${flags.until} ${options.createdUntil}: no order can have been created in that window, so nothing was sent.`,
    );
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
