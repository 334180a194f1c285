// Every export, start to end (gift cards, products, discounts, metafields, metafield
// definitions, orders): its outputs (--output, its --rejects where it has one, each --report
// file) checked together before anything is sent (output-check.ts); --output opened through
// the one writer (output-sink.ts) when the kind asks, committed whole or discarded; its own
// rate governor, whose counts the report gives; in a terminal, a progress line of what it has
// read; its reports however it ends, a refusal included; then the lines that tell what was
// written and, with --json, its summary. What one export alone needs (order export's
// resumable FILE.partial, metafield export's window of listings) is in its kind's `write`.
import type { Api } from '../../api/index.js';
import { UsageError } from '../../core/errors.js';
import type { OutputTarget } from '../../core/output-target.js';
import type { RateGovernor } from '../../core/rate-governor.js';
import type { ApiTuning } from '../../core/transport.js';
import type { RunFacts, RunReport } from '../report/run-report.js';
import type { BulkEnv } from './env.js';
import type { ExportProgress, ExportUnit } from './export-progress.js';
import type { PlannedOutput, ReadFile } from './output-check.js';
import type { RowSink } from './output-sink.js';

/** What the command gives an export beside the bulk environment: its reports, --json, and its stderr. */
export interface ExportEnv extends BulkEnv {
  /** A line on stderr (what was written). */
  say(line: string): void;
  stderrIsTerminal: boolean;
  reports: ExportReports;
  /** --json or --jq asked: the flag's name, and how the summary is printed on stdout. */
  json?: { flag: string; print(summary: object): Promise<void> };
}

/** The --report files the command read, and the reporter it opens for the run's facts. */
export interface ExportReports {
  /** The report files, checked with the export's own outputs. */
  outputs: readonly PlannedOutput[];
  open(facts: RunFacts): ExportReporter;
}

export interface ExportReporter {
  /** The reports asked (none: nothing to write). */
  readonly targets: readonly unknown[];
  write(report: RunReport): Promise<void>;
  /** A refusal (exit 2) reported as refused, with the reads its checks made; any other error is left to the caller. */
  refusedBy(error: unknown, requests?: number): Promise<void>;
}

export interface ExportSpec {
  /** "giftcard export". */
  command: string;
  /** --output, as given; undefined: stdout. */
  output: string | undefined;
  /** The export's other outputs (metafield export's --rejects) and the files it reads (--objects). */
  outputs?: readonly PlannedOutput[];
  inputs?: readonly ReadFile[];
  /** What stdout holds without --output ("the values"; default "the rows"). */
  rows?: string;
  /** What the progress line counts; none for an export that draws its own line or a spinner. */
  unit?: ExportUnit;
}

/** Opens --output; `private`: a new file is created 0600 (it holds secrets or buyers' personal data). */
export type OpenOutput = (options?: { private?: boolean }) => Promise<RowSink>;

/** The run as its kind sees it. */
export interface ExportRun {
  /** Where --output goes (stdout without one). */
  target: OutputTarget;
  /** --output as named, unless it is stdout. */
  named: string | undefined;
  /** In a terminal, the line of what was read; else nothing. */
  progress: ExportProgress;
  /** The store, read through the run's own governor: its requests and 429s are the report's. */
  api(): Promise<Api>;
  /**
   * The environment for a kind that paces itself with a pool of its own (paced-api.ts): the
   * governor it is given is the one the report counts, and its warnings wipe the progress line first.
   */
  env: BulkEnv;
  /** Another of the spec's outputs, checked, opened through the one writer. */
  openOther(output: PlannedOutput, options?: { private?: boolean }): Promise<RowSink>;
}

/** How a run that returned ended, where it did not simply write every row. */
export interface ExportEnd {
  rejected?: number;
  unfinished?: number;
  /** It stopped early: --output is discarded, the report says stopped. */
  stopped?: boolean;
  /** Thrown once the reports, the lines and the summary are out (exit 3, 130). */
  failure?: unknown;
  /** What the report adds to the run's facts (a shard, a rejects file). */
  facts?: Pick<RunFacts, 'shard' | 'rejectsPath'>;
}

/** An export as runExport runs it; `C`: what it counts. */
export interface ExportKind<C> {
  spec: ExportSpec;
  /**
   * Reads the store and writes every row to the sink `open` gives (opened once, when the rows
   * are ready to go: a check or a refused token before it leaves a FIFO unopened). A throw
   * discards the output and is reported as refused (a UsageError) or stopped.
   */
  write(run: ExportRun, open: OpenOutput): Promise<C>;
  /** The rows written, for the reports. */
  rows(counts: C): number;
  /** How it ended, when not every row was simply written. */
  ended?(counts: C): ExportEnd;
  /** What was written: "Exported 3 discounts to FILE.", said in a terminal or when --output names a file. */
  told(counts: C, named: string | undefined): string | readonly string[];
  /** The lines are said on any stderr (a summary as an import's), not only a terminal's. */
  tellsAlways?: boolean;
  /** The --json summary. */
  summary?(counts: C): object;
}

/** The export of `kind`, start to end; returns its counts (having thrown its failure, if it ended with one). */
export async function runExport<C>(env: ExportEnv, kind: ExportKind<C>): Promise<C> {
  const { spec } = kind;
  const [{ checkOutputs }, { outputTarget, leadsToTerminal }] = await Promise.all([import('./output-check.js'), import('../../core/output-target.js')]);
  const toStdout = spec.output === undefined || (await outputTarget(spec.output)).kind === 'stdout';
  const named = toStdout ? undefined : spec.output;
  const reporter = env.reports.open({ command: spec.command, kind: 'export', source: named ?? 'stdout', dryRun: false });
  const output: PlannedOutput | undefined = spec.output === undefined ? undefined : { field: 'output', path: spec.output, contract: 'whole' };
  const rows = spec.rows ?? 'the rows';
  let checked;
  try {
    checked = await checkOutputs([...(output ? [output] : []), ...(spec.outputs ?? []), ...env.reports.outputs], {
      stdin: env.stdin,
      stdout: env.stdout,
      isStdoutTTY: env.stdoutIsTerminal,
      stdoutHolds: spec.output === undefined ? `${rows} go` : env.json ? 'the --json summary goes' : undefined,
      inputs: spec.inputs ?? [],
    });
  } catch (error) {
    await reporter.refusedBy(error);
    throw error;
  }
  const target: OutputTarget = output ? checked.get(output)! : { kind: 'stdout' };
  const [{ RateGovernor: Governor }, { startExportProgress, NO_PROGRESS }, { openOutput }] = await Promise.all([
    import('../../core/rate-governor.js'),
    import('./export-progress.js'),
    import('./output-sink.js'),
  ]);
  const governor = new Governor({ signal: env.signal, clock: env.clock });
  // The governor the report counts: the run's, or the pool's a kind paces itself with.
  let counting: RateGovernor = governor;
  // Not where the rows themselves are drawn: a line redrawn among them would garble both.
  const rowsOnTerminal = target.kind === 'stdout' ? env.stdoutIsTerminal : await leadsToTerminal(target);
  const live = env.progress.mode === 'live' && !rowsOnTerminal;
  const progress = live && spec.unit !== undefined ? startExportProgress(env.progress.write, spec.unit) : NO_PROGRESS;
  const started = env.clock.now();
  const runEnv: BulkEnv = {
    ...env,
    api: (tuning: ApiTuning) => {
      counting = tuning.governor ?? counting;
      return env.api(tuning);
    },
    warn: (message) => {
      progress.clear();
      env.warn(message);
    },
  };
  // At a terminal, the store's text with its control characters escaped (env.dataStdout); piped, exact.
  const opened = (field: string, where: OutputTarget, options?: { private?: boolean }) =>
    openOutput(where, { field, contract: 'whole', stdout: env.dataStdout, ...(options?.private === true ? { mode: 0o600 } : {}) });
  const run: ExportRun = {
    target,
    named,
    progress,
    api: () => runEnv.api({ governor }),
    env: runEnv,
    openOther: (other, options) => opened(other.field, checked.get(other)!, options),
  };
  const tell = async (written: number, stopped: boolean, end: ExportEnd = {}) => {
    if (reporter.targets.length === 0) return;
    const { runReport } = await import('../report/run-report.js');
    const { sent: requests, rateLimited: refused } = counting.counts;
    const counts = {
      rows: written,
      created: null,
      updated: null,
      unchanged: null,
      rejected: end.rejected ?? 0,
      unfinished: end.unfinished ?? 0,
      requests,
      refused,
      elapsedMs: Math.round(env.clock.now() - started),
    };
    await reporter.write(runReport({ command: spec.command, kind: 'export', source: named ?? 'stdout', dryRun: false, ...end.facts }, counts, stopped, []));
  };

  let sink: RowSink | undefined;
  let counts: C;
  let end: ExportEnd;
  try {
    if (env.json && named === undefined)
      throw new UsageError(`${env.json.flag} prints the summary on stdout, which holds ${rows} without --output: add --output FILE.`);
    counts = await kind.write(run, async (options) => (sink ??= await opened('output', target, options)));
    end = kind.ended?.(counts) ?? {};
    if (end.stopped === true) await sink?.discard();
    else await sink?.commit();
  } catch (error) {
    await sink?.discard();
    progress.stop();
    if (error instanceof UsageError) await reporter.refusedBy(error, counting.counts.sent);
    else await tell(0, true);
    throw error;
  }
  progress.stop();
  await tell(kind.rows(counts), end.stopped === true, end);
  if (kind.tellsAlways === true || env.stderrIsTerminal || named !== undefined) {
    const told = kind.told(counts, named);
    for (const line of typeof told === 'string' ? [told] : told) env.say(line);
  }
  if (env.json && kind.summary) await env.json.print(kind.summary(counts));
  if (end.failure !== undefined) throw end.failure;
  return counts;
}
