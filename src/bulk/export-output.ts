// Where an export's rows go: stdout, or a file written whole or not at all. The file is
// written under a temporary name beside it and renamed over the target only once every
// row is in (flushed to disk first), so a crash, a kill or Ctrl-C never leaves a half file
// under the name a script will read; an interrupted run removes its temporary file, and one
// killed outright (kill -9) has its file removed by the next export to the same name.
// A target that is no regular file (`-`, /dev/stdout, a terminal, a device, a FIFO) is
// written in place: there is no name to rename over, and renaming over it would destroy it.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { FieldError, RuntimeError } from '../core/errors.js';
import { endInPlace, openInPlace, type OutputTarget } from '../core/output-target.js';
import { isRunning } from '../core/processes.js';

export interface RowSink {
  /** Resolves once the stream can take more (backpressure: memory stays flat). */
  write(text: string): Promise<void>;
  /** Every row is in: the file takes its name. */
  commit(): Promise<void>;
  /** The run did not finish: the temporary file goes. */
  discard(): Promise<void>;
}

/** Writes to a stream the run does not own (stdout): nothing to commit or discard. */
export function streamSink(stream: Writable): RowSink {
  return {
    async write(text) {
      if (!stream.write(text)) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
    },
    async commit() {},
    async discard() {},
  };
}

/**
 * The sink for an output the user named (see core/output-target.ts): stdout, a descriptor or
 * special file written in place, or a regular file written whole (fileSink). `mode` is a new
 * regular file's; a special file keeps its own.
 */
export async function targetSink(target: OutputTarget, stdout: Writable, field: string, mode = 0o666): Promise<RowSink> {
  if (target.kind === 'stdout') return streamSink(stdout);
  if (target.kind === 'file') return fileSink(target.path, field, mode);
  const name = target.kind === 'descriptor' ? `descriptor ${target.fd}` : target.path;
  let stream: Awaited<ReturnType<typeof openInPlace>>;
  try {
    stream = await openInPlace(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FieldError(field, (flag) => `${flag()}: cannot write ${name}${code ? ` (${code})` : ''}; nothing was sent.`);
  }
  let failure: RuntimeError | undefined;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    failure ??= new RuntimeError(`Cannot write ${name}${error.code ? ` (${error.code})` : ''}.`);
  });
  const check = () => {
    if (failure) throw failure;
  };
  // What was written is there (a reader has it): ending is all that commit or discard can do.
  const end = async () => {
    if (stream.writableEnded) return;
    try {
      await endInPlace(stream);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      failure ??= new RuntimeError(`Cannot write ${name}${code ? ` (${code})` : ''}.`);
    }
  };
  return {
    async write(text) {
      check();
      if (!stream.write(text)) await Promise.race([once(stream, 'drain'), once(stream, 'error')]).catch(() => undefined);
      check();
    },
    async commit() {
      await end();
      check();
    },
    async discard() {
      await end();
    },
  };
}

/** The temporary files of earlier exports to `path` whose process is gone (killed before it could remove them). */
async function removeDeadParts(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`;
  for (const name of await readdir(dirname(path)).catch(() => [] as string[])) {
    const pid = name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]{8}\.part$/.exec(name.slice(prefix.length))?.[1] : undefined;
    if (pid !== undefined && Number(pid) !== process.pid && !isRunning(Number(pid))) await unlink(join(dirname(path), name)).catch(() => undefined);
  }
}

/**
 * Opens `path`'s temporary sibling for writing; fails (exit 2, nothing sent, naming `field`)
 * when the folder cannot take it. `mode` 0600 (secrets): the file is private from its first
 * byte, and the renamed file replaces whatever mode an older one had.
 */
export async function fileSink(path: string, field: string, mode = 0o666): Promise<RowSink> {
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) throw new FieldError(field, (flag) => `${flag()} ${path} is a folder; give a file name. Nothing was sent.`);
  await removeDeadParts(path);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.part`);
  // flush: the data is on disk (fsync) before the file is closed, and so before the rename.
  const stream = createWriteStream(temporary, { flags: 'wx', mode, flush: true });
  try {
    // Rejects with the error event.
    await once(stream, 'open');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FieldError(field, (flag) => `${flag()}: cannot write a file in ${dirname(path)}${code ? ` (${code})` : ''}; nothing was sent.`);
  }
  let failure: RuntimeError | undefined;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    failure ??= new RuntimeError(`Cannot write ${path}${error.code ? ` (${error.code})` : ''}.`);
  });
  const check = () => {
    if (failure) throw failure;
  };
  const discard = async () => {
    if (!stream.closed) await new Promise<void>((resolve) => stream.destroy().once('close', () => resolve()));
    await unlink(temporary).catch(() => undefined);
  };
  return {
    discard,
    async write(text) {
      check();
      if (!stream.write(text)) await Promise.race([once(stream, 'drain'), once(stream, 'error')]);
      check();
    },
    async commit() {
      try {
        await new Promise<void>((resolve, reject) => {
          stream.once('error', reject);
          stream.once('close', resolve);
          stream.end();
        });
        check();
        await rename(temporary, path);
      } catch (error) {
        await discard();
        if (error instanceof RuntimeError) throw error;
        const code = (error as NodeJS.ErrnoException).code;
        throw new RuntimeError(`Cannot write ${path}${code ? ` (${code})` : ''}.`);
      }
    },
  };
}
