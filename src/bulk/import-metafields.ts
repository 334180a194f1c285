// One metafield import, start to end: the CSV opened, requests paced over one pool, the
// job run with its progress shown, and what the caller reports: the summary lines, the
// --json summary and the error the run ends with (interrupted, failed, partial).
import type { Readable } from 'node:stream';
import type { Api } from '../api/index.js';
import type { ApiTuning } from '../core/context.js';
import { AuthError, CancelledError, NetworkError, PartialFailureError } from '../core/errors.js';
import { startProgress } from './import-progress.js';
import { openPacedApi } from './paced-api.js';
import { openRejectsFile } from './rejects.js';
import { Import, type ImportResult } from './run-import.js';
import type { Shard } from './shard.js';
import { openSource } from './source.js';
import { summaryJson, summaryLines, type SummaryJson } from './summary.js';

export interface ImportRequest {
  /** A CSV path, or "-" for stdin. */
  file: string;
  /** Stands in for a missing domain column. */
  domain?: string;
  shard?: Shard;
  dryRun: boolean;
  /** Requests in flight. */
  concurrency: number;
  /** Where every failed row is written. */
  rejectsPath?: string;
}

/** What the import needs of the command's context. */
export interface ImportEnv {
  stdin: Readable;
  /** Ctrl-C. */
  signal: AbortSignal;
  api(tuning: ApiTuning): Promise<Api>;
  /** Where progress goes: redrawn in place ('live', a terminal) or as plain lines (logs). */
  progress: { write: (text: string) => void; mode: 'live' | 'lines' };
}

export interface ImportReport {
  result: ImportResult;
  /** For people, on stderr. */
  lines: string[];
  /** For --json. */
  summary: SummaryJson;
  /** What the run ends with when it did not apply every row; undefined when it did. */
  failure?: unknown;
}

export async function importMetafields(request: ImportRequest, env: ImportEnv): Promise<ImportReport> {
  const { concurrency, shard, rejectsPath } = request;
  const source = await openSource(request.file, env.stdin, env.signal);

  const { api, counts } = await openPacedApi(env, concurrency);
  const job = new Import({
    source,
    ...(request.domain !== undefined ? { domain: request.domain } : {}),
    ...(shard ? { shard } : {}),
    dryRun: request.dryRun,
    concurrency,
    signal: env.signal,
    store: api.metafields,
    ...(rejectsPath !== undefined ? { openRejects: () => openRejectsFile(rejectsPath, source) } : {}),
    // A dry run without a store to read (no credentials, no network) still validates.
    isOffline: (error) => error instanceof AuthError || error instanceof NetworkError,
  });

  const reporter = startProgress(env.progress.write, env.progress.mode, () => job.snapshot());
  let result: ImportResult;
  try {
    result = await job.run();
  } finally {
    reporter.stop();
    await job.close();
  }

  const requests = counts();
  const lines = summaryLines(result, {
    source: source.name,
    dryRun: request.dryRun,
    ...(shard ? { shard } : {}),
    ...(rejectsPath !== undefined ? { rejectsPath } : {}),
    ...(requests ? { requests } : {}),
  });
  const failure = failureOf(result, source.name, rejectsPath);
  return { result, lines, summary: summaryJson(result, requests), ...(failure !== undefined ? { failure } : {}) };
}

function failureOf(result: ImportResult, sourceName: string, rejectsPath: string | undefined): unknown {
  if (result.stop?.kind === 'interrupted') return new CancelledError();
  if (result.stop?.kind === 'failed') return result.stop.error;
  if (result.stop?.kind === 'unreadable') {
    return new PartialFailureError(
      `Line ${result.stop.line} of ${sourceName} is not valid CSV: the rows before it were imported${result.failed > 0 ? ` (${result.failed} failed)` : ''}, the rest of the file was not read.`,
    );
  }
  if (result.failed > 0) return new PartialFailureError(`${result.failed} of ${result.rows} rows failed${rejectsPath ? ` (see ${rejectsPath})` : ''}.`);
  return undefined;
}
