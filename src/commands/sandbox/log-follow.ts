// `sandbox logs --follow`: the log read by long polls, through a sandbox's restarts.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Api } from '../../api/index.js';
import type { SandboxLogEntry, SandboxLogQuery } from '../../api/sandbox-control/log-schema.js';
import { DEFAULT_TIMEOUT_MS, type Context } from '../../root/context.js';
import { NetworkError } from '../../core/errors.js';

/** The longest a follower asks the sandbox to hold a poll open (its own limit is 60 s). */
const MAX_POLL_MS = 25_000;
/** Between two tries to reach a sandbox that went away. */
const RECONNECT_MS = 1_000;

/**
 * The newest `limit` entries, then each new one as the sandbox logs it (a long poll: the
 * sandbox answers as soon as one comes), until Ctrl-C. A sandbox that goes away is waited
 * for; one that comes back restarted (another instance) is read from its first entry.
 */
export async function* followLog(
  log: Api['sandboxLog'],
  query: SandboxLogQuery,
  limit: number,
  ctx: Context,
  where = 'the sandbox',
): AsyncGenerator<SandboxLogEntry[]> {
  const waitMs = Math.min(MAX_POLL_MS, Math.floor((ctx.globals.timeout ?? DEFAULT_TIMEOUT_MS) / 2));
  let page = await log.read({ ...query, limit });
  ctx.say(`Following the request log of ${where}. Ctrl-C stops.`);
  yield page.entries;
  let { instance } = page;
  let after = page.last;
  let lost = false;
  while (!ctx.signal.aborted) {
    try {
      page = await log.read({ ...query, after, waitMs, instance });
    } catch (error) {
      if (ctx.signal.aborted) return;
      if (!(error instanceof NetworkError)) throw error;
      if (!lost) ctx.say(`The sandbox went away: ${error.message} Waiting for it to come back; Ctrl-C stops.`);
      lost = true;
      // Ctrl-C ends the pause at once, and the loop with it.
      await sleep(RECONNECT_MS, undefined, { signal: ctx.signal }).catch(() => undefined);
      continue;
    }
    if (page.instance !== instance) {
      // Another run: its log is answered from its first entry.
      ctx.say(`The sandbox ${lost ? 'is back, ' : ''}restarted: following its new request log.`);
      ({ instance } = page);
      after = 0;
    } else if (lost) ctx.say('The sandbox is back: following its request log again.');
    lost = false;
    const missed = page.first - after - 1;
    if (missed > 0) ctx.warn(`${missed} log entries were dropped before they could be read: the log keeps the newest ${page.size} (sandbox serve --log-size).`);
    after = page.last;
    yield page.entries;
  }
}
