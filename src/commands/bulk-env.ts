// The one environment every bulk run (import, rehearsal, export, undo) gets from the
// command's context (bulk/engine/env.ts): its streams, Ctrl-C, the API, the clock, where its
// progress goes, and where a writing run keeps its journal.
import type { BulkEnv } from '../bulk/engine/env.js';
import type { RunMeta } from '../bulk/runs/run-journal.js';
import type { Context } from '../root/context.js';

export async function bulkEnv(ctx: Context): Promise<BulkEnv> {
  const { dataStdout } = await import('../core/escaping-stream.js');
  // Live in a terminal; plain lines for logs (and beside --verbose's request log).
  const live = ctx.io.isStderrTTY && !ctx.globals.verbose;
  return {
    stdin: ctx.io.stdin,
    stdout: ctx.io.stdout,
    stdoutIsTerminal: ctx.io.isStdoutTTY,
    // At a terminal, the store's text with its control characters escaped; piped, exact.
    dataStdout: dataStdout(ctx.io),
    signal: ctx.signal,
    api: (tuning) => ctx.api(tuning),
    clock: ctx.clock,
    now: () => ctx.now(),
    progress: live ? { write: ctx.io.errTerminal, mode: 'live' } : { write: ctx.io.err, mode: 'lines' },
    warn: (message) => ctx.warn(message),
    runs: { dataDir: () => ctx.dataDir(), store: () => runStore(ctx), ...(ctx.runGroup === undefined ? {} : { group: ctx.runGroup }) },
  };
}

/** The store a run writes to, as its journal names it: its profile and base URL (never its token), or the embedded sandbox. */
export async function runStore(ctx: Context): Promise<RunMeta['store']> {
  const target = await ctx.target();
  return ctx.globals.sandbox ? { profile: target.profile.value, sandbox: true } : { profile: target.profile.value, ...(target.baseUrl ? { baseUrl: target.baseUrl.value } : {}) };
}
