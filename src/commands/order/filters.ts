// The filters `order list`, `order count` and `order export` share: declared once (their
// flags, at start-up: imports nothing heavy) and turned into the store's query names.
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, ORDER_STATUSES } from '../../api/orders/fields.js';
import { oneOf, text } from '../verb.js';

export const ORDER_FILTER_FLAGS = {
  status: oneOf('<status>', 'only orders in this state: open, closed, cancelled, or any (every state, as when not given); checked by store-cli too', ORDER_STATUSES),
  financialStatus: oneOf('<status>', 'only orders in this payment state (a filter the store documents)', FINANCIAL_STATUSES),
  fulfillmentStatus: oneOf('<status>', 'only orders in this fulfilment state (a filter the store documents)', FULFILLMENT_STATUSES),
  createdSince: text('<date>', 'only orders created at or after this date or time (YYYY-MM-DD is midnight UTC); checked by store-cli too'),
  createdUntil: text('<date>', 'only orders created at or before this date or time (YYYY-MM-DD: up to the end of that day, UTC); checked by store-cli too'),
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
