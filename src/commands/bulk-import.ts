// What the import verbs (metafield, gift card, product, discount, customer and fulfillment imports) share:
// their bulk flags (--rehearse among them), their --json summary, the concurrency they run at,
// and how its report is told (summary on stderr, --json on stdout, the --report files, the exit code).
import type { BulkEnv, ImportKind, ImportReport, ImportRequest, OpenRehearsalStore } from '../bulk/index.js';
import type { Context } from '../root/context.js';
import { IMPORT_CONCURRENCY } from '../core/defaults.js';
import { FieldError } from '../core/errors.js';
import type { Output } from '../core/output.js';
import { SUMMARY_FIELDS } from '../bulk/engine/summary-fields.js';
import { durationFlag } from './flag-checks.js';
import { boolean, text, whole } from './verb.js';
import type { PlannedOutput } from '../bulk/engine/output-check.js';
import type { RateGovernor } from '../core/rate-governor.js';
import { bulkEnv } from './bulk-env.js';
import { reportFlag, reportOutputs, reportTargets, runReporter, type RunReporter } from './run-reports.js';

/**
 * What every import verb declares of itself: it writes to the store, may change what is there,
 * and is a bulk verb (some rows may fail while the rest land: exit 3, with its report).
 */
export const IMPORT_VERB = { mutates: true, destructive: true, bulk: true, name: 'import' } as const;

/** Requests in flight (built-in 8): enough to hide a store's latency, few enough for its rate limit to pace. */
const { builtIn: DEFAULT_CONCURRENCY, max: MAX_CONCURRENCY } = IMPORT_CONCURRENCY;

/**
 * --dry-run, --rejects, --shard, --concurrency, ..., --rehearse; `what`: what a dry run reads
 * ("current values"); `units`: what a shard takes a share of ("business objects").
 */
export function importFlags(what: string, units: string) {
  return {
    dryRun: boolean(`validate and print the plan (creates, updates, unchanged): reads ${what}, writes nothing`),
    rejects: text('<file>', 'write every failed row to this CSV file, with its line number and the reason'),
    results: text(
      '<file>',
      'write a CSV line per row as the run goes: line, key, action (created, updated, unchanged, rejected), ' +
        'the id the store gave, and the value an update replaced',
    ),
    shard: text('<i/n>', `take only share i of n of the ${units}, for n parallel jobs over one file`),
    concurrency: whole(
      '<n>',
      `requests in flight, 1..${MAX_CONCURRENCY} (default: the profile's import-concurrency, else ${DEFAULT_CONCURRENCY}); ` +
        `the store's rate-limit header, or its 429s, pace the run by themselves`,
      { min: 1, max: MAX_CONCURRENCY },
    ),
    giveUpAfter: text(
      '<duration>',
      'stop (exit 1, with the summary) once the store has refused every request with 429 for this long, such as 90s, 10m or 1h (default 5m)',
    ),
    allOrNothing: boolean(
      'run the whole file on a copy of what it touches first (read from the store, GETs only, as --rehearse does) ' +
        "and write nothing unless no row would be rejected there; a write the store still refuses has the run's writes taken back from its journal " +
        '(exit 3, or 1 naming every key left changed). With --shard each shard decides alone',
    ),
    maxRejects: text(
      '<n|p%>',
      'stop sending writes once more than n rows (a whole number, such as 10) or p% of the rows read ' +
        '(such as 5%, judged from the 100th row on) are rejected: what is in flight finishes, then exit 3 with the summary',
    ),
    report: reportFlag(),
    // Every import can copy what its file touches (importOrRehearse).
    rehearse: boolean(
      'run the whole import on an in-memory copy of what the file touches (read from the store, GETs only), ' +
        "in the store's dialect and at its rate: prints the plan, every row the store would reject, " +
        'the requests and how long they would take; writes nothing to the store',
    ),
  };
}

const IMPORT_JSON_WHAT =
  'the summary {rows, created, updated, unchanged, partial, failed, unfinished, requests, refused, elapsedMs, runId} ' +
  'as JSON on stdout (partial: rows of which part landed and part was refused; ' +
  'unfinished: rows read but not applied when the run stopped; requests: every attempt sent; ' +
  'refused: those the rate limit refused with 429; runId: the run to undo, null when nothing written is kept)';

/** An import verb's --json: its summary. */
export const IMPORT_JSON = { fields: SUMMARY_FIELDS, what: IMPORT_JSON_WHAT };

export const IMPORT_EXIT_CODES = `Exit codes: 0 every row applied; 3 some rows failed (the rest applied; see --rejects), or
  with --all-or-nothing some row would be or was refused and nothing of the run is kept;
  2 the file is unusable (nothing was sent); 1 the run stopped: a refused token, a store
  down, nothing but 429s for --give-up-after, or an --all-or-nothing rollback that could not
  finish (after a summary naming every key left changed); 130 interrupted (after a summary).
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
  codesOut?: string | undefined;
  json?: string | boolean | undefined;
  jq?: string | undefined;
}

/**
 * The flags as the engine takes them: concurrency resolved, the shard parsed, and every output
 * (--rejects, --results, --codes-out, each --report file) checked against the others and the
 * file imported before anything is sent. `command` names the run in its reports; a refusal
 * from here on writes the refused run's reports (run-reports.ts).
 */
export async function importSettings(options: BulkFlags, ctx: Context, file: string, command: string) {
  const targets = reportTargets(options.report, ctx.env);
  const source = file === '-' ? 'stdin' : file;
  const facts = { command, kind: 'import' as const, source, dryRun: options.dryRun === true || options.rehearse === true, rejectsPath: options.rejects };
  const reports = runReporter(targets, facts, ctx);
  try {
    const [bulk, { checkOutputs }] = await Promise.all([import('../bulk/index.js'), import('../bulk/engine/output-check.js')]);
    const codesOut = options.codesOut === undefined ? undefined : (await import('../bulk/engine/codes-out.js')).codesOutput(options.codesOut);
    const outputs: PlannedOutput[] = [
      ...(options.rejects !== undefined ? [{ field: 'rejects', path: options.rejects, contract: 'lines' } as const] : []),
      ...(options.results !== undefined ? [{ field: 'results', path: options.results, contract: 'lines' } as const] : []),
      ...(codesOut ? [codesOut] : []),
      ...reportOutputs(targets).map((r) => r.output),
    ];
    await checkOutputs(outputs, {
      stdin: ctx.io.stdin,
      stdout: ctx.io.stdout,
      isStdoutTTY: ctx.io.isStdoutTTY,
      stdoutHolds: jsonAsked(options) ? 'the --json summary goes' : undefined,
      inputs: [{ path: file, what: 'the file being imported' }],
    });
    const concurrency = options.concurrency ?? (await ctx.setting('import-concurrency')).value;
    const shard = options.shard === undefined ? undefined : bulk.parseShard(options.shard);
    if (shard) reports.facts.shard = shard;
    const giveUpAfterMs = options.giveUpAfter === undefined ? bulk.GIVE_UP_AFTER_MS : durationFlag(options.giveUpAfter, '--give-up-after');
    const maxRejects = options.maxRejects === undefined ? undefined : bulk.parseRejectLimit(options.maxRejects);
    if (options.maxRejects !== undefined && maxRejects === undefined) {
      throw new FieldError(
        'maxRejects',
        (name) => `${name()} must be a whole number of rows (10) or a percentage of the rows read (5%), not "${options.maxRejects}".`,
      );
    }
    if (options.rehearse === true && options.dryRun === true) {
      throw new FieldError('rehearse', (name) => `${name()} and ${name('dryRun')} are two ways to preview an import: give one.`);
    }
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
        ...(options.codesOut !== undefined ? { codesOut: options.codesOut } : {}),
      },
    };
  } catch (error) {
    await reports.refusedBy(error);
    throw error;
  }
}

function jsonAsked(options: BulkFlags): boolean {
  return (options.json !== undefined && options.json !== false) || options.jq !== undefined;
}

/** The summary on stderr, as JSON on stdout only with --json (or a json output default), the --report files; then the run's failure, if any. */
export async function tellReport(report: ImportReport, out: Output, ctx: Context, reports: RunReporter): Promise<void> {
  for (const line of report.lines) ctx.say(line);
  if (out.isJson) await out.item(report.summary, { columns: [] });
  if (reports.targets.length > 0) {
    const { runReport } = await import('../bulk/report/run-report.js');
    const { summary, result } = report;
    const { rows, created, updated, unchanged, partial, failed, unfinished, requests, refused, elapsedMs } = summary;
    // A row applied in part is in the rejects with what was refused: a report counts it among them.
    const counts = { rows, created, updated, unchanged, rejected: failed + partial, unfinished, requests, refused, elapsedMs };
    await reports.write(runReport({ ...reports.facts, ...report.facts }, counts, result.stop !== undefined, result.rejects));
  }
  if (report.failure !== undefined) throw report.failure;
}

/**
 * An import verb's run (all but product import's, which locks its file first): its settings
 * read and its outputs checked (its reports named by the command of the kind `kindOf` names),
 * the output asked for first (so that a bad --json sends nothing), the request `requestOf`
 * makes of the file and the settings imported by that kind (or rehearsed), then its report told.
 */
export function runImportVerb(options: ImportVerbFlags, ctx: ImportVerbContext, kindOf: KindOf<ImportRequest>): Promise<void>;
export function runImportVerb<Q extends ImportRequest>(
  options: ImportVerbFlags,
  ctx: ImportVerbContext,
  kindOf: KindOf<Q>,
  requestOf: (base: ImportRequest) => Q | Promise<Q>,
): Promise<void>;
export async function runImportVerb(
  options: ImportVerbFlags,
  ctx: ImportVerbContext,
  kindOf: KindOf<ImportRequest>,
  // Without it, the file and the settings are the whole request (a kind that takes nothing more).
  requestOf = (base: ImportRequest): ImportRequest | Promise<ImportRequest> => base,
): Promise<void> {
  const kind = kindOf(await import('../bulk/index.js'));
  const { settings, reports, rehearse } = await importSettings(options, ctx, options.file, kind.command);
  const out = await ctx.output();
  const report = await importOrRehearse(await requestOf({ file: options.file, ...settings }), ctx, rehearse, kind, reports);
  await tellReport(report, out, ctx, reports);
}

type ImportVerbFlags = BulkFlags & { file: string };
/** An import verb's context: output() bound to its --json summary (IMPORT_JSON). */
type ImportVerbContext = Context & { output(): Promise<Output> };
type KindOf<Q extends ImportRequest> = (bulk: typeof import('../bulk/index.js')) => ImportKind<Q>;

/**
 * The import, or with --rehearse its rehearsal: the same import on a copy of what the file
 * touches, in a store of our own started for it (src/root/rehearsal-store.ts), in the live
 * store's header family. With --all-or-nothing, the import checked on such a copy first
 * (bulk/engine/all-or-nothing.ts).
 */
export async function importOrRehearse<Q extends ImportRequest>(
  request: Q,
  ctx: Context,
  rehearse: boolean,
  kind: ImportKind<Q>,
  reports: RunReporter,
): Promise<ImportReport> {
  // The run's governor, once it has one: a refused run's report counts the reads its checks made.
  let governor: RateGovernor | undefined;
  const counting = (env: BulkEnv): BulkEnv => ({
    ...env,
    api: (tuning) => {
      governor = tuning.governor ?? governor;
      return env.api(tuning);
    },
  });
  try {
    return await runOrRehearse(request, ctx, rehearse, kind, counting);
  } catch (error) {
    await reports.refusedBy(error, governor?.counts.sent);
    throw error;
  }
}

async function runOrRehearse<Q extends ImportRequest>(
  request: Q,
  ctx: Context,
  rehearse: boolean,
  kind: ImportKind<Q>,
  counting: (env: BulkEnv) => BulkEnv,
): Promise<ImportReport> {
  const allOrNothing = request.allOrNothing === true && !request.dryRun && !rehearse;
  const bulk = await import('../bulk/index.js');
  if (!rehearse && !allOrNothing) return bulk.runImport(kind, request, counting(await bulkEnv(ctx)));
  const open: OpenRehearsalStore = async (copy) => {
    // The family the reads were answered in: the copy speaks it, so the run on it is the real run's.
    const brand = ctx.detectedBrand() ?? (await ctx.brand()).value;
    const { startRehearsalStore } = await import('../root/rehearsal-store.js');
    const started = await startRehearsalStore(copy, brand, ctx.globals.verbose ? (line) => ctx.say(line) : undefined);
    return { api: (tuning) => ctx.apiWith(started.baseUrl, started.token, brand, tuning), stop: started.stop };
  };
  if (allOrNothing) {
    return bulk.importAllOrNothing(kind, request, counting(await bulkEnv(ctx)), open);
  }
  // Nothing is written to the store: no before-image journal, nothing to undo.
  return bulk.rehearse(kind, request, counting(await bulkEnv(ctx)), open);
}
