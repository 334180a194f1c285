// JSON lines as import records: the other format `metafield export --jsonl` writes, one
// object a line with the CSV's column names as keys. Each line becomes a record shaped as
// csv-rows.ts gives them (a header first, then cells in its order), so the same engine
// checks, groups and applies them; a line that is not such an object is one reject, named
// by its line, and the file goes on. Streams: one line in memory at a time, and a line
// longer than MAX_RECORD_CHARS bytes is dropped as it comes (one reject), never held.
import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { isLosslessNumber, parseJson, toJson, tooDeepAt } from '../core/json.js';
import { stripPeriod } from '../core/words.js';
import { MAX_RECORD_CHARS, type CsvRecord } from './csv-rows.js';

/** The keys of a line, in the order of the CSV's columns. */
export const JSONL_KEYS = ['domain', 'bizId', 'namespace', 'code', 'value', 'type'] as const;
/** Keys a rejects file adds (line, reason): ignored, as the CSV header ignores them. */
const IGNORED_KEYS: ReadonlySet<string> = new Set(['line', 'reason']);

const NEWLINE = 0x0a;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The header (the keys, without domain when --domain stands in for it), then one record
 * per non-blank line. Ending the iteration early closes the input.
 */
export async function* jsonlRecords(input: Readable, domainFlag: string | undefined): AsyncGenerator<CsvRecord> {
  const keys: readonly string[] = domainFlag === undefined ? JSONL_KEYS : JSONL_KEYS.filter((key) => key !== 'domain');
  yield { line: 0, cells: [...keys], bytes: 0 };
  for await (const parsed of jsonObjectLines(input, `a JSON object with the keys ${JSONL_KEYS.join(', ')}`)) {
    yield 'object' in parsed ? recordOf(parsed.object, parsed, keys, domainFlag) : parsed;
  }
}

/** A line read as a JSON object, or as a record holding its problem. */
export type ObjectLine = { line: number; bytes: number; object: Record<string, unknown> } | CsvRecord;

/**
 * The non-blank lines of the input, each parsed as a JSON object (`what` says what a line
 * must be), or a record with the line's problem. Ending the iteration early closes the input.
 */
export async function* jsonObjectLines(input: Readable, what: string): AsyncGenerator<ObjectLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // A line past the limit: its bytes are dropped as they come, and it is one reject (the next line is read as usual).
  let overlong = false;
  let line = 0;
  let bytes = 0;
  const lineOf = (piece: Buffer): ObjectLine | undefined => {
    line += 1;
    bytes += piece.length + 1;
    const text = line === 1 && piece.subarray(0, 3).equals(UTF8_BOM) ? piece.subarray(3) : piece;
    return objectOf(text, line, Math.max(0, bytes - 1), what);
  };
  const overlongLine = (dropped: number): ObjectLine => {
    line += 1;
    bytes += dropped + 1;
    return { line, cells: [], bytes: Math.max(0, bytes - 1), problem: `the line is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} bytes, which no row of an import can be` };
  };
  let droppedBytes = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      let start = 0;
      for (let at = buffer.indexOf(NEWLINE); at >= 0; at = buffer.indexOf(NEWLINE, start)) {
        if (overlong) {
          const record = overlongLine(droppedBytes + (at - start));
          overlong = false;
          droppedBytes = 0;
          start = at + 1;
          yield record;
          continue;
        }
        const piece = pending.length > 0 ? Buffer.concat([...pending, buffer.subarray(start, at)]) : buffer.subarray(start, at);
        pending = [];
        pendingBytes = 0;
        start = at + 1;
        const record = piece.length > MAX_RECORD_CHARS ? overlongLine(piece.length) : lineOf(piece);
        if (record) yield record;
      }
      if (start < buffer.length) {
        const rest = buffer.length - start;
        if (overlong) droppedBytes += rest;
        else if (pendingBytes + rest > MAX_RECORD_CHARS) {
          overlong = true;
          droppedBytes = pendingBytes + rest;
          pending = [];
          pendingBytes = 0;
        } else {
          pending.push(Buffer.from(buffer.subarray(start)));
          pendingBytes += rest;
        }
      }
    }
    if (overlong) yield overlongLine(droppedBytes);
    else if (pending.length > 0) {
      const record = lineOf(Buffer.concat(pending));
      if (record) yield record;
    }
  } finally {
    input.destroy();
  }
}

/** One line to its JSON object, or to a problem; undefined for a blank line. */
function objectOf(piece: Buffer, line: number, bytes: number, what: string): ObjectLine | undefined {
  const problem = (reason: string): CsvRecord => ({ line, cells: [], bytes, problem: reason });
  if (!isUtf8(piece)) return problem('the line is not valid UTF-8 (save the file as UTF-8)');
  const text = piece.toString('utf8').replace(/\r$/, '');
  if (text.trim() === '') return undefined;
  if (tooDeepAt(text) >= 0) return problem('the line is JSON nested too deep');
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch (error) {
    return problem(`the line is not JSON (${stripPeriod((error as Error).message)})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || isLosslessNumber(parsed)) {
    return problem(`the line is not ${what}`);
  }
  return { line, bytes, object: parsed as Record<string, unknown> };
}

/** A metafield line's object to its cells, or to a problem (with whatever cells it had). */
function recordOf(object: Record<string, unknown>, at: { line: number; bytes: number }, keys: readonly string[], domainFlag: string | undefined): CsvRecord {
  const { line, bytes } = at;
  const problem = (reason: string, cells: string[] = []): CsvRecord => ({ line, cells, bytes, problem: reason });
  const cells: string[] = [];
  for (const key of keys) {
    const cell = cellOf(key, object[key]);
    if (cell === undefined) return problem(`"${key}" must be text`, cells);
    cells.push(cell);
  }
  const unknown = Object.keys(object).find((key) => !(JSONL_KEYS as readonly string[]).includes(key) && !IGNORED_KEYS.has(key));
  if (unknown !== undefined) return problem(`unknown key ${JSON.stringify(unknown.slice(0, 40))}; the keys are ${JSONL_KEYS.join(', ')}`, cells);
  if (domainFlag !== undefined && object.domain !== undefined && object.domain !== domainFlag) {
    return problem(`the line's domain is ${JSON.stringify(String(object.domain)).slice(0, 40)}, and --domain says ${domainFlag}`, cells);
  }
  return { line, cells, bytes };
}

/** A key's value as cell text: ids digit-exact; a value written as JSON (an object, a number) becomes its compact JSON text. */
function cellOf(key: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (isLosslessNumber(value) || typeof value === 'boolean') return String(value);
  return key === 'value' ? toJson(value) : undefined;
}
