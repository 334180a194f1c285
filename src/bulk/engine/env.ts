// What a bulk run needs of the command's context: the one environment of every import, its
// rehearsal and all or nothing's check, every export, an undo and a rollback. The command
// builds it once from its context (commands/bulk-env.ts); a run that needs less takes a Pick
// of it (the paced API: the signal, the API and the clock).
import type { Readable, Writable } from 'node:stream';
import type { Api } from '../../api/index.js';
import type { Clock } from '../../core/clock.js';
import type { ApiTuning } from '../../core/transport.js';
import type { RunMeta } from '../runs/run-journal.js';

export interface BulkEnv {
  /** What `-` reads. */
  stdin: Readable;
  /** The command's stdout as it is (what output-check compares the outputs with), and whether it is a terminal. */
  stdout: Writable;
  stdoutIsTerminal: boolean;
  /** Where data for stdout goes: the same stream, the store's control characters escaped at a terminal. */
  dataStdout: Writable;
  /** Ctrl-C. */
  signal: AbortSignal;
  api(tuning: ApiTuning): Promise<Api>;
  /** The context's clock (ctx.clock): the run's pace, backoffs, --give-up-after and elapsed time go by it. */
  clock: Clock;
  /** The date now (ctx.now()): what a window of days is counted back from. */
  now(): Date;
  /** Where progress goes: redrawn in place ('live', a terminal) or as plain lines (logs, and beside --verbose's request log). */
  progress: { write: (text: string) => void; mode: 'live' | 'lines' };
  /** A warning on stderr. */
  warn(message: string): void;
  /** Where a writing import keeps its before-image journal (`store-cli undo`); absent: it keeps none. */
  runs?: RunsPlace;
}

/** The data directory runs are kept under, and the store written to by its profile and base URL (never its token). */
export interface RunsPlace {
  dataDir(): Promise<string>;
  store(): Promise<RunMeta['store']>;
  /** The group id of the run across stores this run is one store's of (its journal keeps it). */
  group?: string;
}
