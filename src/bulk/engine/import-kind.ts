// A kind of import, as the engine runs it (kinds/<kind>/import.ts declares one, kinds/index.ts
// registers it): its run (the kind's checks and reads of the store, then its rows through the
// engine, runImportJob), what its rehearsal copies (engine/rehearsal.ts), and the undo of what
// it journals (runs/kind-undo.ts). Here the run gets its journal: opened by the engine for a
// writing run (never by the command), finished with the run's counts, and, for an
// all-or-nothing run that did not apply every row, taken back by the kind's undo.
import type { Api } from '../../api/index.js';
import { PartialFailureError, RuntimeError } from '../../core/errors.js';
import { pluralWord, stripPeriod } from '../../core/words.js';
import type { KindUndo } from '../runs/kind-undo.js';
import type { RunJournal } from '../runs/run-journal.js';
import type { BulkEnv } from './env.js';
import { nothingWritten, type ImportReport, type JobSettings } from './import-job.js';
import type { ImportResult, ImportSource } from './run-import.js';
import type { CopyPlan, StoreCopy } from './store-copy.js';
import { counted, type SummaryJson } from './summary.js';

/** What every import's request holds: the file, and the engine's settings; a kind adds its own (--domain, --key, --like). */
export interface ImportRequest extends JobSettings {
  /** A path, or "-" for stdin. */
  file: string;
  /** Where codes generated for rows without one go (created new, 0600): a rehearsal writes its own to a private file instead. */
  codesOut?: string;
}

/** The run's rows applied with its journal: `work` gets the journal of a writing run, undefined for any other. */
export type Journaled = (file: string, work: (journal: RunJournal | undefined) => Promise<ImportReport>) => Promise<ImportReport>;

export interface ImportKind<Q extends ImportRequest = ImportRequest> {
  /** What ran, as its journal and `store-cli runs` name it: "metafield import". */
  readonly command: string;
  /** The import: its checks and reads of the store, then its rows through the engine inside `journaled` (its journal, if it writes). */
  run(request: Q, env: BulkEnv, journaled: Journaled): Promise<ImportReport>;
  /** --rehearse and all or nothing's check (engine/rehearsal.ts). */
  readonly rehearsal: {
    /** Checks the whole file before any request, as the real run's pre-flight does: a bad file sends nothing. */
    check?(source: ImportSource, request: Q): Promise<void>;
    /** What the file touches, read from the store (GETs only), for a copy of the store to run the import on. */
    copy(plan: CopyPlan, api: Api, request: Q): Promise<StoreCopy>;
  };
  /** The undo of every entry its runs journal: its own, and those of the kinds it writes through (a product's metafield values). */
  readonly undo: readonly KindUndo[];
}

/** One import of `kind`, with its journal when it writes. */
export function runImport<Q extends ImportRequest>(kind: ImportKind<Q>, request: Q, env: BulkEnv): Promise<ImportReport> {
  return kind.run(request, env, (file, work) => withJournal(env, kind, request, file, work));
}

/**
 * The import `work` run with its journal (a writing run's, when the command keeps runs:
 * env.runs): the run id in the summary and --json, the counts in the journal. A run that
 * throws keeps its journal only if it recorded a write; a run that wrote nothing keeps none.
 * An all-or-nothing run that did not apply every row has its writes taken back here, by the
 * kind's undo. `file`: the file imported, as named.
 */
async function withJournal(
  env: BulkEnv,
  kind: Pick<ImportKind, 'command' | 'undo'>,
  run: Pick<ImportRequest, 'dryRun' | 'rehearsal'>,
  file: string,
  work: (journal: RunJournal | undefined) => Promise<ImportReport>,
): Promise<ImportReport> {
  const journal = await openJournal(env, kind.command, run, file);
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
  if (report.rollback !== undefined && report.failure !== undefined) return rolledBack(journal, report, env, report.rollback.concurrency, kind.undo);
  if (await leftNothing(journal, report.summary, kind.undo)) {
    await journal.discard();
    return report;
  }
  const told = `Run ${journal.runId}: undo with ${journal.undoCommand}`;
  return { ...report, lines: [...report.lines, told], summary: { ...report.summary, runId: journal.runId } };
}

/** The journal of a run that writes to the store, where the command keeps runs; none for a dry run, a rehearsal or all or nothing's check (on a copy). */
async function openJournal(env: BulkEnv, command: string, run: Pick<ImportRequest, 'dryRun' | 'rehearsal'>, file: string): Promise<RunJournal | undefined> {
  const onCopy = run.rehearsal !== undefined && run.rehearsal !== false;
  if (run.dryRun || onCopy || env.runs === undefined) return undefined;
  const [{ RunJournal }, dataDir, store] = await Promise.all([import('../runs/run-journal.js'), env.runs.dataDir(), env.runs.store()]);
  return RunJournal.open(dataDir, { command, file, store, ...(env.runs.group === undefined ? {} : { group: env.runs.group }) });
}

/** Whether the run's journal holds no write that may have reached the store: none counted, none recorded. */
async function leftNothing(journal: RunJournal, summary: SummaryJson, undo: readonly KindUndo[]): Promise<boolean> {
  if ((summary.created ?? 0) + (summary.updated ?? 0) + summary.partial > 0) return false;
  const { wroteNothing } = await import('../runs/rollback.js');
  return wroteNothing(journal.dir, undo);
}

/**
 * All or nothing, after a run that did not apply every row: its writes taken back from its
 * journal. Taken back whole, the run is forgotten (exit 3, counts of nothing written); a
 * rollback that cannot finish names every key it left (exit 1), and the run waits in
 * `store-cli runs` for `store-cli undo`. After Ctrl-C nothing more is sent: the writes wait alike.
 */
async function rolledBack(journal: RunJournal, report: ImportReport, env: BulkEnv, concurrency: number, undo: readonly KindUndo[]): Promise<ImportReport> {
  const { runId } = journal;
  const undoLine = `Run ${runId}: undo with store-cli undo ${runId}`;
  const kept = { ...report.summary, runId };
  if (env.signal.aborted) {
    await journal.markNeedsUndo('all or nothing: interrupted before its writes were taken back');
    return { ...report, lines: [...report.lines, 'All or nothing: interrupted, so the writes made so far were not taken back.', undoLine], summary: kept };
  }
  const { rollBack } = await import('../runs/rollback.js');
  const why = whyRolledBack(report.result);
  const outcome = await rollBack(journal.dir, journal.runMeta, env, concurrency, undo);
  const disabled =
    outcome.disabled > 0
      ? ` (${counted(outcome.disabled, 'card')} the run created ${pluralWord(outcome.disabled, 'is', 'are')} disabled: the API deletes no card)`
      : '';
  const cancelled =
    outcome.cancelled > 0
      ? ` (${counted(outcome.cancelled, 'fulfillment')} the run created ${pluralWord(outcome.cancelled, 'is', 'are')} cancelled: the API deletes none)`
      : '';
  const took = `rolled back ${counted(outcome.undone, 'write')}${disabled}${cancelled}`;
  if (outcome.left.length === 0) {
    await journal.discard();
    const asBefore = outcome.disabled + outcome.cancelled === 0 ? '; the store is as before the run' : '';
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
      `All or nothing: ${why}, and taking the run's writes back could not finish (${took}): ` +
        `${counted(left, 'key')} ${pluralWord(left, 'is', 'are')} left as the run wrote ${pluralWord(left, 'it', 'them')}:`,
      ...outcome.left.map((key) => `  ${key.key}: ${key.why}`),
      undoLine,
    ],
    summary: kept,
    failure: new RuntimeError(
      `All or nothing: the run's writes could not all be taken back: ${counted(left, 'key')} ${pluralWord(left, 'is', 'are')} left changed ` +
        `(listed above); once the store answers, store-cli undo ${runId} finishes the job.`,
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
