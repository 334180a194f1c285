// --all-or-nothing, for every import that has it: the file is first run whole on a copy of
// what it touches (the rehearsal's machinery, rehearsal.ts, in its 'check' mode: the store
// is only read), where what only the store checks when a value is written is found (a
// definition's maximum, the store's code rule, a code another card or discount holds). A
// row the copy refuses refuses the run: nothing is written. Otherwise the real run writes,
// and a write the store still refuses (it changed since the check, or failed) has the run's
// writes taken back from its journal (import-job.ts, withJournal). With --shard each shard
// is such a run of its own: it checks, writes and takes back its share alone.
import type { BulkEnv } from './env.js';
import { rm } from 'node:fs/promises';
import type { ImportReport } from './import-job.js';
import type { OpenRehearsalStore, RehearsalMode } from './rehearsal.js';
import { spoolStdin, stdinAgain } from './source.js';

/** An import and its rehearsal, as a command runs them. */
export interface ImportRuns<Q> {
  run: (request: Q, env: BulkEnv) => Promise<ImportReport>;
  rehearse: (request: Q, env: BulkEnv, open: OpenRehearsalStore, mode?: RehearsalMode) => Promise<ImportReport>;
}

/** The check on a copy, then (when it refuses no row) the real run; stdin is kept in a private file meanwhile, as it is read twice. */
export async function importAllOrNothing<Q extends { file: string }>(request: Q, env: BulkEnv, open: OpenRehearsalStore, runs: ImportRuns<Q>): Promise<ImportReport> {
  const spool = request.file === '-' ? await spoolStdin(env.stdin, env.signal) : undefined;
  try {
    const input = (): BulkEnv => (spool ? { ...env, stdin: stdinAgain(spool) } : env);
    // The check writes nothing to the store: no journal (it runs on a copy).
    const check = await runs.rehearse(request, input(), open, 'check');
    if (check.failure !== undefined) return check;
    const real = await runs.run(request, input());
    const { summary } = real;
    return {
      ...real,
      lines: [...check.lines, ...real.lines],
      // The check's reads of the store are requests of the run.
      summary: { ...summary, requests: summary.requests + check.summary.requests, refused: summary.refused + check.summary.refused, elapsedMs: summary.elapsedMs + check.summary.elapsedMs },
    };
  } finally {
    if (spool) await rm(spool.dir, { recursive: true, force: true });
  }
}
