// The rows of one metafield export (run-export.ts runs it): the objects gathered and sorted
// (nothing is sent before a bad --objects file is refused), the output opened, one listing
// per object read with `concurrency` requests in flight over the paced pool the import uses,
// and the rows written strictly in order as the listings come back (a window of a few objects
// ahead: memory holds ids, never the values of the whole store). Reports as the import does:
// lines for stderr, a --json summary, and the error the run ends with (3 when some objects
// failed, 130 when interrupted).
import { MAX_PAGE_SIZE } from '../../../api/metafields/requests.js';
import type { Metafield } from '../../../api/metafields/schema.js';
import { CancelledError, PartialFailureError } from '../../../core/errors.js';
import { stripPeriod } from '../../../core/words.js';
import { objectsOfAll, objectsOfFile, objectsOfIds, type ObjectList, type ObjectSource } from './export-objects.js';
import type { RowSink } from '../../engine/output-sink.js';
import type { ExportRun, OpenOutput } from '../../engine/run-export.js';
import type { PlannedOutput } from '../../engine/output-check.js';
import { csvLine, type ExportFormat } from '../../engine/export-text.js';
import { headerText, objectRows, rowsText, type ExportObject } from './export-rows.js';
import { formatDuration, startProgressLine } from '../../engine/import-progress.js';
import { openPacedApi } from '../../engine/paced-api.js';
import type { RequestCounts } from '../../../core/rate-governor.js';
import { isObjectLevel, unanswered, type ImportSource } from '../../engine/run-import.js';
import type { Shard } from '../../engine/shard.js';
import { openSource } from '../../engine/source.js';
import { counted, n, requestsLine } from '../../engine/summary.js';

export interface ExportRequest {
  source: ObjectSource;
  /** Only this namespace's values. */
  namespace?: string;
  shard?: Shard;
  /** Listings in flight. */
  concurrency: number;
  format: ExportFormat;
  /** Where the objects that failed go, as domain,bizId,reason (which --objects reads for a retry): one of the spec's outputs. */
  rejects?: PlannedOutput;
}

export interface ExportSummaryJson {
  /** Objects of this run (its shard's), after duplicates collapsed. */
  objects: number;
  /** Rows written: one per value. */
  rows: number;
  /** Objects whose values could not be read (they are not in the output). */
  failed: number;
  /** Objects not reached: the run stopped (Ctrl-C, a failure) before them. */
  unfinished: number;
  /** Objects that belong to other shards. */
  otherShards: number;
  requests: number;
  refused: number;
  elapsedMs: number;
}

export interface ExportReport {
  lines: string[];
  summary: ExportSummaryJson;
  /** Interrupted or failed before every object was reached: --output is not written. */
  stopped: boolean;
  failure?: unknown;
}

type Stop = { kind: 'interrupted' } | { kind: 'failed'; error: unknown };

/** Domains whose objects are people or their purchases: their values are personal data. */
const PERSONAL_DOMAINS: ReadonlySet<string> = new Set(['customers', 'orders']);

/** Objects read ahead of the one being written, per request in flight. */
const WINDOW_PER_REQUEST = 4;
/** Objects failing in a row for want of an answer (network, 5xx) before the run gives up, as the import. */
const MAX_CONSECUTIVE_FAILURES = 3;
const FIRST_FAILURES = 5;

type Listing = { ok: true; values: Metafield[] } | { ok: false; error: unknown };

/** The metafield export's `write` (run-export.ts): --output opened by `openOutput` (the runner commits or discards it), --rejects here. */
export async function exportMetafields(request: ExportRequest, run: ExportRun, openOutput: OpenOutput): Promise<ExportReport> {
  const { env } = run;
  const clock = () => env.clock.now();
  const started = clock();
  const { source, shard, concurrency, format } = request;
  const rejectsPath = request.rejects?.path;

  // A file of objects is read whole before anything is opened or sent: a bad row is exit 2.
  let list: ObjectList | undefined;
  let objectsFile: ImportSource | undefined;
  if (source.kind === 'file') {
    objectsFile = await openSource(source.path, env.stdin, env.signal);
    // Ctrl-C while stdin is slow to come: the input is closed, and the run ends at once (130).
    const input = objectsFile.stream;
    const stopReading = () => input.destroy();
    env.signal.addEventListener('abort', stopReading, { once: true });
    try {
      list = await objectsOfFile(objectsFile, source.domain, shard);
    } catch (error) {
      if (env.signal.aborted) throw new CancelledError();
      throw error;
    } finally {
      env.signal.removeEventListener('abort', stopReading);
    }
    if (env.signal.aborted) throw new CancelledError();
  } else if (source.kind === 'ids') {
    list = objectsOfIds(source.domain, source.ids, shard);
  }
  // The outputs were checked with the export's other outputs before anything was read
  // (output-check.ts): here they are opened. Values of customers and orders are their
  // personal data: such a file is private (0600).
  const personal = list?.objects.some((object) => PERSONAL_DOMAINS.has(object.domain)) === true;

  // A failure stops new listings as Ctrl-C does; those in flight finish.
  const halt = new AbortController();
  const onAbort = () => halt.abort();
  env.signal.addEventListener('abort', onAbort, { once: true });
  const paced = await openPacedApi({ signal: halt.signal, api: env.api, clock: env.clock }, concurrency);
  const { api } = paced;
  let output: RowSink;
  let rejects: RowSink | undefined;
  try {
    output = await openOutput({ private: personal });
    rejects = request.rejects === undefined ? undefined : await run.openOther(request.rejects);
  } catch (error) {
    env.signal.removeEventListener('abort', onAbort);
    throw error;
  }
  const state = { objects: list?.objects.length ?? 0, done: 0, rows: 0, failed: 0 };
  const failures: Array<{ object: ExportObject; reason: string }> = [];
  let stop: Stop | undefined;
  // `-` and /dev/stdout are stdout: named only when it is not.
  const where = run.named ?? 'stdout';

  // The header goes out with the first rows, or at the end: a run refused at once (no
  // credentials, a refused token) writes nothing to stdout.
  let headerWritten = false;
  const writeRows = async (text: string) => {
    if (!headerWritten) {
      headerWritten = true;
      text = headerText(format) + text;
    }
    if (text !== '') await output.write(text);
  };
  const reporter = startProgressLine(env.progress.write, env.progress.mode, () => progressLine(state, clock() - started));
  try {
    await rejects?.write(csvLine(['domain', 'bizId', 'reason']));
    if (source.kind === 'all') {
      try {
        list = await objectsOfAll(api, source.domain, shard);
      } catch (error) {
        stop = env.signal.aborted ? { kind: 'interrupted' } : { kind: 'failed', error };
      }
      state.objects = list?.objects.length ?? 0;
    }
    const objects = list?.objects ?? [];

    const listing = (object: ExportObject): Promise<Listing> =>
      api.metafields
        .list(object.domain, object.bizId, { ...(request.namespace !== undefined ? { namespace: request.namespace } : {}), limit: MAX_PAGE_SIZE })
        .then(
          (values) => ({ ok: true, values }),
          (error: unknown) => ({ ok: false, error }),
        );
    const pending = new Map<number, Promise<Listing>>();
    const window = concurrency * WINDOW_PER_REQUEST;
    let launched = 0;
    let consecutive = 0;
    for (let index = 0; index < objects.length && stop === undefined; index++) {
      while (launched < objects.length && launched < index + window && !env.signal.aborted) {
        pending.set(launched, listing(objects[launched]!));
        launched += 1;
      }
      const next = pending.get(index);
      if (next === undefined) {
        stop = { kind: 'interrupted' };
        break;
      }
      const answer = await next;
      pending.delete(index);
      const object = objects[index]!;
      if (answer.ok) {
        consecutive = 0;
        const rows = objectRows(object, answer.values, request.namespace);
        if (rows.length > 0) await writeRows(rowsText(rows, format));
        state.rows += rows.length;
        state.done += 1;
        continue;
      }
      const { error } = answer;
      if (env.signal.aborted || error instanceof CancelledError) {
        stop = { kind: 'interrupted' };
      } else if (!isObjectLevel(error)) {
        stop = { kind: 'failed', error };
      } else {
        const reason = stripPeriod(error.message);
        state.failed += 1;
        state.done += 1;
        if (failures.length < FIRST_FAILURES) failures.push({ object, reason });
        await rejects?.write(csvLine([object.domain, object.bizId, reason]));
        if (unanswered(error) && ++consecutive >= MAX_CONSECUTIVE_FAILURES) stop = { kind: 'failed', error };
      }
    }
    if (stop?.kind === 'failed') halt.abort();
    // Listings still out settle before the pool closes (their answers are not written).
    await Promise.all(pending.values());
    if (stop === undefined && env.signal.aborted) stop = { kind: 'interrupted' };
    if (stop === undefined) await writeRows('');
  } catch (error) {
    stop ??= env.signal.aborted ? { kind: 'interrupted' } : { kind: 'failed', error };
  } finally {
    reporter.stop();
    env.signal.removeEventListener('abort', onAbort);
  }

  // --output is renamed into place (by the runner) only when every object was reached; objects that failed are named (exit 3).
  await rejects?.commit();

  const elapsedMs = Math.round(clock() - started);
  const requests = paced.counts();
  const summary: ExportSummaryJson = {
    objects: state.objects,
    rows: state.rows,
    failed: state.failed,
    unfinished: state.objects - state.done,
    otherShards: list?.otherShards ?? 0,
    requests: requests?.sent ?? 0,
    refused: requests?.rateLimited ?? 0,
    elapsedMs,
  };
  // Stopped before any request went out (no credentials): the error alone says it.
  const silent = stop?.kind === 'failed' && summary.requests === 0;
  const lines = silent ? [] : summaryLines(summary, { where, format, stop, shard, rejectsPath, failures, requests });
  return { lines, summary, stopped: stop !== undefined, ...(failureOf(stop, summary, failures, rejectsPath) ?? {}) };
}

export function progressLine(s: { objects: number; done: number; rows: number; failed: number }, elapsedMs: number): string {
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? s.done / seconds : 0;
  const parts = [
    s.objects > 0 ? `${n(s.done)} / ${n(s.objects)} objects (${Math.min(100, Math.floor((100 * s.done) / s.objects))}%)` : `${n(s.done)} objects`,
    `${n(s.rows)} rows`,
    `${n(Math.round(rate))} objects/s`,
    `${n(s.failed)} failed`,
  ];
  if (s.objects > 0 && rate > 0 && s.done > 0) parts.push(`ETA ${formatDuration((1000 * Math.max(0, s.objects - s.done)) / rate)}`);
  return `export: ${parts.join(' · ')}`;
}

interface SummaryContext {
  where: string;
  format: ExportFormat;
  stop: Stop | undefined;
  shard: Shard | undefined;
  rejectsPath: string | undefined;
  /** The first few failures. */
  failures: ReadonlyArray<{ object: ExportObject; reason: string }>;
  requests: RequestCounts | undefined;
}

export function summaryLines(s: ExportSummaryJson, c: SummaryContext): string[] {
  const lines: string[] = [];
  const took = formatDuration(s.elapsedMs);
  const exported = s.objects - s.unfinished - s.failed;
  if (c.stop === undefined) {
    lines.push(`Exported ${counted(s.rows, 'row')} of ${counted(s.objects, 'object')} to ${c.where} in ${took}${c.format === 'jsonl' ? ' (JSON lines)' : ''}.`);
  } else {
    const lead = c.stop.kind === 'interrupted' ? 'Interrupted' : 'Stopped early';
    const file = c.where === 'stdout' ? `stdout holds the rows of the first ${counted(exported, 'object')} only` : `${c.where} was not written`;
    const next = c.stop.kind === 'interrupted' ? 'a re-run exports again from the start' : 'once the problem below is solved, a re-run exports again';
    lines.push(`${lead} after ${took}, with ${n(exported)} of ${counted(s.objects, 'object')} read: ${file}; ${next}.`);
  }
  if (c.shard) lines.push(`Shard ${c.shard.index}/${c.shard.count}: ${counted(s.otherShards, 'object')} belong to other shards.`);
  if (c.requests && c.requests.sent > 0) lines.push(requestsLine(c.requests, s.objects));
  if (s.failed > 0) {
    lines.push(
      `${counted(s.failed, 'object')} failed, their values not exported${c.rejectsPath ? `; each is in ${c.rejectsPath} with the reason (give it to --objects to retry them)` : ''}:`,
    );
    for (const { object, reason } of c.failures) lines.push(`  ${object.domain} ${object.bizId}: ${reason}`);
    const more = s.failed - c.failures.length;
    if (more > 0) lines.push(`  ... and ${n(more)} more${c.rejectsPath ? '' : ' (--rejects FILE lists every one)'}.`);
  }
  return lines;
}

function failureOf(
  stop: Stop | undefined,
  s: ExportSummaryJson,
  failures: ReadonlyArray<{ object: ExportObject }>,
  rejectsPath: string | undefined,
): { failure: unknown } | undefined {
  if (stop?.kind === 'interrupted') return { failure: new CancelledError() };
  if (stop?.kind === 'failed') return { failure: stop.error };
  if (s.failed === 0) return undefined;
  const named = failures.map(({ object }) => `${object.domain} ${object.bizId}`).join(', ');
  const more = s.failed > failures.length ? ` and ${n(s.failed - failures.length)} more` : '';
  return { failure: new PartialFailureError(`${s.failed} of ${s.objects} objects failed (${named}${more})${rejectsPath ? `; see ${rejectsPath}` : ''}.`) };
}
