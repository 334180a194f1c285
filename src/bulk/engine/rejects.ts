// The rejects file: every row that failed, with its line and the reason, written as it
// happens (nothing is held in memory). Its columns are the import's own plus line and
// reason, which the import ignores: a fixed rejects file imports as it is.
import type { Writable } from 'node:stream';
import type { FileIdentity } from '../../core/file-identity.js';
import { openLinesOutput } from './output-sink.js';
import type { TextOf } from './row-kind.js';

/** A rejects file's columns: line, the import's own, reason. */
export interface RejectColumns<T extends TextOf> {
  /** The import's own columns, between line and reason. */
  names: readonly string[];
  /** A row's cells under those names. */
  cells(text: T): string[];
}

/** The rejects columns of a kind whose row text holds a cell by each column name (gift cards mask theirs: they write their own). */
export function namedRejectColumns<C extends string, T extends TextOf & Record<C, string>>(names: readonly C[]): RejectColumns<T> {
  return { names, cells: (text) => names.map((name) => text[name]) };
}

export interface RejectSink<T extends TextOf = TextOf> {
  write(text: T, reason: string): Promise<void>;
  /** Flushes and closes; the file holds at least the header. */
  close(): Promise<void>;
}

/** The file imported, which the rejects file must not be. */
export interface ImportedFile {
  identity?: FileIdentity;
  /** Its path, or "stdin". */
  name: string;
}

/**
 * Opens the rejects file, written as the run goes (output-sink.ts: never the file imported,
 * under any name; emptied only once known not to be), with its header. Rows are written as
 * they fail, so an interrupted run keeps them. `stdout`: where `-` goes.
 */
export async function openRejectsFile<T extends TextOf>(
  path: string,
  imported: ImportedFile,
  columns: RejectColumns<T>,
  stdout?: Writable,
): Promise<RejectSink<T>> {
  const { stringify } = await import('csv-stringify/sync');
  const line = (cells: string[]) => stringify([cells]);
  const sink = await openLinesOutput(path, {
    field: 'rejects',
    what: 'the rejects file',
    header: line(['line', ...columns.names, 'reason']),
    input: imported,
    stdout,
  });
  return {
    write: (text, reason) => sink.write(line([String(text.line), ...columns.cells(text), reason])),
    close: () => sink.commit(),
  };
}
