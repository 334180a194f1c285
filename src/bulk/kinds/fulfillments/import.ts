// The fulfillment import (`fulfillment import FILE`: a warehouse's tracking numbers), as the
// engine runs it (engine/import-kind.ts): the file checked whole before anything is sent
// (preflight.ts), the orders it names read once (orders.ts: the listing, 250 a page, or each by
// id when that is cheaper), then the rows run through the import engine as fulfillments
// (kind.ts). stdin is read once into a private temporary file, as the file is read twice. Its
// rehearsal copies the orders the file names and their fulfillments (copy.ts); its undo cancels
// the fulfillments the run created (undo.ts).
import type { BulkEnv } from '../../engine/env.js';
import { AuthError, NetworkError } from '../../../core/errors.js';
import { report as reportOf, runImportJob, type ImportReport } from '../../engine/import-job.js';
import type { ImportKind, ImportRequest, Journaled } from '../../engine/import-kind.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { openRejectsFile } from '../../engine/rejects.js';
import { stoppedBeforeWriting } from '../../engine/run-import.js';
import { reopenableInput } from '../../engine/source.js';
import { copyFulfillments } from './copy.js';
import { FULFILLMENT_REJECTS, fulfillmentKind, type FulfillmentStore } from './kind.js';
import { readOrderIndex, type OrderIndex } from './orders.js';
import { preflight } from './preflight.js';
import { fulfillmentUndo } from './undo.js';
import { fulfillmentWatch } from './watch.js';

export type FulfillmentImportRequest = ImportRequest;

async function run(request: FulfillmentImportRequest, env: BulkEnv, journaled: Journaled): Promise<ImportReport> {
  // Its outputs were checked together before (commands/bulk-import.ts: none is another, or the input).
  const { rejectsPath } = request;
  const input = await reopenableInput(request.file, env.stdin, env.signal, true);
  try {
    const whole = await input.open();
    const imported = { name: whole.name, ...(whole.identity ? { identity: whole.identity } : {}) };
    // Opened before the check, which writes every problem row to it, and so before the first request.
    const rejects = rejectsPath === undefined ? undefined : await openRejectsFile(rejectsPath, imported, FULFILLMENT_REJECTS);
    let checked;
    try {
      checked = await preflight(whole, {
        ...(request.shard ? { shard: request.shard } : {}),
        ...(rejects && rejectsPath !== undefined ? { rejects: { sink: rejects, path: rejectsPath } } : {}),
      });
    } catch (error) {
      await rejects?.close();
      throw error;
    }
    const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
    const { api } = paced;
    const started = performance.now();
    let index: OrderIndex | undefined;
    let offline: unknown;
    try {
      index = await readOrderIndex(api.orders, api.accessScopes, checked.ids, checked.names, request.concurrency, env.now());
    } catch (error) {
      // A dry run without a store to read validates only (the engine says so).
      const isOffline = request.dryRun && (error instanceof AuthError || error instanceof NetworkError);
      if (!isOffline) await rejects?.close();
      // Ctrl-C, or a store that refused everything, before the first write: none of the rows was done.
      const stopped = stoppedBeforeWriting(checked.rows, performance.now() - started, error, env.signal);
      if (stopped) return reportOf(stopped, imported.name, request, paced.counts(), 'order');
      if (!isOffline) throw error;
      offline = error;
    }
    const store: FulfillmentStore = {
      fulfillmentsOf: (orderId) => api.fulfillments.listFor(orderId),
      create: (orderId, lines, tracking) => api.fulfillments.createFor(orderId, lines, tracking),
    };
    const report = await journaled(imported.name, async (journal) =>
      runImportJob(
        await input.open(),
        fulfillmentKind(store, index, journal ? fulfillmentWatch(journal) : undefined, offline),
        FULFILLMENT_REJECTS,
        request,
        env,
        paced,
        rejects ? { opened: rejects } : {},
      ),
    );
    return index?.described ? { ...report, lines: [...report.lines, index.described] } : report;
  } finally {
    await input.close();
  }
}

export const fulfillmentImport: ImportKind<FulfillmentImportRequest> = {
  command: 'fulfillment import',
  run,
  rehearsal: {
    check: async (source, request) => {
      await preflight(source, request.shard ? { shard: request.shard } : {});
    },
    copy: (plan, api) => copyFulfillments(plan, api),
  },
  undo: [fulfillmentUndo],
};
