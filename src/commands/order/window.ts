// The 60-day window at the command line: a token without read_all_orders sees only the
// orders of the last 60 days, and the store says so neither in a listing nor in a 404. The
// order verbs say it: a listing reaching further back warns, and a read by id that found
// nothing explains itself (api/orders/window.ts words both).
import type { Api } from '../../api/index.js';
import { ApiError } from '../../core/errors.js';
import type { Context } from '../../root/context.js';

/**
 * --created-since further back than 60 days, with a token lacking read_all_orders: the store
 * leaves the older orders out without a word, so the command says it (one more request, only then).
 */
export async function warnOfWindow(api: Api, since: string, ctx: Pick<Context, 'now' | 'warn'>): Promise<void> {
  const { checkOrderWindow, windowWarning } = await import('../../api/orders/window.js');
  const warning = windowWarning(await checkOrderWindow(api.accessScopes, since, ctx.now()), '--created-since', 'this answer');
  if (warning !== undefined) ctx.warn(warning);
}

/**
 * A read of one order (get, update, cancel) whose 404 may be the window's: the token's scopes
 * are asked (one more request, only after a 404), and the error says the token sees the last
 * 60 days only when it lacks read_all_orders. Any other failure goes on as it came.
 */
export async function explainingWindow<T>(api: Api, ctx: Pick<Context, 'now'>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const { checkOrderWindow, missingOrderHint } = await import('../../api/orders/window.js');
    const check = await checkOrderWindow(api.accessScopes, undefined, ctx.now()).catch(() => undefined);
    const hint = check === undefined ? undefined : missingOrderHint(check);
    if (hint === undefined) throw error;
    throw new ApiError(`${error.message} ${hint}`, { status: error.status, code: error.code, fields: error.fields });
  }
}
