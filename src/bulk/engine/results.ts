// The results file (--results): one CSV line per row as the run settles it (line, key,
// action, the id the store gave, the value an update replaced). Each line goes to the file
// in one write call, so a run killed at any point (kill -9 included) leaves whole lines
// only; the file is synced when the run ends (a pipe or a FIFO is not: it cannot be).
import type { Writable } from 'node:stream';
import { openLinesOutput } from './output-sink.js';
import type { ImportedFile } from './rejects.js';

export const RESULT_COLUMNS = ['line', 'key', 'action', 'id', 'before'] as const;

/** `partial`: part of the row landed, part was refused (the refused part is in --rejects). */
export type ResultAction = 'created' | 'updated' | 'unchanged' | 'partial' | 'rejected';

export interface ResultLine {
  line: number;
  key: string;
  action: ResultAction;
  /** The id the store gave; empty when it gave none. */
  id?: string | undefined;
  /** The value an update replaced; empty otherwise. */
  before?: string | undefined;
}

export interface ResultSink {
  write(result: ResultLine): Promise<void>;
  /** Syncs and closes. */
  close(): Promise<void>;
}

/** A CSV field: quoted when it holds a comma, a quote, a line break, or spaces at its ends. */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One whole line of the results file, its line break included. */
export function resultLine(result: ResultLine): string {
  return `${[String(result.line), result.key, result.action, result.id ?? '', result.before ?? ''].map(csvField).join(',')}\n`;
}

/**
 * Opens the results file, written as the run goes (output-sink.ts: never the file imported,
 * under any name; emptied only once known not to be), with its header. Each line is one
 * write call, in the order given. `stdout`: where `-` goes.
 */
export async function openResultsFile(path: string, imported: ImportedFile, stdout?: Writable): Promise<ResultSink> {
  const sink = await openLinesOutput(path, { field: 'results', what: 'the results file', header: `${RESULT_COLUMNS.join(',')}\n`, input: imported, stdout });
  return {
    write: (result) => sink.write(resultLine(result)),
    close: () => sink.commit(),
  };
}
