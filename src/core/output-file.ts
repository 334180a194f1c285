// A file a command writes its output to (--output). With a private mode (0600, for
// secrets) the mode is set before a byte is written, also on a file that was there.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { RuntimeError, UsageError } from './errors.js';

export interface OutputFile {
  stream: Writable;
  /** Flushes and closes. */
  close(): Promise<void>;
}

export async function openOutput(path: string, mode: number): Promise<OutputFile> {
  let handle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT, mode);
    if (mode === 0o600) await handle.chmod(mode);
    await handle.truncate(0);
  } catch (error) {
    await handle?.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--output: cannot write ${path}${code ? ` (${code})` : ''}.`);
  }
  const stream = handle.createWriteStream();
  let failure: Error | undefined;
  stream.on('error', (error: NodeJS.ErrnoException) => (failure = new RuntimeError(`Cannot write ${path}${error.code ? ` (${error.code})` : ''}.`)));
  return {
    stream,
    async close() {
      if (!stream.destroyed) stream.end();
      await finished(stream).catch(() => undefined);
      if (failure) throw failure;
    },
  };
}
