// The rejects file: every row that failed, with its line and the reason, written as it
// happens (nothing is held in memory). Its columns are the import's own plus line and
// reason, which the import ignores: a fixed rejects file imports as it is.
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { RuntimeError, UsageError } from '../core/errors.js';
import type { RowText } from './row-check.js';

const REJECT_COLUMNS = ['line', 'domain', 'bizId', 'namespace', 'code', 'type', 'value', 'reason'] as const;

export interface RejectSink {
  write(text: RowText, reason: string): Promise<void>;
  /** Flushes and closes; the file holds at least the header. */
  close(): Promise<void>;
}

export async function openRejectsFile(path: string): Promise<RejectSink> {
  const { stringify } = await import('csv-stringify');
  let handle;
  try {
    handle = await open(path, 'w');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--rejects: cannot write ${path}${code ? ` (${code})` : ''}; nothing was sent.`);
  }
  const file = handle.createWriteStream();
  const csv = stringify({ header: true, columns: [...REJECT_COLUMNS] });
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
      const fits = csv.write([String(text.line), text.domain, text.bizId, text.namespace, text.code, text.type, text.value, reason]);
      if (!fits) await Promise.race([once(csv, 'drain'), failed]);
    },
    async close() {
      csv.end();
      await Promise.race([finished(file), failed]);
    },
  };
}
