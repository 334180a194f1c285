// The rows of one order export (run-export.ts runs it): the orders of a time window listed
// page after page (the largest page, ascending ids) over the paced pool the other bulk runs
// use, each page written as one row per line item the moment it arrives (memory holds one
// page, whatever the window). To a file, the rows go to FILE.partial and the run's progress
// (bytes written, last order) to FILE.progress.json after each page; the partial file takes
// its name only once complete. A run that was killed or interrupted leaves both, and
// `--resume` cuts the partial file back to the last page recorded and goes on after its last
// order, with the same filters. The rows hold buyers' emails: every file is private (0600).
// Anything else (stdout, a FIFO, a device) gets the rows through the runner's sink, in place.
import { open, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import type { Api } from '../../../api/index.js';
import type { BulkEnv } from '../../engine/env.js';
import type { OrderFilters } from '../../../api/orders/requests.js';
import { idOf } from '../../../api/orders/reading.js';
import { checkOrderWindow, windowWarning } from '../../../api/orders/window.js';
import { CancelledError, FieldError, RuntimeError, UsageError } from '../../../core/errors.js';
import { plural } from '../../../core/words.js';
import type { ExportRun, OpenOutput } from '../../engine/run-export.js';
import type { ExportFormat } from '../../engine/export-text.js';
import { orderHeader, orderRows, orderRowsText } from './rows.js';
import { openPacedApi } from '../../engine/paced-api.js';

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

interface Progress {
  version: 1;
  format: ExportFormat;
  filters: OrderFilters;
  /** Bytes of the partial file that hold whole pages. */
  bytes: number;
  /** The last order of those bytes: the run goes on after it. */
  lastOrderId: string | null;
  orders: number;
  rows: number;
}

/** Every file of an order export: its rows hold buyers' emails. */
const PRIVATE = 0o600;

const partialPath = (path: string) => `${path}.partial`;
const progressPath = (path: string) => `${path}.progress.json`;

/**
 * The order export's `write` (run-export.ts): a regular --output file written here as
 * FILE.partial, anything else through the runner's sink (`openOutput`), private either way.
 */
export async function exportOrders(request: OrderExportRequest, run: ExportRun, openOutput: OpenOutput): Promise<OrderExportReport> {
  const { env, progress, named } = run;
  const clock = () => env.clock.now();
  const started = clock();
  const { filters, format } = request;
  const outputPath = run.target.kind === 'file' ? named : undefined;
  if (request.resume && outputPath === undefined) {
    throw new UsageError(
      named === undefined
        ? '--resume goes on with the partial file of an --output export: add --output FILE (the same as the interrupted run).'
        : `--resume goes on with the partial file of an --output file, and ${named} is no regular file (it is written in place): run it without --resume.`,
    );
  }
  let state: Progress = { version: 1, format, filters, bytes: 0, lastOrderId: null, orders: 0, rows: 0 };
  let resumedAfter: string | null = null;
  if (request.resume) {
    state = await readProgress(outputPath!, format, filters);
    resumedAfter = state.lastOrderId;
  }

  const paced = await openPacedApi({ signal: env.signal, api: env.api, clock: env.clock }, 1);
  const windowLimited = await checkWindow(paced.api, filters.createTimeMin, env);

  // A file: the partial file written page by page (each write reaches the file before the
  // progress that counts it), cut back to what the progress counts on a resume.
  let write: (text: string) => Promise<void>;
  let finish: () => Promise<void>;
  let abandon: () => Promise<void>;
  if (outputPath !== undefined) {
    const partial = partialPath(outputPath);
    if (request.resume) await truncate(partial, state.bytes);
    const handle = await open(partial, request.resume ? 'r+' : 'w', PRIVATE).catch((error: NodeJS.ErrnoException) => {
      throw new FieldError('output', (flag) => `${flag()}: cannot write ${partial}${error.code ? ` (${error.code})` : ''}; nothing was sent.`, false);
    });
    // A partial file an older version left keeps its own mode when opened: made private here.
    await handle.chmod(PRIVATE);
    let position = state.bytes;
    write = async (text) => {
      const bytes = Buffer.from(text, 'utf8');
      await handle.write(bytes, 0, bytes.length, position);
      position += bytes.length;
    };
    const save = async () => {
      const saved = { ...state, bytes: position };
      await writeFile(`${progressPath(outputPath)}.tmp`, `${JSON.stringify(saved)}\n`, { mode: PRIVATE });
      await rename(`${progressPath(outputPath)}.tmp`, progressPath(outputPath));
    };
    finish = async () => {
      await handle.sync();
      await handle.close();
      await rename(partial, outputPath);
      await rm(progressPath(outputPath), { force: true });
    };
    abandon = async () => {
      await handle.close().catch(() => undefined);
    };
    if (!request.resume) {
      await write(orderHeader(format));
      await save();
    }
    const written = write;
    write = async (text) => {
      await written(text);
      await save();
    };
  } else {
    const sink = await openOutput({ private: true });
    write = (text) => sink.write(text);
    finish = async () => {};
    abandon = async () => {};
    await write(orderHeader(format));
  }

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
      if (text !== '') await write(text);
    }
    await finish();
  } catch (error) {
    await abandon();
    if (outputPath !== undefined && (error instanceof CancelledError || env.signal.aborted)) {
      throw new CancelledError(
        `Interrupted after ${plural(state.orders, 'order')}: run the same command with --resume to go on from ${partialPath(outputPath)}.`,
      );
    }
    if (outputPath !== undefined) {
      const message = error instanceof Error ? error.message : String(error);
      const again = `${partialPath(outputPath)} holds the first ${plural(state.orders, 'order')}: run the same command with --resume to go on.`;
      if (error instanceof RuntimeError) throw new RuntimeError(`${message} ${again}`);
    }
    throw error;
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

/** The progress of the run to resume, which must have been asked with the same filters and format. */
async function readProgress(outputPath: string, format: ExportFormat, filters: OrderFilters): Promise<Progress> {
  const partial = partialPath(outputPath);
  const [text, size] = await Promise.all([
    readFile(progressPath(outputPath), 'utf8').catch(() => undefined),
    stat(partial)
      .then((s) => s.size)
      .catch(() => undefined),
  ]);
  if (text === undefined || size === undefined) {
    throw new FieldError(
      'resume',
      (flag) =>
        `${flag()}: there is no interrupted export of ${outputPath} to resume (no ${partial} with its ${progressPath(outputPath)}); run it without ${flag()}.`,
      false,
    );
  }
  let progress: Progress;
  try {
    progress = JSON.parse(text) as Progress;
  } catch {
    throw new FieldError(
      'resume',
      (flag) => `${flag()}: ${progressPath(outputPath)} is not an export's progress (not JSON); run it without ${flag()} to start over.`,
      false,
    );
  }
  if (progress.version !== 1 || typeof progress.bytes !== 'number' || progress.bytes > size) {
    throw new FieldError(
      'resume',
      (flag) => `${flag()}: ${progressPath(outputPath)} does not match ${partial}; run it without ${flag()} to start over.`,
      false,
    );
  }
  if (progress.format !== format) {
    throw new FieldError(
      'resume',
      (flag) => `${flag()}: the interrupted export wrote ${progress.format === 'csv' ? 'CSV' : 'JSON lines'}; resume it with the same format.`,
      false,
    );
  }
  if (JSON.stringify(sorted(progress.filters)) !== JSON.stringify(sorted(filters))) {
    throw new FieldError(
      'resume',
      (flag) =>
        `${flag()}: the interrupted export was asked with other filters (${describe(progress.filters)}); resume it with the same --since, --until and filters.`,
      false,
    );
  }
  return progress;
}

function sorted(filters: OrderFilters): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

function describe(filters: OrderFilters): string {
  return (
    Object.entries(sorted(filters))
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(', ') || 'none'
  );
}
