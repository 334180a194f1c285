// The data file on disk: read as a stream, never as one string, so a state beyond V8's longest
// string still loads; written atomically (a temp file fsynced, then renamed over it) with mode
// 0600, as it holds whole gift card codes; removed with its journal and a crash's temp files.
import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { mkdir, open, type FileHandle, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { jsonProblem } from '../http/json-position.js';
import { SandboxDataError } from '../http/sandbox-errors.js';

/**
 * The file's JSON content, or undefined when there is no file or it is blank (a fresh store).
 * Read without ever holding the whole file as one string (see parseJsonStream): a state
 * larger than V8's longest string (about 512 MiB) loads as well as a small one.
 */
export async function readDataFile(file: string, chunkBytes = 1024 * 1024): Promise<unknown> {
  let parsed: { value: unknown; blank: boolean };
  try {
    parsed = await parseJsonStream(createReadStream(file, { highWaterMark: chunkBytes }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (!(error instanceof JsonStreamError)) {
      throw new SandboxDataError(file, `Cannot read the sandbox data file ${file}: ${(error as Error).message}.`, { cause: error });
    }
    throw new SandboxDataError(
      file,
      `The sandbox data file ${file} is not valid JSON (${await describeBadJson(file, error)}); repair it or remove it with "store-cli sandbox reset".`,
      {
        cause: error,
      },
    );
  }
  return parsed.blank ? undefined : parsed.value;
}

/** Where the JSON goes wrong: line and column when the file is small enough to read whole, else the byte. */
async function describeBadJson(file: string, error: JsonStreamError): Promise<string> {
  try {
    if ((await stat(file)).size <= WHOLE_READ_BYTES) return jsonProblem(await readFile(file, 'utf8'));
  } catch {
    // The byte offset below says enough.
  }
  return `near byte ${error.offset}`;
}

/** Files up to this size may be read as one string to say where their JSON is broken. */
const WHOLE_READ_BYTES = 64 * 1024 * 1024;

class JsonStreamError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPENERS = new Map([
  [0x7b, 0x7d], // { }
  [0x5b, 0x5d], // [ ]
]);
const CLOSERS = new Set([0x7d, 0x5d]);
/** Where a split container stood in the skeleton; no JSON text the sandbox writes holds a NUL. */
const SPLIT_MARK = '\u0000split:';
const placeholder = (index: number) => JSON.stringify(`${SPLIT_MARK}${index}`);

/**
 * Parses JSON arriving in chunks without joining them: every array or object three levels
 * deep (a data file's `data.<section>`) is taken apart into its elements or members, each
 * parsed on its own, and the rest (the skeleton, a few hundred bytes for a data file) is
 * parsed once with a placeholder where each such container stood. So the longest string is
 * the largest single record, never the whole state. Any JSON document comes out as
 * JSON.parse would make it; structural bytes are ASCII, so UTF-8 needs no decoding here.
 */
export async function parseJsonStream(chunks: AsyncIterable<Uint8Array>): Promise<{ value: unknown; blank: boolean }> {
  const skeleton: Buffer[] = [];
  const containers: Array<unknown[] | Record<string, unknown>> = [];
  let piece: Buffer[] = [];
  let kind: 'array' | 'object' = 'array';
  const stack: number[] = [];
  let inString = false;
  let escaped = false;
  let offset = 0;
  let pieceStart = 0;

  const parse = (text: string, at: number): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new JsonStreamError((error as Error).message, at, { cause: error });
    }
  };
  const finishPiece = (at: number, last: boolean) => {
    const text = Buffer.concat(piece).toString('utf8');
    piece = [];
    const container = containers[containers.length - 1] as unknown[] | Record<string, unknown>;
    if (text.trim() === '') {
      // Only an empty container has an empty piece, as its one and last piece.
      const empty = Array.isArray(container) ? container.length === 0 : Object.keys(container).length === 0;
      if (!empty || !last) throw new JsonStreamError('an element is missing', at);
      return;
    }
    if (kind === 'array') (container as unknown[]).push((parse(`[${text}]`, pieceStart) as unknown[])[0]);
    else Object.assign(container, parse(`{${text}}`, pieceStart));
  };

  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let i = 0; i < bytes.length; i += 1) {
      const byte = bytes[i] as number;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      if (byte === QUOTE) inString = true;
      else if (OPENERS.has(byte)) {
        stack.push(OPENERS.get(byte) as number);
        if (stack.length === 3) {
          skeleton.push(Buffer.from(bytes.subarray(start, i)), Buffer.from(placeholder(containers.length)));
          kind = byte === 0x5b ? 'array' : 'object';
          containers.push(kind === 'array' ? [] : {});
          start = i + 1;
          pieceStart = offset + i + 1;
        }
      } else if (CLOSERS.has(byte)) {
        if (stack.pop() !== byte) throw new JsonStreamError(`unexpected "${String.fromCharCode(byte)}"`, offset + i);
        if (stack.length === 2) {
          piece.push(bytes.subarray(start, i));
          finishPiece(offset + i, true);
          start = i + 1;
        }
      } else if (byte === COMMA && stack.length === 3) {
        piece.push(bytes.subarray(start, i));
        finishPiece(offset + i, false);
        start = i + 1;
        pieceStart = offset + i + 1;
      }
    }
    // Copied: the stream may reuse its buffer for the next chunk.
    const rest = Buffer.from(bytes.subarray(start));
    if (stack.length >= 3) piece.push(rest);
    else skeleton.push(rest);
    offset += bytes.length;
  }
  if (stack.length > 0 || inString) throw new JsonStreamError('the file ends early', offset);
  const text = Buffer.concat(skeleton).toString('utf8');
  if (text.trim() === '') return { value: undefined, blank: true };
  const value = parse(text, 0);
  return { value: containers.length === 0 ? value : fillPlaceholders(value, containers), blank: false };
}

/** Puts each split container back where its placeholder stands: always two levels deep. */
function fillPlaceholders(value: unknown, containers: ReadonlyArray<unknown>): unknown {
  const fill = (item: unknown): unknown => {
    if (typeof item !== 'string' || !item.startsWith(SPLIT_MARK)) return item;
    return containers[Number(item.slice(SPLIT_MARK.length))];
  };
  if (typeof value !== 'object' || value === null) return value;
  for (const level of Object.values(value) as unknown[]) {
    if (typeof level !== 'object' || level === null) continue;
    if (Array.isArray(level)) level.forEach((item, index) => (level[index] = fill(item)));
    else for (const [key, item] of Object.entries(level)) (level as Record<string, unknown>)[key] = fill(item);
  }
  return value;
}

export function tempName(file: string): string {
  return `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/**
 * Write to a temp file beside the target, fsync it, then rename over the target: a crash
 * leaves either the old state or the new one, never half a file. Mode 0600 because the
 * file holds full gift card codes. `text` may come in pieces, so that no string of the whole
 * is ever needed; answers how many bytes were written.
 */
export async function writeFileAtomic(file: string, text: string | Iterable<string>): Promise<number> {
  await mkdir(dirname(file), { recursive: true });
  const temp = tempName(file);
  let bytes: number;
  try {
    // Created new, never through a link that someone planted under the temporary name.
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      bytes = typeof text === 'string' ? await writeWhole(handle, text) : await writePieces(handle, text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(file));
  return bytes;
}

async function writeWhole(handle: FileHandle, text: string): Promise<number> {
  await handle.writeFile(text, 'utf8');
  return Buffer.byteLength(text);
}

/** Pieces gathered into writes of about a megabyte: never one string of the whole, nor a call a piece. */
async function writePieces(handle: FileHandle, pieces: Iterable<string>): Promise<number> {
  let bytes = 0;
  let batch: string[] = [];
  let batchLength = 0;
  const flush = async () => {
    const buffer = Buffer.from(batch.join(''), 'utf8');
    batch = [];
    batchLength = 0;
    await handle.write(buffer);
    bytes += buffer.length;
  };
  for (const piece of pieces) {
    batch.push(piece);
    batchLength += piece.length;
    if (batchLength >= WRITE_BATCH_CHARS) await flush();
  }
  if (batchLength > 0) await flush();
  return bytes;
}

const WRITE_BATCH_CHARS = 1024 * 1024;

/** Makes the rename itself durable; not every platform lets a directory be opened, hence best effort. */
export async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the rename is a bonus; the data itself was already synced.
  }
}

/** The journal beside a data file: the changes made since the data file was last written. */
export function journalFileOf(file: string): string {
  return `${file}.journal`;
}

/** Removes the state file, its journal and any temp files a crash left beside it; true when there was state. */
export async function removeDataFile(file: string): Promise<boolean> {
  const removed = await Promise.all(
    [file, journalFileOf(file)].map((path) =>
      rm(path).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      ),
    ),
  );
  await removeStaleTempFiles(file);
  return removed.some(Boolean);
}

/**
 * Temp files (`F.<pid>.<hex>.tmp`) that a process killed in the middle of a write left
 * beside the data file. Only the holder of the data file's lock writes there, so a caller
 * holding it knows that no other live process is still using one of them.
 */
export async function removeStaleTempFiles(file: string): Promise<void> {
  const prefix = `${basename(file)}.`;
  let siblings: string[];
  try {
    siblings = await readdir(dirname(file));
  } catch {
    return;
  }
  await Promise.all(siblings.filter((name) => name.startsWith(prefix) && name.endsWith('.tmp')).map((name) => rm(join(dirname(file), name), { force: true })));
}
