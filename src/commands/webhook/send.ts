// Sending one delivery to a handler, as `webhook trigger` and `webhook resend` both do: the
// request shown under --verbose, the receiver's status back, and one sentence on failure
// (exit 1 for a non-2xx answer or no answer at all).
import { DEFAULT_TIMEOUT_MS, type Context } from '../../root/context.js';
import { CancelledError, NetworkError, RuntimeError } from '../../core/errors.js';
import { shownUrl } from '../../core/secrets.js';
import type { OutgoingDelivery } from '../../webhooks/delivery.js';
import type { Brand } from '../../core/brand.js';
import { webhookHeaders } from '../../webhooks/wire.js';

/** The warning for an event sent without a secret. */
export function warnUnsigned(ctx: Context, brand: Brand): void {
  ctx.warn(
    `no --secret (nor STORE_CLI_WEBHOOK_SECRET): the event goes unsigned ` +
      `(no ${webhookHeaders(brand).signature} header), and a receiver that checks signatures refuses it.`,
  );
}

/** POSTs `delivery` to `to` and returns the receiver's 2xx status; `what` names the event in messages ("the products/create event"). */
export async function sendDelivery(ctx: Context, to: URL, delivery: OutgoingDelivery, what: string): Promise<number> {
  const where = shownUrl(to);
  const { PostFailure, postRaw } = await import('../../webhooks/post.js');
  if (ctx.globals.verbose) {
    ctx.say(`> POST ${where}`);
    for (let i = 0; i < delivery.headers.length; i += 2) ctx.say(`> ${delivery.headers[i]}: ${delivery.headers[i + 1]}`);
  }
  let reply;
  try {
    reply = await ctx.spin(`Sending ${what} to ${where}…`, () =>
      postRaw(to, { headers: delivery.headers, body: delivery.body, timeoutMs: ctx.globals.timeout ?? DEFAULT_TIMEOUT_MS, signal: ctx.signal }),
    );
  } catch (error) {
    if (ctx.signal.aborted) throw new CancelledError();
    if (error instanceof PostFailure)
      throw new NetworkError(`Could not deliver ${what} to ${where}: ${error.reason}${error.code ? ` (${error.code})` : ''}.`, error.code);
    throw error;
  }
  if (ctx.globals.verbose) ctx.say(`< ${reply.status}`);
  if (reply.status < 200 || reply.status > 299) {
    const said = reply.body.toString('utf8').replace(/\s+/g, ' ').trim();
    throw new RuntimeError(
      `The receiver at ${where} answered ${reply.status} to ${what}${said ? `: ${said.length > 200 ? `${said.slice(0, 200)}…` : said}` : ''}.`,
    );
  }
  return reply.status;
}
