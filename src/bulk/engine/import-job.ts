// One import's rows, start to end, whatever their row kind: requests paced over one pool, the
// job run with its progress shown, and what the caller reports: the summary lines, the --json
// summary and the error the run ends with (interrupted, failed, partial). Its journal, and all
// or nothing's rollback of a run that did not apply every row, are import-kind.ts's.
import { AuthError, CancelledError, NetworkError, PartialFailureError } from '../../core/errors.js';
import type { BulkEnv } from './env.js';
import { startProgress } from './import-progress.js';
import type { PacedApi } from './paced-api.js';
import type { RequestCounts } from '../../core/rate-governor.js';
import { openRejectsFile, type RejectColumns, type RejectSink } from './rejects.js';
import { openResultsFile, type ResultSink } from './results.js';
import type { Layout, RowKind, RowOf, TextOf } from './row-kind.js';
import { Import, type ImportResult, type ImportSource, type RejectLimit } from './run-import.js';
import type { Shard } from './shard.js';
import { summaryJson, summaryLines, type SummaryJson } from './summary.js';

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
    ...(opened
      ? { openRejects: async () => opened }
      : rejectsPath !== undefined
        ? { openRejects: () => openRejectsFile(rejectsPath, source, rejectColumns) }
        : {}),
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

/** Counts of a run that left nothing written: every row it refused failed, the others were not applied. */
export function nothingWritten(summary: SummaryJson): SummaryJson {
  const failed = summary.failed + summary.partial;
  return { ...summary, created: 0, updated: 0, unchanged: 0, partial: 0, failed, unfinished: summary.rows - failed, runId: null };
}

/** The summary lines, --json summary and failure of a run's result; `unchecked`: what a dry run without the store left unchecked. */
export function report(
  result: ImportResult,
  sourceName: string,
  settings: JobSettings,
  requests: RequestCounts | undefined,
  unit: string,
  unchecked?: string,
): ImportReport {
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
      `Line ${result.stop.line} of ${sourceName} is not valid CSV: ` +
        `the rows before it were imported${result.failed > 0 ? ` (${result.failed} failed)` : ''}, the rest of the file was not read.`,
    );
  }
  const refused = result.failed + result.partial;
  if (result.stop?.kind === 'all-or-nothing') {
    if (rehearsal === undefined || rehearsal === false)
      return new PartialFailureError(
        `${refused} of the ${result.rows} rows read ${refused === 1 ? 'was' : 'were'} refused when written, ` +
          `so no more writes were sent (all or nothing)${rejectsPath ? `; see ${rejectsPath}` : ''}.`,
      );
    if (rehearsal === true)
      return new PartialFailureError(
        `${refused} of ${result.rows} rows would be rejected${rejectsPath ? ` (see ${rejectsPath})` : ''}, ` +
          `so the real run (all or nothing) would write nothing; nothing was written to the store.`,
      );
    return new PartialFailureError(
      `${refused} of the ${result.rows} rows would be rejected, so nothing was written (all or nothing)${rejectsPath ? `; they are in ${rejectsPath}` : ''}.`,
    );
  }
  if (result.stop?.kind === 'too-many-rejects') {
    return new PartialFailureError(
      `${refused} of the ${result.rows} rows read were rejected, more than the ${result.stop.limit} allowed: ` +
        `the run stopped sending writes${rejectsPath ? ` (see ${rejectsPath})` : ''}.`,
    );
  }
  if (refused > 0 && rehearsal === true)
    return new PartialFailureError(
      `${refused} of ${result.rows} rows would be rejected${rejectsPath ? ` (see ${rejectsPath})` : ''}; nothing was written to the store.`,
    );
  if (refused > 0) {
    const what = result.partial === 0 ? 'failed' : result.failed === 0 ? 'were applied in part' : 'failed or were applied in part';
    return new PartialFailureError(`${refused} of ${result.rows} rows ${what}${rejectsPath ? ` (see ${rejectsPath})` : ''}.`);
  }
  return undefined;
}
