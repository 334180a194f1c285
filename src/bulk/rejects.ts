// The rejects file: every row that failed, with its line and the reason, written as it
// happens (nothing is held in memory). Its columns are the import's own plus line and
// reason, which the import ignores: a fixed rejects file imports as it is.
import { once } from 'node:events';
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { FieldError, RuntimeError, UsageError } from '../core/errors.js';
import { identityOfPath, identityOfStats, sameFile, type FileIdentity } from '../core/file-identity.js';
import type { RowText } from './row-check.js';
import type { TextOf } from './row-kind.js';

/** A rejects file's columns: line, the import's own, reason. */
export interface RejectColumns<T extends TextOf> {
  /** The import's own columns, between line and reason. */
  names: readonly string[];
  /** A row's cells under those names. */
  cells(text: T): string[];
}

export const METAFIELD_REJECTS: RejectColumns<RowText> = {
  names: ['domain', 'bizId', 'namespace', 'code', 'type', 'value'],
  cells: (t) => [t.domain, t.bizId, t.namespace, t.code, t.type, t.value],
};

export interface RejectSink<T extends TextOf = RowText> {
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
 * Opens (creating) the rejects file without truncating it, makes sure it is not the file
 * imported, under any name (./in.csv, a symlink, a hard link, stdin's `< in.csv`), and
 * only then empties it. Rows are written as they fail, so an interrupted run keeps them.
 */
export async function openRejectsFile<T extends TextOf>(path: string, imported: ImportedFile, columns: RejectColumns<T>): Promise<RejectSink<T>> {
  const { stringify } = await import('csv-stringify');
  const what = imported.name === 'stdin' ? 'the file stdin reads from' : `the file being imported (${imported.name})`;
  const isInput = () => new FieldError('rejects', (name) => `${name()} ${path} is ${what}: writing it would destroy the input; give another file. Nothing was sent.`);
  // Asked first so that a read-only input is named as the input, not as unwritable.
  if (sameFile(await identityOfPath(path), imported.identity)) throw isInput();
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT, 0o666);
    // Asked again of the file opened: the path may have changed in between.
    const info = await handle.stat({ bigint: true });
    if (sameFile(identityOfStats(info), imported.identity)) throw isInput();
    if (info.isFile()) await handle.truncate(0);
  } catch (error) {
    await handle?.close();
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new FieldError('rejects', (name) => `${name()}: cannot write ${path}${code ? ` (${code})` : ''}; nothing was sent.`);
  }
  const file = handle.createWriteStream();
  const csv = stringify({ header: true, columns: ['line', ...columns.names, 'reason'] });
  csv.pipe(file);
  // A failed file (a full disk) unpipes itself: the CSV side would never drain again, so
  // every wait races this.
  let failure: RuntimeError | undefined;
  const failed = new Promise<never>((_, reject) =>
    file.once('error', (error: NodeJS.ErrnoException) => {
      failure = new RuntimeError(`Cannot write the rejects file ${path}${error.code ? ` (${error.code})` : ''}.`);
      reject(failure);
    }),
  );
  failed.catch(() => undefined);
  return {
    async write(text, reason) {
      if (failure) throw failure;
      const fits = csv.write([String(text.line), ...columns.cells(text), reason]);
      if (!fits) await Promise.race([once(csv, 'drain'), failed]);
    },
    async close() {
      csv.end();
      await Promise.race([finished(file), failed]);
    },
  };
}
