// The one environment every bulk run (import, rehearsal, export, undo) gets from the
// command's context (bulk/engine/env.ts): its streams, Ctrl-C, the API, the clock, where its
// progress goes, and where a writing run keeps its journal; an export's adds its --report
// files, its --json and its stderr (bulk/engine/run-export.ts).
import type { BulkEnv } from '../bulk/engine/env.js';
import type { ExportEnv, ExportKind } from '../bulk/engine/run-export.js';
import type { Output } from '../core/output.js';
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

/** The flags every export reads the same way. */
export interface ExportFlags {
  report: readonly string[] | undefined;
  json?: unknown;
  jq?: unknown;
}

/**
 * An export's environment; a bad --report or --jq is refused here, before anything is sent.
 * `output`: the verb's bound ctx.output, for an export with a --json summary.
 */
async function exportEnv(ctx: Context, flags: ExportFlags, output?: () => Promise<Output>): Promise<ExportEnv> {
  const jsonAsked = (flags.json !== undefined && flags.json !== false) || flags.jq !== undefined;
  const out = jsonAsked && output ? await output() : undefined;
  const [env, { reportOutputs, reportTargets, runReporter }] = await Promise.all([bulkEnv(ctx), import('./run-reports.js')]);
  const targets = reportTargets(flags.report, ctx.env);
  return {
    ...env,
    say: (line) => ctx.say(line),
    stderrIsTerminal: ctx.io.isStderrTTY,
    reports: { outputs: reportOutputs(targets).map((r) => r.output), open: (facts) => runReporter(targets, facts, ctx) },
    ...(out
      ? {
          json: {
            flag: flags.jq !== undefined ? '--jq' : '--json',
            print: (summary: object) => (out.isJson ? out.item(summary, { columns: [] }) : Promise.resolve()),
          },
        }
      : {}),
  };
}

/** The export of `kind`, run by bulk's runExport in the environment of `ctx` (`output`: as exportEnv's). */
export async function runExportVerb<C>(ctx: Context, flags: ExportFlags, kind: ExportKind<C>, output?: () => Promise<Output>): Promise<C> {
  const { runExport } = await import('../bulk/engine/run-export.js');
  return runExport(await exportEnv(ctx, flags, output), kind);
}

/** The store a run writes to, as its journal names it: its profile and base URL (never its token), or the embedded sandbox. */
export async function runStore(ctx: Context): Promise<RunMeta['store']> {
  const target = await ctx.target();
  return ctx.globals.sandbox
    ? { profile: target.profile.value, sandbox: true }
    : { profile: target.profile.value, ...(target.baseUrl ? { baseUrl: target.baseUrl.value } : {}) };
}
