// One import, start to end, whatever its row kind: requests paced over one pool, the job
// run with its progress shown, and what the caller reports: the summary lines, the --json
// summary and the error the run ends with (interrupted, failed, partial).
import type { Readable } from 'node:stream';
import type { Api } from '../api/index.js';
import type { Clock } from '../core/clock.js';
import type { ApiTuning } from '../core/transport.js';
import { AuthError, CancelledError, NetworkError, PartialFailureError } from '../core/errors.js';
import { startProgress } from './import-progress.js';
import type { PacedApi } from './paced-api.js';
import type { RequestCounts } from '../core/rate-governor.js';
import { openRejectsFile, type RejectColumns, type RejectSink } from './rejects.js';
import { openResultsFile } from './results.js';
import type { RunJournal } from './runs/run-journal.js';
import type { Layout, RowKind, RowOf, TextOf } from './row-kind.js';
import { Import, type ImportResult, type ImportSource, type RejectLimit } from './run-import.js';
import type { Shard } from './shard.js';
import { summaryJson, summaryLines, type SummaryJson } from './summary.js';

/** What an import needs of the command's context. */
export interface ImportEnv {
  stdin: Readable;
  /** Ctrl-C. */
  signal: AbortSignal;
  api(tuning: ApiTuning): Promise<Api>;
  /** The context's clock (ctx.clock): the run's pace and its elapsed time. */
  clock: Clock;
  /** Where progress goes: redrawn in place ('live', a terminal) or as plain lines (logs). */
  progress: { write: (text: string) => void; mode: 'live' | 'lines' };
  /**
   * A writing run's before-image journal, for `store-cli undo` (`file`: the file imported, as
   * named; `notUndoable`: why undo cannot put the run's writes back, for a kind whose writes the API cannot take back).
   */
  openJournal?: (file: string, notUndoable?: string) => Promise<RunJournal>;
}

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
  /** Check every row against the store first (reads only) and write only if none would be rejected; the file is read again for the writes. */
  allOrNothing?: boolean;
  /** The run is a rehearsal's, on a copy of the store: the summary says what the real run would do. */
  rehearsal?: boolean;
}

/** Runs the rows of `source` through `kind`, with progress, and reports. */
export async function runImportJob<T extends TextOf, R extends RowOf<T>, L extends Layout>(
  source: ImportSource,
  kind: RowKind<T, R, L>,
  rejectColumns: RejectColumns<T>,
  settings: JobSettings,
  env: ImportEnv,
  paced: PacedApi,
  files: {
    /** The rejects file, when the caller opened it already (before its first request). */
    opened?: RejectSink<T>;
    /** The file again, from its start: all or nothing reads it twice. */
    reopen?: () => Promise<ImportSource>;
  } = {},
): Promise<ImportReport> {
  const { opened, reopen } = files;
  const { shard, rejectsPath, resultsPath } = settings;
  const pass = async (from: ImportSource, dryRun: boolean, keepRejectsOpen: boolean): Promise<ImportResult> => {
    const sink = opened && keepRejectsOpen ? { write: opened.write.bind(opened), close: async () => undefined } : opened;
    const job = new Import({
      source: from,
      kind,
      ...(shard ? { shard } : {}),
      dryRun,
      concurrency: settings.concurrency,
      signal: env.signal,
      clock: () => env.clock.now(),
      ...(settings.maxRejects ? { maxRejects: settings.maxRejects } : {}),
      ...(sink ? { openRejects: async () => sink } : rejectsPath !== undefined ? { openRejects: () => openRejectsFile(rejectsPath, from, rejectColumns) } : {}),
      // Each pass writes the results anew: all or nothing's check when it refuses, else its writes.
      ...(resultsPath !== undefined ? { openResults: () => openResultsFile(resultsPath, from) } : {}),
      // A dry run without a store to read (no credentials, no network) still validates; a check before writing does not.
      ...(settings.dryRun ? { isOffline: (error: unknown) => error instanceof AuthError || error instanceof NetworkError } : {}),
    });
    const reporter = startProgress(env.progress.write, env.progress.mode, () => job.snapshot());
    try {
      return await job.run();
    } finally {
      reporter.stop();
      await job.close();
    }
  };

  if (settings.allOrNothing !== true || settings.dryRun || reopen === undefined) return report(await pass(source, settings.dryRun, false), source.name, settings, paced.counts(), kind.unit);
  // All or nothing: every row planned and checked against the store first (reads only);
  // the writes start only when none would be rejected.
  const checked = await pass(source, true, true);
  if (checked.failed > 0 || checked.stop !== undefined) {
    await opened?.close();
    const refused: ImportResult = checked.stop ? checked : { ...checked, stop: { kind: 'all-or-nothing' } };
    return report(refused, source.name, { ...settings, dryRun: true }, paced.counts(), kind.unit);
  }
  const applied = await pass(await reopen(), false, false);
  const result = report(applied, source.name, settings, paced.counts(), kind.unit);
  return { ...result, lines: [`Checked first: none of the ${checked.rows} rows would be rejected, so they were written.`, ...result.lines] };
}

/**
 * The import `work` run with its journal (a writing run's, when the caller keeps runs):
 * the run id in the summary and --json, the counts in the journal. A run that throws
 * keeps its journal only if it recorded a write.
 */
export async function withJournal(env: ImportEnv, dryRun: boolean, file: string, work: (journal: RunJournal | undefined) => Promise<ImportReport>, notUndoable?: string): Promise<ImportReport> {
  const journal = dryRun || env.openJournal === undefined ? undefined : await env.openJournal(file, notUndoable);
  let report: ImportReport;
  try {
    report = await work(journal);
  } catch (error) {
    await journal?.abandon();
    throw error;
  }
  if (journal === undefined) return report;
  const { rows, created, updated, unchanged, failed } = report.summary;
  await journal.finish({ rows, created, updated, unchanged, failed });
  const { runId } = journal;
  const told = notUndoable === undefined ? `Run ${runId}: undo with store-cli undo ${runId}` : `Run ${runId}: kept in store-cli runs, but it cannot be undone (${notUndoable}).`;
  return { ...report, lines: [...report.lines, told], summary: { ...report.summary, runId } };
}

/** The summary lines, --json summary and failure of a run's result. */
export function report(result: ImportResult, sourceName: string, settings: JobSettings, requests: RequestCounts | undefined, unit: string): ImportReport {
  const { shard, rejectsPath } = settings;
  const lines = summaryLines(result, {
    source: sourceName,
    dryRun: settings.dryRun,
    ...(settings.rehearsal === true ? { rehearsal: true } : {}),
    unit,
    ...(shard ? { shard } : {}),
    ...(rejectsPath !== undefined ? { rejectsPath } : {}),
    ...(requests ? { requests } : {}),
  });
  const failure = failureOf(result, sourceName, rejectsPath, settings.rehearsal === true);
  // A rehearsal wrote nothing to the store: its report says so as a dry run's does.
  const facts = { source: sourceName, dryRun: settings.dryRun || settings.rehearsal === true, shard, rejectsPath };
  return { result, facts, lines, summary: summaryJson(result, requests), ...(failure !== undefined ? { failure } : {}) };
}

function failureOf(result: ImportResult, sourceName: string, rejectsPath: string | undefined, rehearsal: boolean): unknown {
  if (result.stop?.kind === 'interrupted') return new CancelledError();
  if (result.stop?.kind === 'failed') return result.stop.error;
  if (result.stop?.kind === 'unreadable') {
    return new PartialFailureError(
      `Line ${result.stop.line} of ${sourceName} is not valid CSV: the rows before it were imported${result.failed > 0 ? ` (${result.failed} failed)` : ''}, the rest of the file was not read.`,
    );
  }
  if (result.stop?.kind === 'all-or-nothing') {
    return new PartialFailureError(`${result.failed} of the ${result.rows} rows would be rejected, so nothing was written (all or nothing)${rejectsPath ? `; they are in ${rejectsPath}` : ''}.`);
  }
  if (result.stop?.kind === 'too-many-rejects') {
    return new PartialFailureError(
      `${result.failed} of the ${result.rows} rows read were rejected, more than the ${result.stop.limit} allowed: the run stopped sending writes${rejectsPath ? ` (see ${rejectsPath})` : ''}.`,
    );
  }
  if (result.failed > 0 && rehearsal)
    return new PartialFailureError(`${result.failed} of ${result.rows} rows would be rejected${rejectsPath ? ` (see ${rejectsPath})` : ''}; nothing was written to the store.`);
  if (result.failed > 0) return new PartialFailureError(`${result.failed} of ${result.rows} rows failed${rejectsPath ? ` (see ${rejectsPath})` : ''}.`);
  return undefined;
}
