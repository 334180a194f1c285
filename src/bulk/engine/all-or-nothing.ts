// --all-or-nothing, for every import that has it: the file is first run whole on a copy of
// what it touches (the rehearsal's machinery, rehearsal.ts, in its 'check' mode: the store
// is only read), where what only the store checks when a value is written is found (a
// definition's maximum, the store's code rule, a code another card or discount holds). A
// row the copy refuses refuses the run: nothing is written. Otherwise the real run writes,
// and a write the store still refuses (it changed since the check, or failed) has the run's
// writes taken back from its journal by the kind's undo (import-kind.ts, withJournal). With --shard each shard
// is such a run of its own: it checks, writes and takes back its share alone.
import type { BulkEnv } from './env.js';
import { rm } from 'node:fs/promises';
import type { ImportReport } from './import-job.js';
import { runImport, type ImportKind, type ImportRequest } from './import-kind.js';
import { rehearse, type OpenRehearsalStore } from './rehearsal.js';
import { spoolStdin, stdinAgain } from './source.js';

/** The check on a copy, then (when it refuses no row) the real run; stdin is kept in a private file meanwhile, as it is read twice. */
export async function importAllOrNothing<Q extends ImportRequest>(
  kind: ImportKind<Q>,
  request: Q,
  env: BulkEnv,
  open: OpenRehearsalStore,
): Promise<ImportReport> {
  const spool = request.file === '-' ? await spoolStdin(env.stdin, env.signal) : undefined;
  try {
    const input = (): BulkEnv => (spool ? { ...env, stdin: stdinAgain(spool) } : env);
    // The check writes nothing to the store: no journal (it runs on a copy).
    const check = await rehearse(kind, request, input(), open, 'check');
    if (check.failure !== undefined) return check;
    const real = await runImport(kind, request, input());
    const { summary } = real;
    return {
      ...real,
      lines: [...check.lines, ...real.lines],
      // The check's reads of the store are requests of the run.
      summary: {
        ...summary,
        requests: summary.requests + check.summary.requests,
        refused: summary.refused + check.summary.refused,
        elapsedMs: summary.elapsedMs + check.summary.elapsedMs,
      },
    };
  } finally {
    if (spool) await rm(spool.dir, { recursive: true, force: true });
  }
}
