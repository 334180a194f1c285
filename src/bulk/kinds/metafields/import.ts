// One metafield import: the file (CSV or JSON lines) opened, and run through the import
// engine as metafield rows.
import type { BulkEnv } from '../../engine/env.js';
import { runImportJob, withJournal, type ImportReport } from '../../engine/import-job.js';
import { metafieldWatch } from '../../runs/watches.js';
import { metafieldKind } from './kind.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { METAFIELD_REJECTS } from './rows.js';
import type { Shard } from '../../engine/shard.js';
import { openSource } from '../../engine/source.js';
import type { RejectLimit } from '../../engine/run-import.js';
import { UndefinedFields } from './undefined-fields.js';

export type { ImportReport };

export interface ImportRequest {
  /** A CSV or JSON-lines path, or "-" for stdin. */
  file: string;
  /** Stands in for a missing domain column. */
  domain?: string;
  shard?: Shard;
  dryRun: boolean;
  /** Requests in flight. */
  concurrency: number;
  /** Where every failed row is written. */
  rejectsPath?: string;
  /** --give-up-after, in milliseconds. */
  giveUpAfterMs?: number;
  /** --results. */
  resultsPath?: string;
  /** --max-rejects. */
  maxRejects?: RejectLimit;
  /** --all-or-nothing: checked on a copy of the store first (all-or-nothing.ts), and taken back if a write is still refused. */
  allOrNothing?: boolean;
  /** The run is on a rehearsal's copy of the store (rehearsal.ts); 'check': all or nothing's check. */
  rehearsal?: boolean | 'check';
}

export async function importMetafields(request: ImportRequest, env: BulkEnv): Promise<ImportReport> {
  const source = await openSource(request.file, env.stdin, env.signal);
  const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
  const fields = new UndefinedFields((domain) => paced.api.metafieldDefinitions.list(domain));
  return withJournal(env, { command: 'metafield import', ...request }, source.name, async (journal) => {
    const kind = metafieldKind(paced.api.metafields, request.domain, fields, journal ? metafieldWatch(journal) : undefined);
    const report = await runImportJob(source, kind, METAFIELD_REJECTS, request, env, paced);
    return { ...report, lines: [...report.lines, ...fields.lines()] };
  });
}
