// The file to import, or stdin for "-".
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../core/errors.js';
import { identityOfStats, identityOfStream, type FileIdentity } from '../core/file-identity.js';
import type { ImportSource } from './run-import.js';

export async function openSource(path: string, stdin: Readable): Promise<ImportSource> {
  if (path === '-') {
    const identity = identityOfStream(stdin);
    return { stream: stdin, name: 'stdin', size: undefined, ...(identity ? { identity } : {}) };
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
    throw new UsageError(code === 'ENOENT' ? `${path} does not exist; nothing was sent.` : `Cannot read ${path} (${code ?? 'unknown error'}); nothing was sent.`);
  }
  return { stream: createReadStream(path, { highWaterMark: 64 * 1024 }), name: path, size, identity };
}
