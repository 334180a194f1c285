// The metafield import, as the engine runs it (engine/import-kind.ts): the file (CSV or JSON
// lines) opened and run through the engine as metafield rows; its rehearsal copies the
// objects the file names (copy.ts), its undo puts their values back (undo.ts).
import type { BulkEnv } from '../../engine/env.js';
import { runImportJob } from '../../engine/import-job.js';
import type { ImportKind, ImportRequest, Journaled } from '../../engine/import-kind.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { closeSource, openSource } from '../../engine/source.js';
import { copyMetafields } from './copy.js';
import { metafieldKind } from './kind.js';
import { METAFIELD_REJECTS } from './rows.js';
import { UndefinedFields } from './undefined-fields.js';
import { metafieldUndo } from './undo.js';
import { metafieldWatch } from './watch.js';

export interface MetafieldImportRequest extends ImportRequest {
  /** Stands in for a missing domain column. */
  domain?: string;
}

async function run(request: MetafieldImportRequest, env: BulkEnv, journaled: Journaled) {
  const source = await openSource(request.file, env.stdin, env.signal);
  try {
    const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
    const fields = new UndefinedFields((domain) => paced.api.metafieldDefinitions.list(domain));
    return await journaled(source.name, async (journal) => {
      const kind = metafieldKind(paced.api.metafields, request.domain, fields, journal ? metafieldWatch(journal) : undefined);
      const report = await runImportJob(source, kind, METAFIELD_REJECTS, request, env, paced);
      return { ...report, lines: [...report.lines, ...fields.lines()] };
    });
  } finally {
    closeSource(source, env.stdin);
  }
}

export const metafieldImport: ImportKind<MetafieldImportRequest> = {
  command: 'metafield import',
  run,
  rehearsal: { copy: (plan, api, request) => copyMetafields(plan, api, request.domain) },
  undo: [metafieldUndo],
};
