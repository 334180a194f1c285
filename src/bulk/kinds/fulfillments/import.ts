// The fulfillment import (`fulfillment import FILE`: a warehouse's tracking numbers), as the
// engine runs it (engine/import-kind.ts): the file checked whole before anything is sent
// (preflight.ts), the orders it names read once (orders.ts: the listing, 250 a page, or each by
// id when that is cheaper), then the rows run through the import engine as fulfillments
// (kind.ts). stdin is read once into a private temporary file, as the file is read twice. Its
// rehearsal copies the orders the file names and their fulfillments (copy.ts); its undo cancels
// the fulfillments the run created (undo.ts).
import type { BulkEnv } from '../../engine/env.js';
import { checkedImport, readBeforeWriting, type CheckRejects } from '../../engine/checked-import.js';
import type { ImportReport } from '../../engine/import-job.js';
import type { ImportKind, ImportRequest, Journaled } from '../../engine/import-kind.js';
import { openPacedApi } from '../../engine/paced-api.js';
import type { ImportSource } from '../../engine/run-import.js';
import { copyFulfillments } from './copy.js';
import { FULFILLMENT_REJECTS, fulfillmentKind, type FulfillmentStore } from './kind.js';
import { readOrderIndex, type OrderIndex } from './orders.js';
import { preflight } from './preflight.js';
import type { FulfillmentText } from './rows.js';
import { fulfillmentUndo } from './undo.js';
import { fulfillmentWatch } from './watch.js';

export type FulfillmentImportRequest = ImportRequest;

async function run(request: FulfillmentImportRequest, env: BulkEnv, journaled: Journaled): Promise<ImportReport> {
  const check = (whole: ImportSource, rejects: CheckRejects<FulfillmentText> | undefined) =>
    preflight(whole, { ...(request.shard ? { shard: request.shard } : {}), ...(rejects ? { rejects } : {}) });
  return checkedImport(request, env, FULFILLMENT_REJECTS, check, async (file) => {
    const { checked } = file;
    const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
    const { api } = paced;
    const orders = () => readOrderIndex(api.orders, api.accessScopes, checked.ids, checked.names, request.concurrency, env.now());
    const read = await readBeforeWriting(orders, checked.rows, { request, env, paced, file, unit: 'order' });
    if ('stopped' in read) return read.stopped;
    const index: OrderIndex | undefined = read.read;
    const store: FulfillmentStore = {
      fulfillmentsOf: (orderId) => api.fulfillments.listFor(orderId),
      create: (orderId, lines, tracking) => api.fulfillments.createFor(orderId, lines, tracking),
    };
    const report = await file.runRows(journaled, paced, (journal) =>
      fulfillmentKind(store, index, journal ? fulfillmentWatch(journal) : undefined, 'offline' in read ? read.offline : undefined),
    );
    return index?.described ? { ...report, lines: [...report.lines, index.described] } : report;
  });
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
