// One import, start to end, whatever its row kind: requests paced over one pool, the job
// run with its progress shown, and what the caller reports: the summary lines, the --json
// summary and the error the run ends with (interrupted, failed, partial). With its journal
// (withJournal): the run id, and all or nothing's rollback of a run that did not apply
// every row.
import { AuthError, CancelledError, NetworkError, PartialFailureError, RuntimeError } from '../../core/errors.js';
import { pluralWord, stripPeriod } from '../../core/words.js';
import type { BulkEnv } from './env.js';
import { startProgress } from './import-progress.js';
import type { PacedApi } from './paced-api.js';
import type { RequestCounts } from '../../core/rate-governor.js';
import { openRejectsFile, type RejectColumns, type RejectSink } from './rejects.js';
import { openResultsFile, type ResultSink } from './results.js';
import type { RunJournal } from '../runs/run-journal.js';
import type { Layout, RowKind, RowOf, TextOf } from './row-kind.js';
import { Import, type ImportResult, type ImportSource, type RejectLimit } from './run-import.js';
import type { Shard } from './shard.js';
import { counted, summaryJson, summaryLines, type SummaryJson } from './summary.js';

export interface ImportReport {
  result: ImportResult;
  /** What a run report says of the run besides its counts. */
  facts: { source: string; dryRun: boolean; shard?: Shard | undefined; rejectsPath?: string | undefined };
  /** For people, on stderr. */
  lines: string[];
  /** For --json. */
  summary: SummaryJson;
  /** What the run ends with when it did not apply every row; undefined when it did. */
  failure?: unknown;
  /** An all-or-nothing writing run's: when it did not apply every row, withJournal takes its writes back, `concurrency` at a time. */
  rollback?: { concurrency: number };
}

export interface JobSettings {
  shard?: Shard;
  dryRun: boolean;
  /** Requests in flight. */
  concurrency: number;
  /** Where every failed row is written. */
  rejectsPath?: string;
  /** --results: a line per row. */
  resultsPath?: string;
  /** --give-up-after: the run stops once the store refused everything with 429 this long. */
  giveUpAfterMs?: number;
  /** Past this many rejects the run sends no more writes. */
  maxRejects?: RejectLimit;
  /**
   * --all-or-nothing: the rows were checked on a copy of the store first (all-or-nothing.ts);
   * a writing run that still does not apply every row takes its writes back from its journal.
   */
  allOrNothing?: boolean;
  /** The run is a rehearsal's, on a copy of the store: the summary says what the real run would do; 'check': all or nothing's check before its real run. */
  rehearsal?: boolean | 'check';
}

/** Runs the rows of `source` through `kind`, with progress, and reports. */
export async function runImportJob<T extends TextOf, R extends RowOf<T>, L extends Layout>(
  source: ImportSource,
  kind: RowKind<T, R, L>,
  rejectColumns: RejectColumns<T>,
  settings: JobSettings,
  env: BulkEnv,
  paced: PacedApi,
  files: {
    /** The rejects file, when the caller opened it already (before its first request). */
    opened?: RejectSink<T>;
  } = {},
): Promise<ImportReport> {
  const { opened } = files;
  const { shard, rejectsPath, resultsPath } = settings;
  const onCopy = onACopy(settings);
  // All or nothing's real run: after the first row refused, every write sent would only be taken back.
  const takenBack = settings.allOrNothing === true && !settings.dryRun && !onCopy;
  const maxRejects = takenBack ? { count: 0 } : settings.maxRejects;
  const job = new Import({
    source,
    kind,
    ...(shard ? { shard } : {}),
    dryRun: settings.dryRun,
    concurrency: settings.concurrency,
    signal: env.signal,
    clock: () => env.clock.now(),
    ...(maxRejects ? { maxRejects } : {}),
    ...(opened ? { openRejects: async () => opened } : rejectsPath !== undefined ? { openRejects: () => openRejectsFile(rejectsPath, source, rejectColumns) } : {}),
    ...(resultsPath !== undefined ? { openResults: async () => withStoreIds(await openResultsFile(resultsPath, source), onCopy) } : {}),
    // A dry run without a store to read (no credentials, no network) still validates.
    ...(settings.dryRun ? { isOffline: (error: unknown) => error instanceof AuthError || error instanceof NetworkError } : {}),
  });
  const reporter = startProgress(env.progress.write, env.progress.mode, () => job.snapshot());
  let result: ImportResult;
  try {
    result = await job.run();
  } finally {
    reporter.stop();
    await job.close();
  }
  // All or nothing's verdict: on a copy, a row the store would refuse means the real run writes nothing; in the real run, a row refused stopped the writes.
  const refused = result.failed + result.partial > 0;
  if (settings.allOrNothing === true && onCopy && result.stop === undefined && refused) result = { ...result, stop: { kind: 'all-or-nothing' } };
  if (takenBack && result.stop?.kind === 'too-many-rejects') result = { ...result, stop: { kind: 'all-or-nothing' } };
  const done = report(result, source.name, settings, paced.counts(), kind.unit, kind.offlineUnchecked);
  return takenBack ? { ...done, rollback: { concurrency: settings.concurrency } } : done;
}

/** The run is on a copy of the store: a rehearsal's, or all or nothing's check. */
function onACopy(settings: JobSettings): boolean {
  return settings.rehearsal !== undefined && settings.rehearsal !== false;
}

/** A rehearsal's results: a row it created got its id from the copy, not from the store, so none is written. */
function withStoreIds(sink: ResultSink, onCopy: boolean): ResultSink {
  if (!onCopy) return sink;
  return { write: (line) => sink.write(line.action === 'created' ? { ...line, id: undefined } : line), close: () => sink.close() };
}

/**
 * The import `work` run with its journal (a writing run's, when the command keeps runs:
 * env.runs): the run id in the summary and --json, the counts in the journal. A run that
 * throws keeps its journal only if it recorded a write; a run that wrote nothing keeps none.
 * An all-or-nothing run that did not apply every row has its writes taken back here.
 * `command` names what ran ("metafield import"), `file` the file imported.
 */
export async function withJournal(
  env: BulkEnv,
  run: { command: string; dryRun: boolean; rehearsal?: JobSettings['rehearsal'] },
  file: string,
  work: (journal: RunJournal | undefined) => Promise<ImportReport>,
): Promise<ImportReport> {
  const journal = await openJournal(env, run, file);
  let report: ImportReport;
  try {
    report = await work(journal);
  } catch (error) {
    await journal?.abandon();
    throw error;
  }
  if (journal === undefined) return report;
  const { rows, created, updated, unchanged, partial, failed } = report.summary;
  await journal.finish({ rows, created, updated, unchanged, partial, failed });
  if (report.rollback !== undefined && report.failure !== undefined) return rolledBack(journal, report, env, report.rollback.concurrency);
  if (await leftNothing(journal, report.summary)) {
    await journal.discard();
    return report;
  }
  const told = `Run ${journal.runId}: undo with ${journal.undoCommand}`;
  return { ...report, lines: [...report.lines, told], summary: { ...report.summary, runId: journal.runId } };
}

/** The journal of a run that writes to the store, where the command keeps runs; none for a dry run, a rehearsal or all or nothing's check (on a copy). */
async function openJournal(env: BulkEnv, run: { command: string; dryRun: boolean; rehearsal?: JobSettings['rehearsal'] }, file: string): Promise<RunJournal | undefined> {
  const onCopy = run.rehearsal !== undefined && run.rehearsal !== false;
  if (run.dryRun || onCopy || env.runs === undefined) return undefined;
  const [{ RunJournal }, dataDir, store] = await Promise.all([import('../runs/run-journal.js'), env.runs.dataDir(), env.runs.store()]);
  return RunJournal.open(dataDir, { command: run.command, file, store });
}

/** Whether the run's journal holds no write that may have reached the store: none counted, none recorded. */
async function leftNothing(journal: RunJournal, summary: SummaryJson): Promise<boolean> {
  if ((summary.created ?? 0) + (summary.updated ?? 0) + summary.partial > 0) return false;
  const { wroteNothing } = await import('../runs/rollback.js');
  return wroteNothing(journal.dir);
}

/**
 * All or nothing, after a run that did not apply every row: its writes taken back from its
 * journal. Taken back whole, the run is forgotten (exit 3, counts of nothing written); a
 * rollback that cannot finish names every key it left (exit 1), and the run waits in
 * `store-cli runs` for `store-cli undo`. After Ctrl-C nothing more is sent: the writes wait alike.
 */
async function rolledBack(journal: RunJournal, report: ImportReport, env: BulkEnv, concurrency: number): Promise<ImportReport> {
  const { runId } = journal;
  const { notUndoable } = journal.runMeta;
  const undoLine = notUndoable === undefined ? `Run ${runId}: undo with store-cli undo ${runId}` : `Run ${runId}: kept in store-cli runs, but it cannot be undone (${notUndoable}).`;
  const kept = { ...report.summary, runId };
  if (env.signal.aborted) {
    await journal.markNeedsUndo('all or nothing: interrupted before its writes were taken back');
    return { ...report, lines: [...report.lines, 'All or nothing: interrupted, so the writes made so far were not taken back.', undoLine], summary: kept };
  }
  const { rollBack } = await import('../runs/rollback.js');
  const why = whyRolledBack(report.result);
  const outcome = await rollBack(journal.dir, journal.runMeta, { signal: env.signal, api: env.api, clock: env.clock }, concurrency);
  const took = `rolled back ${counted(outcome.undone, 'write')}${outcome.disabled > 0 ? ` (${counted(outcome.disabled, 'card')} the run created ${pluralWord(outcome.disabled, 'is', 'are')} disabled: the API deletes no card)` : ''}`;
  if (outcome.left.length === 0) {
    await journal.discard();
    const asBefore = outcome.disabled === 0 ? '; the store is as before the run' : '';
    return {
      ...report,
      lines: [...report.lines, `All or nothing: ${why}, so the run's writes were taken back: ${took}${asBefore}.`],
      summary: nothingWritten(report.summary),
      failure: new PartialFailureError(`All or nothing: ${why}; ${took}, so nothing of the run is kept.`),
    };
  }
  await journal.markNeedsUndo(`all or nothing: its rollback left ${counted(outcome.left.length, 'key')} as the run wrote them`);
  const stopped = report.result.stop?.kind === 'failed' ? [`The run stopped: ${stripPeriod(messageOf(report.result.stop.error))}.`] : [];
  const left = outcome.left.length;
  return {
    ...report,
    lines: [
      ...report.lines,
      ...stopped,
      `All or nothing: ${why}, and taking the run's writes back could not finish (${took}): ${counted(left, 'key')} ${pluralWord(left, 'is', 'are')} left as the run wrote ${pluralWord(left, 'it', 'them')}:`,
      ...outcome.left.map((key) => `  ${key.key}: ${key.why}`),
      undoLine,
    ],
    summary: kept,
    failure: new RuntimeError(
      `All or nothing: the run's writes could not all be taken back: ${counted(left, 'key')} ${pluralWord(left, 'is', 'are')} left changed (listed above)${notUndoable === undefined ? `; once the store answers, store-cli undo ${runId} finishes the job` : ''}.`,
    ),
  };
}

/** Why an all-or-nothing run is taken back, as its summary says it. */
function whyRolledBack(result: ImportResult): string {
  const refused = result.failed + result.partial;
  switch (result.stop?.kind) {
    case 'failed':
      return 'the run stopped before its end';
    case 'unreadable':
      return `line ${result.stop.line} of the file is not valid CSV`;
    default:
      return `${counted(refused, 'row')} ${refused === 1 ? 'was' : 'were'} refused when written`;
  }
}

/** Counts of a run that left nothing written: every row it refused failed, the others were not applied. */
function nothingWritten(summary: SummaryJson): SummaryJson {
  const failed = summary.failed + summary.partial;
  return { ...summary, created: 0, updated: 0, unchanged: 0, partial: 0, failed, unfinished: summary.rows - failed, runId: null };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The summary lines, --json summary and failure of a run's result; `unchecked`: what a dry run without the store left unchecked. */
export function report(result: ImportResult, sourceName: string, settings: JobSettings, requests: RequestCounts | undefined, unit: string, unchecked?: string): ImportReport {
  const { shard, rejectsPath } = settings;
  // All or nothing's check: its requests went to the copy, and the caller says the reads of the store.
  const check = settings.rehearsal === 'check';
  const lines = summaryLines(result, {
    source: sourceName,
    dryRun: settings.dryRun,
    ...(unchecked !== undefined ? { unchecked } : {}),
    ...(onACopy(settings) ? { rehearsal: settings.rehearsal } : {}),
    unit,
    ...(shard ? { shard } : {}),
    ...(rejectsPath !== undefined ? { rejectsPath } : {}),
    ...(requests && !check ? { requests } : {}),
  });
  const failure = failureOf(result, sourceName, rejectsPath, settings.rehearsal);
  // A rehearsal wrote nothing to the store: its report says so as a dry run's does.
  const facts = { source: sourceName, dryRun: settings.dryRun || settings.rehearsal === true, shard, rejectsPath };
  const summary = summaryJson(result, requests);
  // A check that refused the run: what the --json summary counts is what was written, nothing.
  return { result, facts, lines, summary: check ? nothingWritten(summary) : summary, ...(failure !== undefined ? { failure } : {}) };
}

function failureOf(result: ImportResult, sourceName: string, rejectsPath: string | undefined, rehearsal: JobSettings['rehearsal']): unknown {
  if (result.stop?.kind === 'interrupted') return new CancelledError();
  if (result.stop?.kind === 'failed') return result.stop.error;
  if (result.stop?.kind === 'unreadable') {
    return new PartialFailureError(
      `Line ${result.stop.line} of ${sourceName} is not valid CSV: the rows before it were imported${result.failed > 0 ? ` (${result.failed} failed)` : ''}, the rest of the file was not read.`,
    );
  }
  const refused = result.failed + result.partial;
  if (result.stop?.kind === 'all-or-nothing') {
    if (rehearsal === undefined || rehearsal === false)
      return new PartialFailureError(
        `${refused} of the ${result.rows} rows read ${refused === 1 ? 'was' : 'were'} refused when written, so no more writes were sent (all or nothing)${rejectsPath ? `; see ${rejectsPath}` : ''}.`,
      );
    if (rehearsal === true)
      return new PartialFailureError(
        `${refused} of ${result.rows} rows would be rejected${rejectsPath ? ` (see ${rejectsPath})` : ''}, so the real run (all or nothing) would write nothing; nothing was written to the store.`,
      );
    return new PartialFailureError(`${refused} of the ${result.rows} rows would be rejected, so nothing was written (all or nothing)${rejectsPath ? `; they are in ${rejectsPath}` : ''}.`);
  }
  if (result.stop?.kind === 'too-many-rejects') {
    return new PartialFailureError(
      `${refused} of the ${result.rows} rows read were rejected, more than the ${result.stop.limit} allowed: the run stopped sending writes${rejectsPath ? ` (see ${rejectsPath})` : ''}.`,
    );
  }
  if (refused > 0 && rehearsal === true)
    return new PartialFailureError(`${refused} of ${result.rows} rows would be rejected${rejectsPath ? ` (see ${rejectsPath})` : ''}; nothing was written to the store.`);
  if (refused > 0) {
    const what = result.partial === 0 ? 'failed' : result.failed === 0 ? 'were applied in part' : 'failed or were applied in part';
    return new PartialFailureError(`${refused} of ${result.rows} rows ${what}${rejectsPath ? ` (see ${rejectsPath})` : ''}.`);
  }
  return undefined;
}
