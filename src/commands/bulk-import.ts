// What the import verbs (metafield, gift card, product and discount code imports) share:
// their bulk flags, the concurrency they run at, the environment the import engine gets from
// the context (the run's journal among it), and how its report is told (summary on stderr,
// --json on stdout, the --report files, the exit code); and --rehearse where a verb offers it.
import type { ImportEnv, ImportReport, OpenRehearsalStore } from '../bulk/index.js';
import type { Context } from '../root/context.js';
import { IMPORT_CONCURRENCY } from '../core/defaults.js';
import { FieldError } from '../core/errors.js';
import type { Output } from '../core/output.js';
import { durationFlag } from './flag-checks.js';
import { boolean, text, whole } from './verb.js';
import { checkReportFiles, reportFlag, reportTargets, writeReports, type ReportTarget } from './run-reports.js';

/** Requests in flight (built-in 8): enough to hide a store's latency, few enough for its rate limit to pace. */
const { builtIn: DEFAULT_CONCURRENCY, max: MAX_CONCURRENCY } = IMPORT_CONCURRENCY;

/**
 * --dry-run, --rejects, --shard, --concurrency; `what`: what a dry run reads ("current
 * values"); `units`: what a shard takes a share of ("business objects").
 */
export function importFlags(what: string, units: string) {
  return {
    dryRun: boolean(`validate and print the plan (creates, updates, unchanged): reads ${what}, writes nothing`),
    rejects: text('<file>', 'write every failed row to this CSV file, with its line number and the reason'),
    results: text('<file>', 'write a CSV line per row as the run goes: line, key, action (created, updated, unchanged, rejected), the id the store gave, and the value an update replaced'),
    shard: text('<i/n>', `take only share i of n of the ${units}, for n parallel jobs over one file`),
    concurrency: whole(
      '<n>',
      `requests in flight, 1..${MAX_CONCURRENCY} (default: the profile's import-concurrency, else ${DEFAULT_CONCURRENCY}); the store's rate-limit header, or its 429s, pace the run by themselves`,
      { min: 1, max: MAX_CONCURRENCY },
    ),
    giveUpAfter: text('<duration>', 'stop (exit 1, with the summary) once the store has refused every request with 429 for this long, such as 90s, 10m or 1h (default 5m)'),
    allOrNothing: boolean('check every row against the store first (reads only: its values, definitions, taken codes) and write nothing unless none would be rejected; the file is read twice'),
    maxRejects: text(
      '<n|p%>',
      'stop sending writes once more than n rows (a whole number, such as 10) or p% of the rows read (such as 5%, judged from the 100th row on) are rejected: what is in flight finishes, then exit 3 with the summary',
    ),
    report: reportFlag(),
  };
}

/** --rehearse, for the imports that can copy what their file touches (importOrRehearse). */
export function rehearseFlag() {
  return boolean(
    "run the whole import on an in-memory copy of what the file touches (read from the store, GETs only), in the store's dialect and at its rate: prints the plan, every row the store would reject, the requests and how long they would take; writes nothing to the store",
  );
}

export const IMPORT_JSON_WHAT =
  'the summary {rows, created, updated, unchanged, failed, unfinished, requests, refused, elapsedMs} as JSON on stdout (unfinished: rows read but not applied when the run stopped; requests: every attempt sent; refused: those the rate limit refused with 429)';

export const IMPORT_EXIT_CODES = `Exit codes: 0 every row applied; 3 some rows failed (the rest applied; see --rejects);
  2 the file is unusable (nothing was sent); 1 the run stopped: a refused token, a store
  down, or nothing but 429s for --give-up-after (after a summary); 130 interrupted (after a summary).
`;

interface BulkFlags {
  dryRun?: boolean | undefined;
  rejects?: string | undefined;
  results?: string | undefined;
  shard?: string | undefined;
  concurrency?: number | undefined;
  giveUpAfter?: string | undefined;
  report?: string[] | undefined;
  maxRejects?: string | undefined;
  allOrNothing?: boolean | undefined;
  rehearse?: boolean | undefined;
}

/** The flags as the engine takes them: concurrency resolved, the shard parsed, the reports checked against `file`. */
export async function importSettings(options: BulkFlags, ctx: Context, file: string) {
  const concurrency = options.concurrency ?? (await ctx.setting('import-concurrency')).value;
  const bulk = await import('../bulk/index.js');
  const shard = options.shard === undefined ? undefined : bulk.parseShard(options.shard);
  const giveUpAfterMs = options.giveUpAfter === undefined ? bulk.GIVE_UP_AFTER_MS : durationFlag(options.giveUpAfter, '--give-up-after');
  const maxRejects = options.maxRejects === undefined ? undefined : bulk.parseRejectLimit(options.maxRejects);
  if (options.maxRejects !== undefined && maxRejects === undefined) {
    throw new FieldError('maxRejects', (name) => `${name()} must be a whole number of rows (10) or a percentage of the rows read (5%), not "${options.maxRejects}".`);
  }
  if (options.rehearse === true && options.dryRun === true) {
    throw new FieldError('rehearse', (name) => `${name()} and ${name('dryRun')} are two ways to preview an import: give one.`);
  }
  const reports = reportTargets(options.report, ctx.env);
  await checkReportFiles(reports, [
    { path: file, what: 'the file imported' },
    { path: options.rejects, what: 'the --rejects file' },
    { path: options.results, what: 'the --results file' },
  ]);
  if (options.results !== undefined) await checkResultsFile(options.results, options.rejects);
  return {
    bulk,
    reports,
    rehearse: options.rehearse === true,
    settings: {
      ...(shard ? { shard } : {}),
      dryRun: options.dryRun === true,
      concurrency,
      giveUpAfterMs,
      ...(maxRejects ? { maxRejects } : {}),
      ...(options.allOrNothing === true ? { allOrNothing: true } : {}),
      ...(options.rejects !== undefined ? { rejectsPath: options.rejects } : {}),
      ...(options.results !== undefined ? { resultsPath: options.results } : {}),
    },
  };
}

/** The --results file must not be the --rejects file (the imported file and reports are checked by identity as it opens, and by checkReportFiles). */
async function checkResultsFile(results: string, rejects: string | undefined): Promise<void> {
  if (rejects === undefined) return;
  const { placeOfPath, samePlace } = await import('../core/output-target.js');
  if (results === rejects || samePlace(await placeOfPath(results), await placeOfPath(rejects))) {
    throw new FieldError('results', (name) => `${name()} ${results} is the --rejects file: give each its own file.`);
  }
}

/** `command`: how the run's journal names what ran (`metafield import`). */
export function importEnv(ctx: Context, command: string): ImportEnv {
  // Live in a terminal; plain lines for logs (and beside --verbose's request log).
  const live = ctx.io.isStderrTTY && !ctx.globals.verbose;
  return {
    stdin: ctx.io.stdin,
    signal: ctx.signal,
    api: (tuning) => ctx.api(tuning),
    clock: ctx.clock,
    progress: live ? { write: ctx.io.errTerminal, mode: 'live' } : { write: ctx.io.err, mode: 'lines' },
    openJournal: async (file, notUndoable) => {
      const [{ RunJournal }, target, dataDir] = await Promise.all([import('../bulk/runs/run-journal.js'), ctx.target(), ctx.dataDir()]);
      // The store by its profile and base URL, never its token.
      const store = ctx.globals.sandbox ? { profile: target.profile.value, sandbox: true } : { profile: target.profile.value, ...(target.baseUrl ? { baseUrl: target.baseUrl.value } : {}) };
      return RunJournal.open(dataDir, { command, file, store, ...(notUndoable !== undefined ? { notUndoable } : {}) });
    },
  };
}

/** The summary on stderr, as JSON on stdout only with --json (or a json output default), the --report files; then the run's failure, if any. */
export async function tellReport(report: ImportReport, out: Output, ctx: Context, reports: { command: string; targets: readonly ReportTarget[] }): Promise<void> {
  for (const line of report.lines) ctx.say(line);
  if (out.isJson) await out.item(report.summary, { columns: [] });
  if (reports.targets.length > 0) {
    const { runReport } = await import('../bulk/report/run-report.js');
    const { summary, result } = report;
    const { rows, created, updated, unchanged, failed: rejected, unfinished, requests, refused, elapsedMs } = summary;
    const counts = { rows, created, updated, unchanged, rejected, unfinished, requests, refused, elapsedMs };
    const run = runReport({ command: reports.command, kind: 'import', ...report.facts }, counts, result.stop !== undefined, result.rejects);
    await writeReports(reports.targets, run, ctx);
  }
  if (report.failure !== undefined) throw report.failure;
}

/**
 * The import, or with --rehearse its rehearsal: the same import on a copy of what the file
 * touches, in a store of our own started for it (src/root/rehearsal-store.ts), in the live
 * store's header family.
 */
export async function importOrRehearse<Q>(
  request: Q,
  ctx: Context,
  rehearse: boolean,
  runs: { run: (request: Q, env: ImportEnv) => Promise<ImportReport>; rehearse: (request: Q, env: ImportEnv, open: OpenRehearsalStore) => Promise<ImportReport> },
  command: string,
): Promise<ImportReport> {
  if (!rehearse) return runs.run(request, importEnv(ctx, command));
  const open: OpenRehearsalStore = async (copy) => {
    // The family the reads were answered in: the copy speaks it, so the run on it is the real run's.
    const brand = ctx.detectedBrand() ?? (await ctx.brand()).value;
    const { startRehearsalStore } = await import('../root/rehearsal-store.js');
    const started = await startRehearsalStore(copy, brand, ctx.globals.verbose ? (line) => ctx.say(line) : undefined);
    return { api: (tuning) => ctx.apiWith(started.baseUrl, started.token, brand, tuning), stop: started.stop };
  };
  // Nothing is written to the store: no before-image journal, nothing to undo.
  const { openJournal: _none, ...env } = importEnv(ctx, command);
  return runs.rehearse(request, env, open);
}
