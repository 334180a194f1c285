// JSON lines as import records: the other format the exports write (--jsonl), one object a
// line with the CSV's column names as keys. A kind that reads them (kinds/metafields/jsonl.ts,
// kinds/products/jsonl.ts) turns each object into a record shaped as csv-rows.ts gives them
// (a header first, then cells in its order), so the same engine checks, groups and applies
// them; a line that is not such an object is one reject, named by its line, and the file goes
// on. Streams: one line in memory at a time, and a line longer than MAX_RECORD_CHARS bytes is
// dropped as it comes (one reject), never held.
import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { isLosslessNumber, parseJson, tooDeepAt } from '../../core/json.js';
import { stripPeriod } from '../../core/words.js';
import { MAX_RECORD_CHARS, type CsvRecord } from './csv-rows.js';

const NEWLINE = 0x0a;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

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
    return {
      line,
      cells: [],
      bytes: Math.max(0, bytes - 1),
      problem: `the line is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} bytes, which no row of an import can be`,
    };
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
