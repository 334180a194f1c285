// The results file (--results): one CSV line per row as the run settles it (line, key,
// action, the id the store gave, the value an update replaced). Each line goes to the file
// in one write call, so a run killed at any point (kill -9 included) leaves whole lines
// only; the file is synced when the run ends.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { FieldError, RuntimeError, UsageError } from '../core/errors.js';
import { identityOfPath, identityOfStats, sameFile } from '../core/file-identity.js';
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
 * Opens (creating) the results file without truncating it, makes sure it is not the file
 * imported under any name (as the rejects file does), then empties it and writes the header.
 */
export async function openResultsFile(path: string, imported: ImportedFile): Promise<ResultSink> {
  const what = imported.name === 'stdin' ? 'the file stdin reads from' : `the file being imported (${imported.name})`;
  const isInput = () => new FieldError('results', (name) => `${name()} ${path} is ${what}: writing it would destroy the input; give another file. Nothing was sent.`);
  if (sameFile(await identityOfPath(path), imported.identity)) throw isInput();
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND, 0o666);
    const info = await handle.stat({ bigint: true });
    if (sameFile(identityOfStats(info), imported.identity)) throw isInput();
    if (info.isFile()) await handle.truncate(0);
    await handle.write(`${RESULT_COLUMNS.join(',')}\n`);
  } catch (error) {
    await handle?.close();
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new FieldError('results', (name) => `${name()}: cannot write ${path}${code ? ` (${code})` : ''}; nothing was sent.`);
  }
  const file = handle;
  // Lines are written one after the other: two writes in flight could interleave.
  let queue: Promise<void> = Promise.resolve();
  let failure: RuntimeError | undefined;
  const fail = (error: unknown) => {
    failure ??= new RuntimeError(`Cannot write the results file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
    throw failure;
  };
  return {
    write(result) {
      if (failure) return Promise.reject(failure);
      const text = Buffer.from(resultLine(result));
      queue = queue.then(async () => {
        if (failure) throw failure;
        // One write call: O_APPEND places it whole at the end of the file.
        const { bytesWritten } = await file.write(text, 0, text.length).catch(fail);
        if (bytesWritten !== text.length) fail(new Error(`wrote ${bytesWritten} of ${text.length} bytes`));
      });
      return queue;
    },
    async close() {
      try {
        await queue.catch(() => undefined);
        await file.sync().catch(fail);
      } finally {
        await file.close();
      }
    },
  };
}
