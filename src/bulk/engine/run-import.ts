// The import itself: streams the file, checks each row, groups rows by business object
// and applies the groups with bounded concurrency; what a row is, and how its group is
// applied, is the row kind's (row-kind.ts). Holds only the groups in flight, so
// memory stays flat; pulls the next rows only when a slot frees, so the file is read no
// faster than the store takes it.
import type { Readable } from 'node:stream';
import type { FileIdentity } from '../../core/file-identity.js';
import { ApiError, CancelledError, NetworkError, UnreachableError, UsageError, type CliError } from '../../core/errors.js';
import { stripPeriod } from '../../core/words.js';
import { csvRecords, CsvSyntaxError, type CsvRecord } from './csv-rows.js';
import type { ProgressSnapshot } from './import-progress.js';
import { LISTED_REJECTS } from '../report/run-report.js';
import type { RejectSink } from './rejects.js';
import type { ResultAction, ResultLine, ResultSink } from './results.js';
import type { Group, Layout, Outcome, RowKind, RowOf, TextOf } from './row-kind.js';
import { inShardOfKey, type Shard } from './shard.js';
import { GaveUpError } from './paced-api.js';

export interface ImportSource {
  stream: Readable;
  /** How messages name it: the path, or "stdin". */
  name: string;
  /** Bytes, when known (a file): progress estimates the total from it. */
  size: number | undefined;
  /** The file read (stdin too, when redirected from one): what --rejects must not be. */
  identity?: FileIdentity;
  /** CSV unless said otherwise; JSON lines are what `metafield export --jsonl` writes. */
  format?: 'csv' | 'jsonl';
}

export interface ImportSettings<T extends TextOf, R extends RowOf<T>, L extends Layout> {
  source: ImportSource;
  /** What a row is and how it is applied (it holds the store). */
  kind: RowKind<T, R, L>;
  shard?: Shard;
  dryRun: boolean;
  /** Groups (business objects) applied at once. */
  concurrency: number;
  signal: AbortSignal;
  /** Opened once the header is known good, before anything is sent. */
  openRejects?: () => Promise<RejectSink<T>>;
  /** The results file (--results): opened with the rejects file; a line per row as it settles. */
  openResults?: () => Promise<ResultSink>;
  /** Errors of the store that mean "no store to read" rather than a refusal (no credentials): a dry run then only validates. */
  isOffline?: (error: unknown) => boolean;
  clock?: () => number;
  /** Past this many rejects the run sends no more writes, finishes what is in flight and stops. */
  maxRejects?: RejectLimit;
}

export type Stop =
  | { kind: 'interrupted' }
  /** The run could not go on: a refused token, an unreachable or failing store. */
  | { kind: 'failed'; error: unknown }
  /** The file stops being CSV at this line; later rows were not read. */
  | { kind: 'unreadable'; line: number; message: string }
  /** More rows were rejected than the run allows (`limit`, as given: "10", "5%"): no write was sent after that. */
  | { kind: 'too-many-rejects'; limit: string }
  /** All or nothing's check, on a copy of the store, found rows the store would reject: nothing was written. */
  | { kind: 'all-or-nothing' };

/** How many rejected rows a run takes before it stops sending writes: a count, or a share of the rows read. */
export type RejectLimit = { count: number } | { percent: number; text: string };

/** Rows read before a percentage limit is judged: the first rejects of a file say little of its share. */
export const PERCENT_SAMPLE = 100;

/** A limit as given: a whole number (10), or a percentage (5%, 0.5%). */
export function parseRejectLimit(text: string): RejectLimit | undefined {
  const count = /^\s*(\d+)\s*$/.exec(text);
  if (count) return { count: Number(count[1]) };
  const percent = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(text);
  if (percent && Number(percent[1]) <= 100) return { percent: Number(percent[1]), text: `${percent[1]}%` };
  return undefined;
}

/** Whether `failed` of `read` rows passes the limit. */
export function passesLimit(limit: RejectLimit, failed: number, read: number): boolean {
  if ('count' in limit) return failed > limit.count;
  return read >= PERCENT_SAMPLE && (failed / read) * 100 > limit.percent;
}

export interface ImportResult {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows of which part landed and part was refused (in the rejects file too, with what was refused). */
  partial: number;
  failed: number;
  elapsedMs: number;
  /** Business objects (runs of consecutive rows of one object). */
  objects: number;
  /** Rows of the file that belong to other shards. */
  otherShards: number;
  /** A dry run that could not read the store validated only; why. */
  offline?: string;
  /** Rows that passed validation in a dry run that could not read the store. */
  valid: number;
  stop?: Stop;
  /** The first rejects (at most LISTED_REJECTS), partial rows among them: the summary shows a few, a report lists them. */
  rejects: Array<{ line: number; reason: string; partial?: true }>;
}

/**
 * The result of a run that `error` stopped while it read the store, before its first write
 * (every row read, none done): Ctrl-C, or a store that refused everything for --give-up-after.
 * Undefined for any other error, which is the kind's to handle.
 */
export function stoppedBeforeWriting(rows: number, elapsedMs: number, error: unknown, signal: AbortSignal): ImportResult | undefined {
  const stop: Stop | undefined =
    error instanceof CancelledError || signal.aborted ? { kind: 'interrupted' } : error instanceof GaveUpError ? { kind: 'failed', error } : undefined;
  if (stop === undefined) return undefined;
  return {
    rows,
    created: 0,
    updated: 0,
    unchanged: 0,
    partial: 0,
    failed: 0,
    valid: 0,
    objects: 0,
    otherShards: 0,
    elapsedMs: Math.round(elapsedMs),
    rejects: [],
    stop,
  };
}

/**
 * The records of the file: CSV, or JSON lines (`source.format`) read by `jsonl`, for a kind
 * that reads them; a kind that reads CSV only refuses JSON lines at once (nothing sent).
 */
export function importRecords(source: ImportSource, jsonl?: (stream: Readable) => AsyncIterable<CsvRecord>): AsyncIterable<CsvRecord> {
  if (source.format !== 'jsonl') return csvRecords(source.stream);
  if (jsonl === undefined) {
    source.stream.destroy();
    throw new UsageError(`${source.name} is JSON lines, and this import reads CSV only (a header line, then comma-separated rows); nothing was sent.`, false);
  }
  return jsonl(source.stream);
}

/** Objects failing in a row for want of an answer (network, 5xx) before the run gives up. */
const MAX_CONSECUTIVE_FAILURES = 3;

export class Import<T extends TextOf, R extends RowOf<T>, L extends Layout> {
  private readonly result: ImportResult = {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    partial: 0,
    failed: 0,
    elapsedMs: 0,
    objects: 0,
    otherShards: 0,
    valid: 0,
    rejects: [],
  };
  private readonly clock: () => number;
  private readonly started: number;
  private bytes = 0;
  private finishedReading = false;
  private rejects: RejectSink<T> | undefined;
  private results: ResultSink | undefined;
  private consecutiveFailures = 0;
  private sent = false;

  constructor(private readonly settings: ImportSettings<T, R, L>) {
    this.clock = settings.clock ?? (() => performance.now());
    this.started = this.clock();
  }

  snapshot(): ProgressSnapshot {
    const r = this.result;
    return {
      read: r.rows,
      done: r.created + r.updated + r.unchanged + r.partial + r.failed + r.valid,
      failed: r.failed,
      bytes: this.bytes,
      totalBytes: this.settings.source.size,
      finishedReading: this.finishedReading,
      elapsedMs: this.clock() - this.started,
    };
  }

  /** Throws UsageError (nothing sent) when the file is unusable; otherwise reports what happened. */
  async run(): Promise<ImportResult> {
    const { source, kind, shard, signal } = this.settings;
    const records = importRecords(source, kind.jsonlRecords);
    const active = new Set<Promise<void>>();
    const lastOfObject = new Map<string, Promise<void>>();
    const grouper = kind.grouper();
    let previousKey: string | undefined;
    // Ctrl-C while waiting on a stalled stdin: closing the input ends the wait.
    const stopReading = () => source.stream.destroy();
    signal.addEventListener('abort', stopReading, { once: true });

    const schedule = async (group: Group<R>) => {
      while (active.size >= this.settings.concurrency) await Promise.race(active);
      if (group.key !== previousKey) this.result.objects += 1;
      previousKey = group.key;
      this.sent = true;
      // An object seen again waits for its earlier group: the later rows win, as in the file.
      const earlier = lastOfObject.get(group.key);
      const task = (async () => {
        if (earlier) await earlier;
        await this.applyOne(group);
      })();
      lastOfObject.set(group.key, task);
      active.add(task);
      void task.finally(() => {
        active.delete(task);
        if (lastOfObject.get(group.key) === task) lastOfObject.delete(group.key);
      });
    };

    try {
      let columns: L | undefined;
      for await (const record of records) {
        this.bytes = record.bytes;
        if (columns === undefined) {
          if (record.invalidUtf8 !== undefined)
            throw new UsageError(`${source.name}: field ${record.invalidUtf8 + 1} of the header is not valid UTF-8; save the file as UTF-8.`, false);
          columns = kind.readHeader(record.cells, source.name);
          if (this.settings.openRejects) this.rejects = await this.settings.openRejects();
          if (this.settings.openResults) this.results = await this.settings.openResults();
          continue;
        }
        if (this.result.stop || signal.aborted) break;
        const text = kind.rowText(record.cells, record.line, columns);
        if (!inShardOfKey(shard, kind.shardKey(text))) {
          this.result.otherShards += 1;
          continue;
        }
        this.result.rows += 1;
        if (record.invalidUtf8 !== undefined) {
          // Decoding put U+FFFD in place of the bytes: sent, the store would keep that for good.
          await this.reject(text, `the ${columns.columnName(record.invalidUtf8)} cell is not valid UTF-8 (save the file as UTF-8)`);
          continue;
        }
        if (record.problem !== undefined) {
          await this.reject(text, record.problem);
          continue;
        }
        const checked = kind.check(text, record.cells.length, columns);
        if (!checked.ok) {
          await this.reject(checked.text, checked.reason);
          continue;
        }
        const pushed = grouper.push(checked.row);
        if (pushed.duplicate !== undefined) await this.reject(text, pushed.duplicate);
        if (pushed.group) await schedule(pushed.group);
      }
      if (columns === undefined) throw new UsageError(`${source.name} is empty: it needs a header line such as ${kind.headerExample}.`, false);
      this.finishedReading = !this.result.stop && !signal.aborted;
      const last = grouper.flush();
      if (last && this.finishedReading) await schedule(last);
    } catch (error) {
      if (signal.aborted && !(error instanceof UsageError)) {
        // The input was closed by the interruption: what was read so far is reported.
        this.result.stop ??= { kind: 'interrupted' };
        return this.finish(active);
      }
      if (!(error instanceof CsvSyntaxError)) throw error;
      // Nothing sent yet: the file is unusable, as a whole (exit 2). Else the rows before stand.
      if (!this.sent) throw new UsageError(`${source.name}: line ${error.line} is not valid CSV (${error.message}); nothing was sent.`, false);
      this.result.stop ??= { kind: 'unreadable', line: error.line, message: error.message };
      const pending = grouper.flush();
      if (pending) await schedule(pending);
    } finally {
      signal.removeEventListener('abort', stopReading);
    }
    return this.finish(active);
  }

  private async finish(active: Set<Promise<void>>): Promise<ImportResult> {
    await Promise.allSettled(active);
    if (this.settings.signal.aborted && !this.result.stop) this.result.stop = { kind: 'interrupted' };
    this.result.elapsedMs = Math.round(this.clock() - this.started);
    return this.result;
  }

  /** Closes the rejects and results files (after run, whatever happened). */
  async close(): Promise<void> {
    try {
      await Promise.all([this.rejects?.close(), this.results?.close()]);
    } catch (error) {
      // Already why the run stopped: said once, after the summary.
      if (this.result.stop?.kind === 'failed' && this.result.stop.error === error) return;
      throw error;
    }
  }

  private async applyOne(group: Group<R>): Promise<void> {
    const { signal, dryRun, kind } = this.settings;
    // By line: a row converted by the stored value's type settles as a copy.
    const settled = new Set<number>();
    const pendingWrites: Promise<void>[] = [];
    const settle = (row: R, outcome: Outcome) => {
      settled.add(row.line);
      if (outcome.kind === 'rejected') {
        pendingWrites.push(this.reject(row.text, outcome.reason, outcome.key));
        return;
      }
      if (outcome.kind === 'partial') {
        pendingWrites.push(this.partly(row.text, outcome.reason, outcome.key ?? kind.resultKey(row.text), outcome.id, outcome.before));
        return;
      }
      this.result[outcome.kind] += 1;
      if (this.results) pendingWrites.push(this.writeResult(row.line, outcome.key ?? kind.resultKey(row.text), outcome.kind, outcome.id, outcome.before));
    };
    // A file that stops being CSV does not stop the groups read before that point; too many rejects do.
    if (this.result.stop?.kind === 'failed' || this.result.stop?.kind === 'too-many-rejects' || signal.aborted) return;
    if (this.result.offline !== undefined) {
      this.result.valid += group.rows.length;
      return;
    }
    try {
      await kind.apply(group, dryRun, settle);
      this.consecutiveFailures = 0;
    } catch (error) {
      if (error instanceof CancelledError || signal.aborted) return;
      if (dryRun && this.settings.isOffline?.(error)) {
        this.result.offline ??= error instanceof Error ? error.message : String(error);
        this.result.valid += group.rows.filter((row) => !settled.has(row.line)).length;
        return;
      }
      if (!isObjectLevel(error)) {
        this.result.stop ??= { kind: 'failed', error };
        return;
      }
      for (const row of group.rows) if (!settled.has(row.line)) pendingWrites.push(this.reject(row.text, reasonOf(error)));
      if (unanswered(error) && ++this.consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) this.result.stop ??= { kind: 'failed', error };
    } finally {
      await Promise.all(pendingWrites);
    }
  }

  /** One line of the results file; a line that cannot be written stops the run (exit 1), as a lost reject does. */
  private async writeResult(line: number, key: string, action: ResultAction, id?: string, before?: string): Promise<void> {
    try {
      await this.results?.write({ line, key, action, id, before });
    } catch (error) {
      this.result.stop ??= { kind: 'failed', error };
    }
  }

  private async reject(text: T, reason: string, key?: string): Promise<void> {
    this.result.failed += 1;
    await this.record(text, reason, { line: text.line, key: key ?? this.settings.kind.resultKey(text), action: 'rejected' });
  }

  /** A row of which part landed: counted apart, its refused part in the rejects file, its id and before in the results. */
  private async partly(text: T, reason: string, key: string, id?: string, before?: string): Promise<void> {
    this.result.partial += 1;
    await this.record(text, reason, { line: text.line, key, action: 'partial', id, before });
  }

  /** A row refused in whole or in part: judged against --max-rejects, listed, and written to the rejects and results files. */
  private async record(text: T, reason: string, result: ResultLine): Promise<void> {
    const limit = this.settings.maxRejects;
    if (limit && passesLimit(limit, this.result.failed + this.result.partial, this.result.rows))
      this.result.stop ??= { kind: 'too-many-rejects', limit: 'count' in limit ? String(limit.count) : limit.text };
    if (this.result.rejects.length < LISTED_REJECTS)
      this.result.rejects.push({ line: text.line, reason, ...(result.action === 'partial' ? { partial: true as const } : {}) });
    try {
      await this.rejects?.write(text, reason);
      await this.results?.write(result);
    } catch (error) {
      // Failed rows that cannot be recorded would be lost: the run stops (exit 1).
      this.result.stop ??= { kind: 'failed', error };
    }
  }
}

/**
 * A failure of this object's requests, after retries; the run goes on with the next object.
 * A store that could not be reached at all is no object's failure: the run stops.
 */
export function isObjectLevel(error: unknown): error is ApiError | NetworkError {
  if (error instanceof ApiError) return error.status !== 401 && error.status !== 403;
  return error instanceof NetworkError && !(error instanceof UnreachableError);
}

/** The store did not really answer: it may be down, and if it stays so the run stops. */
export function unanswered(error: ApiError | NetworkError): boolean {
  return error instanceof NetworkError || error.status >= 500;
}

function reasonOf(error: CliError): string {
  return stripPeriod(error.message);
}
