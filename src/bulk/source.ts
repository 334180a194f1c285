// The file to import, or stdin for "-".
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../core/errors.js';
import type { ImportSource } from './run-import.js';

export async function openSource(path: string, stdin: Readable): Promise<ImportSource> {
  if (path === '-') return { stream: stdin, name: 'stdin', size: undefined };
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UsageError(`${path} is not a file; give a CSV file, or - to read stdin.`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${path} does not exist; nothing was sent.` : `Cannot read ${path} (${code ?? 'unknown error'}); nothing was sent.`);
  }
  return { stream: createReadStream(path, { highWaterMark: 64 * 1024 }), name: path, size };
}
