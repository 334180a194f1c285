// The file to import, or stdin for "-", and its format: JSON lines for a .jsonl (or .ndjson)
// file and for stdin whose first character is `{`, CSV otherwise.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CancelledError, UsageError } from '../../core/errors.js';
import { identityOfStats, identityOfStream, type FileIdentity } from '../../core/file-identity.js';
import type { ImportSource } from './run-import.js';

const JSONL_EXTENSION = /\.(jsonl|ndjson)$/i;

/** `signal`: Ctrl-C while stdin has sent nothing yet closes it (the run then reports an interruption). */
export async function openSource(path: string, stdin: Readable, signal?: AbortSignal): Promise<ImportSource> {
  if (path === '-') {
    const identity = identityOfStdin(stdin);
    const format = (await firstCharacter(stdin, signal)) === '{' ? 'jsonl' : 'csv';
    return { stream: stdin, name: 'stdin', size: undefined, format, ...(identity ? { identity } : {}) };
  }
  let size: number;
  let identity: FileIdentity;
  try {
    const info = await stat(path, { bigint: true });
    if (!info.isFile()) throw new UsageError(`${path} is not a file; give a CSV file, or - to read stdin.`);
    size = Number(info.size);
    identity = identityOfStats(info);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `${path} does not exist; nothing was sent.` : `Cannot read ${path} (${code ?? 'unknown error'}); nothing was sent.`,
    );
  }
  const format = JSONL_EXTENSION.test(path) ? 'jsonl' : 'csv';
  return { stream: createReadStream(path, { highWaterMark: 64 * 1024 }), name: path, size, identity, format };
}

/**
 * The stream's first character past a UTF-8 byte order mark and white space, read without
 * consuming it (the bytes are put back); undefined for an empty or closed stream.
 */
export async function firstCharacter(stream: Readable, signal?: AbortSignal): Promise<string | undefined> {
  const seen: Buffer[] = [];
  const close = () => stream.destroy();
  signal?.addEventListener('abort', close, { once: true });
  if (signal?.aborted) close();
  try {
    for (;;) {
      const chunk = stream.read() as Buffer | string | null;
      if (chunk !== null) {
        seen.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        const text = Buffer.concat(seen)
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .trimStart();
        if (text !== '') return text[0];
        continue;
      }
      if (stream.readableEnded || stream.destroyed) return undefined;
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('readable', done).off('end', done).off('close', done).off('error', done);
          resolve();
        };
        stream.on('readable', done).on('end', done).on('close', done).on('error', done);
      });
    }
  } finally {
    signal?.removeEventListener('abort', close);
    if (seen.length > 0 && !stream.destroyed) stream.unshift(Buffer.concat(seen));
  }
}

/**
 * stdin copied to a file in a new private directory (0700; the file 0600: it may hold
 * codes), for a run that reads its input twice; the caller removes `dir`.
 */
export async function spoolStdin(stdin: Readable, signal: AbortSignal): Promise<{ dir: string; path: string; identity?: FileIdentity }> {
  const identity = identityOfStdin(stdin);
  const dir = await mkdtemp(join(tmpdir(), 'store-cli-stdin-'));
  const path = join(dir, 'stdin.csv');
  try {
    await pipeline(stdin, createWriteStream(path, { flags: 'wx', mode: 0o600 }), { signal });
    await stat(path);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (signal.aborted) throw new CancelledError();
    throw error;
  }
  return { dir, path, ...(identity ? { identity } : {}) };
}

/** stdin read again from the private file it was kept in (spoolStdin), still the file stdin was read from for the outputs' checks. */
export function stdinAgain(spool: { path: string; identity?: FileIdentity }): Readable {
  return Object.assign(createReadStream(spool.path), { spooledFrom: spool.identity });
}

/** The file behind stdin: the one it was kept from, for stdin read again (stdinAgain). */
function identityOfStdin(stdin: Readable): FileIdentity | undefined {
  return 'spooledFrom' in stdin ? (stdin.spooledFrom as FileIdentity | undefined) : identityOfStream(stdin);
}

/**
 * Closes the file `source` reads, whether the run read it to its end or not: a run that fails
 * after opening it (--like naming no discount, a journal that cannot be made) leaves no open
 * to finish after the command. An open still under way may yet fail (the file removed
 * meanwhile): nobody reads the stream any more, so that error is nobody's, not an uncaught
 * exception after the command's own end. Stdin is not the run's to close.
 */
export function closeSource(source: ImportSource, stdin: Readable): void {
  if (source.stream === stdin) return;
  source.stream.on('error', () => {});
  source.stream.destroy();
}

/** An input that can be opened again from its start; `close` removes what it kept (and closes what it opened). */
export interface ReopenableInput {
  open(): Promise<ImportSource>;
  close(): Promise<void>;
}

/**
 * The file to import, opened as often as the run needs (all or nothing reads it twice;
 * gift card import checks it whole first). `again`: stdin is kept in a private file, named
 * and guarded as stdin (--rejects must not be the file stdin reads from); a path is simply
 * opened anew.
 */
export async function reopenableInput(path: string, stdin: Readable, signal: AbortSignal, again: boolean): Promise<ReopenableInput> {
  const opened: ImportSource[] = [];
  const tracked = async (source: Promise<ImportSource>) => {
    const open = await source;
    opened.push(open);
    return open;
  };
  const closeOpened = () => {
    for (const source of opened.splice(0)) closeSource(source, stdin);
  };
  if (path !== '-' || !again) return { open: () => tracked(openSource(path, stdin, signal)), close: async () => closeOpened() };
  const spool = await spoolStdin(stdin, signal);
  return {
    open: async () => ({ ...(await tracked(openSource(spool.path, stdin))), name: 'stdin', ...(spool.identity ? { identity: spool.identity } : {}) }),
    close: async () => {
      closeOpened();
      await rm(spool.dir, { recursive: true, force: true });
    },
  };
}
