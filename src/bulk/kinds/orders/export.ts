// The rows of one order export (run-export.ts runs it): the orders of a time window listed
// page after page (the largest page, ascending ids) over the paced pool the other bulk runs
// use, each page written as one row per line item the moment it arrives (memory holds one
// page, whatever the window). To a file, the rows go to FILE.partial and the run's progress
// (bytes written, last order) to FILE.progress.json after each page; the partial file takes
// its name only once complete. A run that was killed or interrupted leaves both, and
// `--resume` cuts the partial file back to the last page recorded and goes on after its last
// order, with the same filters (engine/resumable-output.ts). The rows hold buyers' emails:
// every file is private (0600). Anything else (stdout, a FIFO, a device) gets the rows
// through the runner's sink, in place.
import type { Api } from '../../../api/index.js';
import type { BulkEnv } from '../../engine/env.js';
import type { OrderFilters } from '../../../api/orders/requests.js';
import { idOf } from '../../../api/orders/reading.js';
import { checkOrderWindow, windowWarning } from '../../../api/orders/window.js';
import { CancelledError } from '../../../core/errors.js';
import { plural } from '../../../core/words.js';
import type { ExportRun, OpenOutput } from '../../engine/run-export.js';
import type { ExportFormat } from '../../engine/export-text.js';
import { orderHeader, orderRows, orderRowsText } from './rows.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { planResumable } from '../../engine/resumable-output.js';

export interface OrderExportRequest {
  /** Checked filters; createTimeMin is the export's --since. */
  filters: OrderFilters;
  format: ExportFormat;
  /** Go on from FILE.partial where a killed or interrupted run stopped. */
  resume: boolean;
}

export interface OrderExportSummary {
  orders: number;
  rows: number;
  /** The last order a resumed run found in the partial file (the run went on after it); null for a fresh run. */
  resumedAfter: string | null;
  /**
   * true: --since is older than 60 days and the token lacks read_all_orders, so older orders
   * were not listed; false: nothing was hidden; null: the store does not say which scopes the token has.
   */
  windowLimited: boolean | null;
  requests: number;
  refused: number;
  elapsedMs: number;
}

export interface OrderExportReport {
  lines: string[];
  summary: OrderExportSummary;
}

/** Where an order export is: the last order of what the file holds (the run goes on after it), and its counts. */
interface OrderPosition {
  lastOrderId: string | null;
  orders: number;
  rows: number;
}

/**
 * The order export's `write` (run-export.ts): a regular --output file written as FILE.partial,
 * resumable (engine/resumable-output.ts), anything else through the runner's sink
 * (`openOutput`), private either way.
 */
export async function exportOrders(request: OrderExportRequest, run: ExportRun, openOutput: OpenOutput): Promise<OrderExportReport> {
  const { env, progress, named } = run;
  const clock = () => env.clock.now();
  const started = clock();
  const { filters, format } = request;
  const planned = await planResumable<OrderPosition>(run, openOutput, {
    resume: request.resume,
    format,
    filters,
    sameFlags: '--since, --until and filters',
    initial: { lastOrderId: null, orders: 0, rows: 0 },
    header: orderHeader(format),
  });
  const resumedAfter = request.resume ? planned.position.lastOrderId : null;

  const paced = await openPacedApi({ signal: env.signal, api: env.api, clock: env.clock }, 1);
  const windowLimited = await checkWindow(paced.api, filters.createTimeMin, env);

  const output = await planned.open();
  const state = { ...planned.position };
  const query: OrderFilters = state.lastOrderId === null ? filters : { ...filters, sinceId: state.lastOrderId };
  try {
    for await (const page of paced.api.orders.everyOrder(query)) {
      if (env.signal.aborted) throw new CancelledError();
      progress.add(page.length);
      let text = '';
      for (const order of page) {
        const rows = orderRows(order);
        text += orderRowsText(rows, format);
        state.rows += rows.length;
        state.orders += 1;
        state.lastOrderId = idOf(order) ?? state.lastOrderId;
      }
      if (text !== '') await output.write(text, state);
    }
    await output.finish();
  } catch (error) {
    throw await output.stopped(error, plural(state.orders, 'order'));
  }
  const counts = paced.counts();
  const summary: OrderExportSummary = {
    orders: state.orders,
    rows: state.rows,
    resumedAfter,
    windowLimited,
    requests: counts?.sent ?? 0,
    refused: counts?.rateLimited ?? 0,
    elapsedMs: Math.round(clock() - started),
  };
  const where = named === undefined ? '' : ` to ${named}`;
  const resumed = resumedAfter === null ? '' : ` (resumed after order ${resumedAfter})`;
  return { lines: [`Exported ${plural(state.orders, 'order')}, ${plural(state.rows, 'row')}${where}${resumed}.`], summary };
}

/** Without read_all_orders a store lists the last 60 days only: an export reaching further back says so. */
async function checkWindow(api: Api, since: string | undefined, env: BulkEnv): Promise<boolean | null> {
  const check = await checkOrderWindow(api.accessScopes, since, env.now());
  const warning = windowWarning(check, '--since', 'the export');
  if (warning !== undefined) env.warn(warning);
  return check.limited;
}
