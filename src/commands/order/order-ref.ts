// The order an argument names, for every verb that takes one (fulfillment list, count,
// create; refunds later): digits are an id, used as given (no request); anything else is the
// order's name (#1001), looked up in the listing of every order the token sees (250 a page,
// api/orders/refs.ts), and must be exactly one order's. None, or several, exits 2 in one
// sentence, nothing written; a name not found says when the token's 60-day window may hide it.
import type { Api } from '../../api/index.js';
import { findOrders, nameKey, orderRef } from '../../api/orders/refs.js';
import { idOf } from '../../api/orders/reading.js';
import { FieldError } from '../../core/errors.js';
import type { Context } from '../../root/context.js';

/** The words a verb's help gives its ORDER argument. */
export const ORDER_ARG_HELP = 'the order: its id, or its name such as #1001 (looked up among the orders)';

/** The help's line on how a name is looked up. */
export const ORDER_NAME_NOTE = `ORDER is an id, or the order's name (#1001, ignoring case): a name is looked up in the
listing of every order the token sees (250 a page), and must be one order's (exit 2 otherwise).
`;

/** Names shown when several orders hold one name. */
const SHOWN = 5;

/** The id of the order `value` names; `arg` is how sentences name the argument. */
export async function resolveOrder(api: Api, value: string, ctx: Pick<Context, 'spin' | 'now'>, arg = '<order>'): Promise<string> {
  const ref = orderRef(value);
  if (ref === undefined) throw new FieldError(arg, (name) => `${name()} must be an order id or an order name such as #1001, not empty.`);
  if (ref.kind === 'id') return ref.id;
  const found = await ctx.spin(`Looking up order ${value.trim()}…`, () => findOrders(api.orders, new Set(), new Set([ref.key])));
  const named = found.byName.get(nameKey(value)) ?? [];
  const ids = named.map((order) => idOf(order)!);
  if (ids.length === 1) return ids[0]!;
  if (ids.length > 1) {
    const listed = ids.slice(0, SHOWN).join(', ') + (ids.length > SHOWN ? ` and ${ids.length - SHOWN} more` : '');
    throw new FieldError(arg, (name) => `${ids.length} orders are named '${value.trim()}' (ids ${listed}): give ${name()} the id of the one meant.`, false);
  }
  const { checkOrderWindow, missingOrderHint } = await import('../../api/orders/window.js');
  const check = await checkOrderWindow(api.accessScopes, undefined, ctx.now()).catch(() => undefined);
  const hint = check === undefined ? undefined : missingOrderHint(check);
  throw new FieldError(
    arg,
    (name) =>
      `No order is named '${value.trim()}' (${name()}) among the ${found.seen} orders the token sees; 'store-cli order list' lists them.${hint === undefined ? '' : ` ${hint}`}`,
    false,
  );
}
