// What every export command shares between its flags and its rows: its outputs (--output, its
// --rejects where it has one, each --report file) checked together before anything is sent
// (bulk/output-check.ts) and --output opened through the one writer (bulk/output-sink.ts); its
// reports however it ends, a refusal included; its own rate governor, whose counts the report
// gives; and, in a terminal, a progress line of what it has read. An export whose rows go to
// --output as they are read (gift cards, products, discounts) is an ExportKind, run start to
// end by runExport: the output opened when the kind asks, committed whole or discarded, the
// reports, the line that tells what was written.
import type { ExportProgress, ExportUnit } from '../bulk/engine/export-progress.js';
import type { PlannedOutput, ReadFile } from '../bulk/engine/output-check.js';
import type { RowSink } from '../bulk/engine/output-sink.js';
import { UsageError } from '../core/errors.js';
import type { OutputTarget } from '../core/output-target.js';
import type { RateGovernor, RequestCounts } from '../core/rate-governor.js';
import type { Context } from '../root/context.js';
import { reportOutputs, reportTargets, runReporter, type RunReporter } from './run-reports.js';

export interface ExportSpec {
  /** "giftcard export". */
  command: string;
  /** --report, as given. */
  report: readonly string[] | undefined;
  /** --output, as given; undefined: stdout. */
  output: string | undefined;
  /** A new --output file is private (0600): it holds secrets or buyers' personal data. */
  private?: boolean;
  /** The export's other outputs (metafield export's --rejects) and the files it reads (--objects). */
  outputs?: readonly PlannedOutput[];
  inputs?: readonly ReadFile[];
  /** --json (or --jq) asked: the summary goes to stdout. */
  json?: boolean;
  /** What stdout holds without --output ("the values"; default "the rows"). */
  rows?: string;
  /** What the progress line counts; none for an export that shows a spinner instead. */
  unit?: ExportUnit;
}

export interface ExportRun {
  /** Where --output goes (stdout without one). */
  target: OutputTarget;
  /** --output as named, unless it is stdout. */
  named: string | undefined;
  /** The export's own governor: its requests and 429s are the report's (pass it in the export's API tuning). */
  governor: RateGovernor;
  reporter: RunReporter;
  /** In a terminal, the line of what was read; else nothing. */
  progress: ExportProgress;
  /** Another output's target, checked (one of spec.outputs). */
  targetOf(output: PlannedOutput): OutputTarget;
  /** --output, opened through the one writer. */
  open(): Promise<RowSink>;
  /** `text` as the whole --output (stdout, a file written whole, a special file in place). */
  writeAll(text: string): Promise<void>;
  /** The run ended with `rows` written: the progress line goes, the reports are written. */
  done(rows: number, counted?: RequestCounts): Promise<void>;
  /** The run ends with `error`, which the caller throws: reported as refused (exit 2, nothing written) or stopped. */
  failed(error: unknown, counted?: RequestCounts): Promise<void>;
}

/** The export's outputs checked (a refusal writes the refused run's reports) and its run set up, before any request. */
export async function startExport(ctx: Context, spec: ExportSpec): Promise<ExportRun> {
  const targets = reportTargets(spec.report, ctx.env);
  const [{ checkOutputs }, { outputTarget }] = await Promise.all([import('../bulk/engine/output-check.js'), import('../core/output-target.js')]);
  const toStdout = spec.output === undefined || (await outputTarget(spec.output)).kind === 'stdout';
  const named = toStdout ? undefined : spec.output;
  const reporter = runReporter(targets, { command: spec.command, kind: 'export', source: named ?? 'stdout', dryRun: false }, ctx);
  const output: PlannedOutput | undefined = spec.output === undefined ? undefined : { field: 'output', path: spec.output, contract: 'whole' };
  let checked;
  try {
    checked = await checkOutputs([...(output ? [output] : []), ...(spec.outputs ?? []), ...reportOutputs(targets).map((r) => r.output)], {
      stdin: ctx.io.stdin,
      stdout: ctx.io.stdout,
      isStdoutTTY: ctx.io.isStdoutTTY,
      stdoutHolds: spec.output === undefined ? `${spec.rows ?? 'the rows'} go` : spec.json === true ? 'the --json summary goes' : undefined,
      inputs: spec.inputs ?? [],
    });
  } catch (error) {
    await reporter.refusedBy(error);
    throw error;
  }
  const target: OutputTarget = output ? checked.get(output)! : { kind: 'stdout' };
  const [{ RateGovernor: Governor }, { startExportProgress, NO_PROGRESS }, { dataStdout }] = await Promise.all([
    import('../core/rate-governor.js'),
    import('../bulk/engine/export-progress.js'),
    import('../core/escaping-stream.js'),
  ]);
  const governor = new Governor({ signal: ctx.signal, clock: ctx.clock });
  // Not where the rows themselves are drawn: a line redrawn among them would garble both.
  const rowsOnTerminal = target.kind === 'stdout' ? ctx.io.isStdoutTTY : await (await import('../core/output-target.js')).leadsToTerminal(target);
  const live = ctx.io.isStderrTTY && !ctx.globals.verbose && !rowsOnTerminal;
  const progress = live && spec.unit !== undefined ? startExportProgress(ctx.io.errTerminal, spec.unit) : NO_PROGRESS;
  const started = performance.now();
  // At a terminal, the store's text with its control characters escaped; piped, exact.
  const outputOptions = { field: 'output', contract: 'whole', stdout: dataStdout(ctx.io), ...(spec.private === true ? { mode: 0o600 } : {}) } as const;
  const tell = async (rows: number, stopped: boolean, counted: RequestCounts | undefined) => {
    if (targets.length === 0) return;
    const { runReport } = await import('../bulk/report/run-report.js');
    const { sent: requests, rateLimited: refused } = counted ?? governor.counts;
    const counts = { rows, created: null, updated: null, unchanged: null, rejected: 0, unfinished: 0, requests, refused, elapsedMs: Math.round(performance.now() - started) };
    await reporter.write(runReport(reporter.facts, counts, stopped, []));
  };
  return {
    target,
    named,
    governor,
    reporter,
    progress,
    targetOf: (other) => checked.get(other)!,
    async open() {
      const { openOutput } = await import('../bulk/engine/output-sink.js');
      return openOutput(target, outputOptions);
    },
    async writeAll(text) {
      const { writeOutput } = await import('../bulk/engine/output-sink.js');
      await writeOutput(target, text, outputOptions);
    },
    async done(rows, counted) {
      progress.stop();
      await tell(rows, false, counted);
    },
    async failed(error, counted) {
      progress.stop();
      if (error instanceof UsageError) await reporter.refusedBy(error, (counted ?? governor.counts).sent);
      else await tell(0, true, counted);
    },
  };
}

/** An export whose rows go to --output as they are read, as runExport runs it; `C`: what it counts. */
export interface ExportKind<C> {
  /** Its outputs, reports and progress (startExport's spec). */
  spec: ExportSpec;
  /**
   * Reads the store and writes every row to the sink `open` gives (opened once, when the rows
   * are ready to go: a check or a refused token before it leaves a FIFO unopened). The store
   * is read with `run.governor`, what is read counted by `run.progress`. A throw discards the output.
   */
  write(run: ExportRun, open: () => Promise<RowSink>): Promise<C>;
  /** The rows written, for the reports. */
  rows(counts: C): number;
  /** What was written, told on stderr in a terminal or when --output names a file: "Exported 3 discounts to FILE." */
  told(counts: C, named: string | undefined): string;
}

/** The export of `kind`, start to end: its outputs checked, its rows written, --output committed whole (or discarded), its reports. */
export async function runExport<C>(ctx: Context, kind: ExportKind<C>): Promise<C> {
  const run = await startExport(ctx, kind.spec);
  let sink: RowSink | undefined;
  let counts: C;
  try {
    counts = await kind.write(run, async () => (sink ??= await run.open()));
    await sink?.commit();
  } catch (error) {
    await sink?.discard();
    await run.failed(error);
    throw error;
  }
  await run.done(kind.rows(counts));
  if (ctx.io.isStderrTTY || run.named !== undefined) ctx.say(kind.told(counts, run.named));
  return counts;
}
