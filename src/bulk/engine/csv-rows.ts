// CSV records as they stream in, each with the line it starts on. csv-parse does the
// parsing (CRLF, quoted commas and line breaks; withoutBom drops a BOM); rows with too few or too many
// fields come through as they are, so that each becomes one reject instead of ending
// the file. Bytes that are not UTF-8 are noted on the way in (Utf8Watch), so that the
// row holding them is refused instead of reaching the store with U+FFFD in their place.
import { pipeline, Transform, type Readable } from 'node:stream';
import type { Parser } from 'csv-parse';
import { stripPeriod } from '../../core/words.js';
import { Utf8Watch } from './utf8-watch.js';

export interface CsvRecord {
  /** The line of the file where the record starts (1-based), as an editor shows it. */
  line: number;
  cells: string[];
  /** The cell (index) whose bytes are not UTF-8: it holds U+FFFD in their place (the first such cell of the row). */
  invalidUtf8?: number;
  /** Bytes of the input consumed once this record was read (progress on a file of known size). */
  bytes: number;
  /** Why the record is no row at all (a JSON line that is not an object, jsonl-rows.ts): it is rejected with this reason. */
  problem?: string;
}

/** The text is not CSV from this line on: an unclosed or stray quote, most often. */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

interface ParsedRecord {
  record: string[];
  info: { bytes: number; empty_lines: number };
}

/**
 * The longest record read, in characters (csv-parse counts a record's cells as they are
 * kept): 1 MiB, past any valid row (a metafield value holds at most 65,535 characters, 4
 * bytes each at worst). Reading stops there, so one enormous cell (a 314 MB field) costs
 * this much memory instead of aborting the process: the file is refused from that row
 * (CsvSyntaxError), as csv-parse cannot find where such a row ends without reading it.
 */
export const MAX_RECORD_CHARS = 1024 * 1024;

const LINE_BREAK = /\r\n|\r|\n/g;

function lineBreaks(cells: readonly string[]): number {
  let count = 0;
  for (const cell of cells) if (cell.includes('\n') || cell.includes('\r')) count += cell.match(LINE_BREAK)?.length ?? 0;
  return count;
}

/**
 * Records of `input`, header included, pulled one at a time: nothing is read ahead of
 * the consumer beyond the streams' own small buffers, so memory stays flat whatever the
 * file's size. Ending the iteration early closes the input.
 */
export async function* csvRecords(input: Readable): AsyncGenerator<CsvRecord> {
  const { parse, CsvError } = await import('csv-parse');
  const parser: Parser = parse({
    // The BOM is dropped before (withoutBom), so that byte offsets are the watch's.
    bom: false,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // Files stitched together from several tools mix line endings.
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: MAX_RECORD_CHARS,
  });
  // pipeline, unlike pipe, hands a read error of the input (a vanished file) to the parser.
  const watch = new Utf8Watch();
  pipeline(input, withoutBom(), watch, parser, () => undefined);

  // csv-parse's own line count counts CR and LF apart inside quoted values, so the line
  // is worked out here: the previous record's start, plus its line breaks, plus the
  // empty lines skipped since.
  let line = 0;
  let previousBreaks = 0;
  let emptyLines = 0;
  let end = 0;
  try {
    for await (const { record: cells, info } of recordsBeforeError(parser)) {
      const invalidUtf8 = watch.invalidBetween(end, info.bytes) ? firstReplaced(cells) : undefined;
      end = info.bytes;
      line = line === 0 ? 1 + info.empty_lines : line + previousBreaks + 1 + (info.empty_lines - emptyLines);
      emptyLines = info.empty_lines;
      previousBreaks = lineBreaks(cells);
      yield invalidUtf8 === undefined ? { line, cells, bytes: info.bytes } : { line, cells, invalidUtf8, bytes: info.bytes };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const next = line === 0 ? 1 : line + previousBreaks + 1;
      if (error.code === 'CSV_MAX_RECORD_SIZE') throw new CsvSyntaxError(tooLong(), next);
      throw new CsvSyntaxError(csvMessage(error), next);
    }
    throw error;
  } finally {
    parser.destroy();
    input.destroy();
  }
}

/** The first cell where decoding put a U+FFFD. */
function firstReplaced(cells: readonly string[]): number | undefined {
  const index = cells.findIndex((cell) => cell.includes('\uFFFD'));
  return index < 0 ? undefined : index;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Drops a UTF-8 byte order mark at the start. A UTF-16 one is refused: the cells would
 * be read as garbage.
 */
function withoutBom(): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  const release = (transform: Transform, more: Buffer | undefined, done: (error?: Error | null) => void) => {
    const bytes: Buffer = more ? Buffer.concat([head!, more]) : head!;
    if (more && bytes.length < 3) {
      head = bytes;
      return done();
    }
    head = undefined;
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      return done(new CsvSyntaxError('the file is UTF-16 (so says its byte order mark): save it as UTF-8', 1));
    }
    transform.push(bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes);
    done();
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === undefined) return done(null, chunk);
      release(this, chunk, done);
    },
    flush(done) {
      if (head === undefined || head.length === 0) return done();
      release(this, undefined, done);
    },
  });
}

/** Paused above this many parsed records waiting, resumed below a quarter of it. */
const HIGH_WATER = 256;

/**
 * The parser's records, then its error: a stream's own async iterator throws the error at
 * once and drops records parsed before it, which are good rows (and set the line count).
 */
async function* recordsBeforeError(parser: Parser): AsyncGenerator<ParsedRecord> {
  const queue: ParsedRecord[] = [];
  let head = 0;
  let failure: unknown;
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  parser.on('data', (record: ParsedRecord) => {
    queue.push(record);
    if (queue.length - head >= HIGH_WATER) parser.pause();
    notify();
  });
  parser.on('error', (error) => {
    failure = error;
    notify();
  });
  parser.on('end', () => {
    ended = true;
    notify();
  });
  for (;;) {
    if (head < queue.length) {
      const record = queue[head]!;
      queue[head++] = undefined as unknown as ParsedRecord;
      if (head === queue.length) {
        queue.length = 0;
        head = 0;
      }
      if (parser.isPaused() && queue.length - head < HIGH_WATER / 4) parser.resume();
      yield record;
      continue;
    }
    if (failure !== undefined) throw failure;
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

function tooLong(): string {
  return (
    `the row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters, ` +
    `which no row of an import can be (a value holds at most 65,535): reading stopped there`
  );
}

/** csv-parse's message without its own line count (which this module corrects). */
function csvMessage(error: Error): string {
  return stripPeriod(error.message.replace(/\s*(at|on) line \d+/i, ''));
}
