// Text a command reads whole before sending it (a product or collection --file, an api --input
// body, a --field @file), from a file or stdin: bounded in size before it is read, and UTF-8 or
// refused. Decoding would otherwise turn invalid bytes into U+FFFD silently, and the store
// would keep the replacement characters for good.
import { isUtf8 } from 'node:buffer';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from './errors.js';
import { MAX_JSON_DEPTH, parseJson, tooDeepAt } from './json.js';

/**
 * The largest input read whole: 1 MiB, what a store takes as one request body (the
 * sandbox's own limit), so a larger file could not be sent anyway. Checked before
 * reading, so a 150 MB file never fills the memory.
 */
export const MAX_INPUT_BYTES = 1024 * 1024;

/**
 * The bytes of `path` (or stdin for "-"); `name` says where in messages, e.g. "--file big.json".
 * `limit`: another bound than a request body's, for an input sent where more is taken.
 */
export async function readInputBytes(path: string, stdin: Readable, name: string, limit = MAX_INPUT_BYTES): Promise<Buffer> {
  if (path === '-') return readStdin(stdin, name, limit);
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new UsageError(`${name}: ${unreadable(error)}.`);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new UsageError(`${name}: it is a directory.`);
    if (info.isFile() && info.size > limit) throw tooLarge(name, `is ${megabytes(info.size)} (${info.size} bytes), more`, limit);
    // Not a regular file (a named pipe, /dev/stdin): its size is unknown, so it is read as stdin is.
    if (!info.isFile()) return await readStdin(handle.createReadStream({ autoClose: false }), name, limit);
    return await handle.readFile();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${name}: ${unreadable(error)}.`);
  } finally {
    await handle.close();
  }
}

/** The text of `bytes`, refused with the byte offset of the first invalid sequence. */
export function utf8Text(bytes: Buffer, name: string): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const offset = firstInvalidUtf8(bytes);
  throw new UsageError(
    `${name} is not valid UTF-8: invalid bytes at byte offset ${offset} (line ${lineAt(bytes, offset)}); save it as UTF-8. Nothing was sent.`,
    false,
  );
}

/** `readInputBytes` then `utf8Text`. */
export async function readInputText(path: string, stdin: Readable, name: string): Promise<string> {
  return utf8Text(await readInputBytes(path, stdin, name), name);
}

/**
 * The JSON value of a --file (stdin for "-"), numbers digit-exact, and how messages name it
 * (its path, or "stdin"): refused when too deep or not JSON.
 */
export async function readFileFlagJson(path: string, stdin: Readable): Promise<{ value: unknown; source: string }> {
  const source = path === '-' ? 'stdin' : path;
  const text = await readInputText(path, stdin, `--file ${source}`);
  checkJsonDepth(text, `--file ${source}`);
  try {
    return { value: parseJson(text), source };
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`, false);
  }
}

/** Refuses JSON nested deeper than MAX_JSON_DEPTH, before a recursive parser meets it. */
export function checkJsonDepth(text: string, name: string): void {
  const at = tooDeepAt(text);
  if (at >= 0)
    throw new UsageError(
      `${name} is nested more than ${MAX_JSON_DEPTH} levels deep (at line ${lineColumn(text, at)}): the limit is ${MAX_JSON_DEPTH}; nothing was sent.`,
      false,
    );
}

/** The JSON value of `text` (numbers digit-exact), refused when too deep or not JSON, naming `name` and, for a syntax error, the line and column. */
export function parseJsonInput(text: string, name: string): unknown {
  checkJsonDepth(text, name);
  try {
    return parseJson(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // lossless-json says where ("at position 12"): shown as the line and column an editor shows.
    const at = /at position (\d+)/.exec(reason);
    const where = at ? ` at line ${lineColumn(text, Number(at[1]))}` : '';
    throw new UsageError(`${name} is not valid JSON${where}: ${reason.replace(/\s*at position \d+/, '')}.`);
  }
}

/** "3, column 7" for a string index, as an editor counts. */
export function lineColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - (before.lastIndexOf('\n') + 1) + 1;
  return `${line}, column ${column}`;
}

/** Stdin up to the limit: reading stops (and the stream is closed) once it goes past it. */
async function readStdin(stream: Readable, name: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) {
      stream.destroy();
      throw tooLarge(name, 'gives more', limit);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** `what`: "is 150.0 MiB (157286400 bytes), more" or "gives more". */
function tooLarge(name: string, what: string, limit: number): UsageError {
  const bound = limit === MAX_INPUT_BYTES ? `1 MiB (${MAX_INPUT_BYTES} bytes), the largest request body a store takes` : `${megabytes(limit)} (${limit} bytes)`;
  return new UsageError(`${name} ${what} than the limit of ${bound}; nothing was sent.`, false);
}

/**
 * Offset of the first byte at or after `from` (a character boundary) that does not start a
 * well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing above
 * U+10FFFF), or -1.
 */
export function firstInvalidUtf8(bytes: Uint8Array, from = 0): number {
  let i = from;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}

function lineAt(bytes: Buffer, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line += 1;
  return line;
}

function megabytes(size: number): string {
  return `${(size / (1024 * 1024)).toFixed(1)} MiB`;
}

function unreadable(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : 'it cannot be read';
}
