// The delivery log of `webhook listen --log FILE`, read back by `webhook resend`: one JSON
// line per accepted delivery, {receivedAt, method, path, headers, body, verified}, with
// every header as received (name case, order and repeats kept, as [name, value] pairs) and
// the body's exact text. Appended, never truncated, so several runs add up; each line is
// on disk (written and synced) before the listener answers the sender.
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FieldError, UsageError } from '../core/errors.js';
import { identityOfStats, sameFile, type FileIdentity } from '../core/file-identity.js';

export interface LoggedDelivery {
  receivedAt: string;
  method: string;
  /** The request target as sent: path and query. */
  path: string;
  /** Header name and value pairs exactly as received. */
  headers: Array<[string, string]>;
  /** The body's text, exact (a delivery is accepted only when it is UTF-8). */
  body: string;
  /** Whether the signature was checked (listen had a secret) and matched. */
  verified: boolean;
}

export interface DeliveryLog {
  /** Resolves once the line is written and synced: only then may the sender hear 2xx. */
  append(delivery: LoggedDelivery): Promise<void>;
  close(): Promise<void>;
}

/** Files that must not be the log (stdin, stdout), each with how to name it. */
export interface OtherFile {
  identity: FileIdentity | undefined;
  what: string;
}

/**
 * Opens `path` for appending (created 0600; an existing file made 0600), refusing with
 * exit 2 a directory, a file that is not a regular file, an unwritable one, and a file the
 * same run reads or writes otherwise (`> FILE`).
 */
export async function openDeliveryLog(path: string, others: readonly OtherFile[]): Promise<DeliveryLog> {
  const refuse = (why: string) => new FieldError('log', (name) => `${name()} ${path}: ${why}; nothing was listened to.`, false);
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) throw refuse('it is a directory, give a file');
  if (existing && !existing.isFile()) throw refuse('it is not a regular file');
  let handle: FileHandle | undefined;
  let created = false;
  try {
    try {
      // O_EXCL tells a file made now from one that was there: only a new one needs its directory synced.
      handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_EXCL, 0o600);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      handle = await open(path, constants.O_WRONLY | constants.O_APPEND);
    }
    const info = await handle.stat({ bigint: true });
    if (!info.isFile()) throw refuse('it is not a regular file');
    for (const other of others) if (sameFile(identityOfStats(info), other.identity)) throw refuse(`it is ${other.what}, give another file`);
    // Headers may carry credentials (a sender's Authorization): the log is the owner's only.
    if ((Number(info.mode) & 0o077) !== 0) await handle.chmod(0o600);
    if (created) await syncDirectory(dirname(path));
  } catch (error) {
    await handle?.close();
    if (error instanceof UsageError) throw error;
    throw refuse(reason(error));
  }
  const file = handle;
  // One line at a time, in order of arrival: concurrent deliveries never interleave.
  let queue: Promise<void> = Promise.resolve();
  return {
    append(delivery) {
      const line = `${JSON.stringify(delivery)}\n`;
      const done = queue.then(async () => {
        try {
          await file.write(line);
          await file.datasync();
        } catch (error) {
          throw new Error(`could not write the delivery to the log ${path} (${reason(error)})`, { cause: error });
        }
      });
      queue = done.catch(() => undefined);
      return done;
    },
    async close() {
      await queue;
      await file.close();
    },
  };
}

/** A new file's name is on disk once its directory is synced (some file systems refuse: then it is as durable as they make it). */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, constants.O_RDONLY).catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // EINVAL/EISDIR on file systems that cannot sync a directory.
  } finally {
    await handle.close();
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'its directory does not exist';
  if (code === 'EISDIR') return 'it is a directory, give a file';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'the disk is full';
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** The value of a logged header, by name in any case (the first, when repeated). */
export function loggedHeader(delivery: LoggedDelivery, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return delivery.headers.find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/** A line of the log as a delivery, or undefined when it is not one (a line torn by a crash, an edit). */
export function parseLoggedDelivery(line: string): LoggedDelivery | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const pairs = record.headers;
  if (!Array.isArray(pairs) || !pairs.every((pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string'))
    return undefined;
  for (const key of ['receivedAt', 'method', 'path', 'body'] as const) if (typeof record[key] !== 'string') return undefined;
  if (typeof record.verified !== 'boolean') return undefined;
  return record as unknown as LoggedDelivery;
}

export interface LogSearch {
  /** The last delivery with that webhook id, if any. */
  found?: LoggedDelivery;
  /** Line numbers that are not deliveries. */
  skipped: number[];
}

/** Reads the log line by line (memory bounded by one line) for the last delivery with `webhookId` in one of `idHeaders` (one per family). */
export async function findLoggedDelivery(path: string, webhookId: string, idHeaders: readonly string[]): Promise<LogSearch> {
  const [{ createReadStream }, { createInterface }] = await Promise.all([import('node:fs'), import('node:readline')]);
  const info = await stat(path).catch((error: unknown) => {
    throw new FieldError(
      'log',
      (name) => `${name()} ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : reason(error)}; nothing was sent.`,
      false,
    );
  });
  if (info.isDirectory())
    throw new FieldError('log', (name) => `${name()} ${path}: it is a directory, give the file listen --log wrote; nothing was sent.`, false);
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  const result: LogSearch = { skipped: [] };
  let number = 0;
  try {
    for await (const line of lines) {
      number += 1;
      if (line.trim() === '') continue;
      const delivery = parseLoggedDelivery(line);
      if (!delivery) result.skipped.push(number);
      else if (idHeaders.some((name) => loggedHeader(delivery, name) === webhookId)) result.found = delivery;
    }
  } catch (error) {
    throw new FieldError('log', (name) => `${name()} ${path}: ${reason(error)}; nothing was sent.`, false);
  }
  return result;
}
