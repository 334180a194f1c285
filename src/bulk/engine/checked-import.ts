// The opening of an import whose file is checked whole before anything is sent (gift cards,
// customers, fulfillments): the file opened so that it can be read twice (stdin kept in a
// private file meanwhile), the rejects file opened before the check that writes every problem
// row to it, then the store read before the first write. What each kind checks and reads is its
// own; the order of these steps and what a failure in each leaves behind are the same for all.
import { AuthError, NetworkError } from '../../core/errors.js';
import type { BulkEnv } from './env.js';
import type { RunJournal } from '../runs/run-journal.js';
import { report as reportOf, runImportJob, type ImportReport } from './import-job.js';
import type { ImportRequest, Journaled } from './import-kind.js';
import type { PacedApi } from './paced-api.js';
import { openRejectsFile, type ImportedFile, type RejectColumns, type RejectSink } from './rejects.js';
import type { Layout, RowKind, RowOf, TextOf } from './row-kind.js';
import { stoppedBeforeWriting, type ImportSource } from './run-import.js';
import { reopenableInput } from './source.js';

/** Where the pre-flight check writes each problem row: the rejects file and its path, when --rejects gives one. */
export interface CheckRejects<T extends TextOf> {
  sink: RejectSink<T>;
  path: string;
}

/** A file that passed its kind's check: what the run goes on with. */
export interface CheckedFile<T extends TextOf, C> {
  imported: ImportedFile;
  rejects: RejectSink<T> | undefined;
  /** What the kind's check returned. */
  checked: C;
  /** The file's rows, read again from its start, run through the engine as `kindOf` makes them (told the run's journal, for a writing run). */
  runRows<R extends RowOf<T>, L extends Layout>(
    journaled: Journaled,
    paced: PacedApi,
    kindOf: (journal: RunJournal | undefined) => RowKind<T, R, L>,
  ): Promise<ImportReport>;
}

/**
 * Opens the file and its rejects file, checks the file whole with `check` (the rejects file is
 * closed when the check throws: a bad file sends nothing), then hands the checked file to
 * `run`. The kept copy of stdin is removed whatever happens.
 */
export async function checkedImport<T extends TextOf, C>(
  request: ImportRequest,
  env: BulkEnv,
  rejectColumns: RejectColumns<T>,
  check: (whole: ImportSource, rejects: CheckRejects<T> | undefined) => Promise<C>,
  run: (file: CheckedFile<T, C>) => Promise<ImportReport>,
): Promise<ImportReport> {
  // Its outputs were checked together before (commands/bulk-import.ts: none is another, or the input).
  const { rejectsPath } = request;
  // Read twice (checked whole first, then imported): stdin is kept in a private file meanwhile.
  const input = await reopenableInput(request.file, env.stdin, env.signal, true);
  try {
    const whole = await input.open();
    const imported = { name: whole.name, ...(whole.identity ? { identity: whole.identity } : {}) };
    // Opened before the check, which writes every problem row to it, and so before the first request.
    const rejects = rejectsPath === undefined ? undefined : await openRejectsFile(rejectsPath, imported, rejectColumns);
    let checked: C;
    try {
      checked = await check(whole, rejects && rejectsPath !== undefined ? { sink: rejects, path: rejectsPath } : undefined);
    } catch (error) {
      await rejects?.close();
      throw error;
    }
    const runRows = <R extends RowOf<T>, L extends Layout>(
      journaled: Journaled,
      paced: PacedApi,
      kindOf: (journal: RunJournal | undefined) => RowKind<T, R, L>,
    ): Promise<ImportReport> =>
      journaled(imported.name, async (journal) =>
        runImportJob(await input.open(), kindOf(journal), rejectColumns, request, env, paced, rejects ? { opened: rejects } : {}),
      );
    return await run({ imported, rejects, checked, runRows });
  } finally {
    await input.close();
  }
}

/** What reading the store before the first write came to: what was read, a dry run that could not read it, or an import stopped there. */
export type StoreRead<I> = { read: I } | { read: undefined; offline: unknown } | { stopped: ImportReport };

/**
 * Reads what the run plans from (`read`), before its first write. A dry run that cannot reach
 * the store validates only (`offline`: the engine says so); Ctrl-C, or a store that refused
 * everything, stops the import there with none of its `rows` done (`stopped`). Any other
 * failure closes the rejects file and is thrown.
 */
export async function readBeforeWriting<I>(
  read: () => Promise<I>,
  rows: number,
  run: { request: ImportRequest; env: BulkEnv; paced: PacedApi; file: Pick<CheckedFile<TextOf, unknown>, 'imported' | 'rejects'>; unit: string },
  started = performance.now(),
): Promise<StoreRead<I>> {
  const { request, env, paced, file } = run;
  try {
    return { read: await read() };
  } catch (error) {
    const offline = request.dryRun && (error instanceof AuthError || error instanceof NetworkError);
    if (!offline) await file.rejects?.close();
    // Ctrl-C, or a store that refused everything, before the first write: none of the rows was done.
    const stopped = stoppedBeforeWriting(rows, performance.now() - started, error, env.signal);
    if (stopped) return { stopped: reportOf(stopped, file.imported.name, request, paced.counts(), run.unit) };
    if (!offline) throw error;
    return { read: undefined, offline: error };
  }
}
