// The 60-day window: a token without read_all_orders sees only the orders of the last 60
// days, and a store's listing does not say it left older ones out. Whether a query reaching
// further back is cut short is told here, from the token's scopes (GET oauth2/access_scopes).
import type { AccessScopesApi } from '../access-scopes/requests.js';
import { ORDER_WINDOW_DAYS, READ_ALL_ORDERS } from './fields.js';

const DAY_MS = 86_400_000;

export interface WindowCheck {
  /** true: older orders are hidden from this token; false: nothing is; null: the store does not list the token's scopes. */
  limited: boolean | null;
  /** The first day the token sees (YYYY-MM-DD, UTC). */
  firstDay: string;
}

/** `since` (an ISO time, or none: from the beginning) against the window; the scopes are read only when it reaches beyond it. */
export async function checkOrderWindow(scopes: AccessScopesApi, since: string | undefined, now: Date): Promise<WindowCheck> {
  const start = now.getTime() - ORDER_WINDOW_DAYS * DAY_MS;
  const firstDay = new Date(start).toISOString().slice(0, 10);
  if (since !== undefined && Date.parse(since) >= start) return { limited: false, firstDay };
  const granted = await scopes.granted();
  if (granted === undefined) return { limited: null, firstDay };
  return { limited: !granted.includes(READ_ALL_ORDERS), firstDay };
}

/** The warning for a check that found older orders hidden (or could not tell); undefined when nothing is. */
export function windowWarning(check: WindowCheck, flag: string, what: string): string | undefined {
  if (check.limited === false) return undefined;
  if (check.limited === null) {
    return (
      `${flag} reaches back more than ${ORDER_WINDOW_DAYS} days, and the store does not say whether this token has ${READ_ALL_ORDERS}: ` +
      `without it, orders created before ${check.firstDay} are missing from ${what}.`
    );
  }
  return (
    `${flag} reaches back more than ${ORDER_WINDOW_DAYS} days, but this token lacks the scope ${READ_ALL_ORDERS}: ` +
    `the store shows only orders created since ${check.firstDay}, so older orders are missing from ${what}.`
  );
}

/**
 * Why a read of one order found nothing, when the window may be the cause: the store answers
 * an order older than 60 days as if it did not exist to a token without read_all_orders.
 * Undefined when the token sees every order (the order is really not there).
 */
export function missingOrderHint(check: WindowCheck): string | undefined {
  if (check.limited === false) return undefined;
  if (check.limited === null) {
    return (
      `If the order was created before ${check.firstDay}, a token without ${READ_ALL_ORDERS} cannot see it ` +
      `(it sees the last ${ORDER_WINDOW_DAYS} days only), and the store does not say whether this token has that scope.`
    );
  }
  return (
    `This token lacks ${READ_ALL_ORDERS}, so it sees only the orders of the last ${ORDER_WINDOW_DAYS} days (created since ${check.firstDay}): ` +
    `an older order is not found with it. Use a token with ${READ_ALL_ORDERS}.`
  );
}
