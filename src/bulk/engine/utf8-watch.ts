// Where a byte stream stops being UTF-8, noted on the way to the CSV parser, which
// decodes with U+FFFD in place of bad bytes. A row whose bytes hold such a place is
// refused rather than sent. The bytes pass through unchanged; a chunk is scanned byte
// by byte only when Node's native check finds it is not UTF-8, so a good file costs one
// fast check per chunk.
import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import { firstInvalidUtf8 } from '../../core/input-text.js';

export class Utf8Watch extends Transform {
  /** Offsets (from the start of the stream) of bad sequences not yet asked about, ascending. */
  private readonly invalid: number[] = [];
  private head = 0;
  /** Bytes passed on so far. */
  private offset = 0;
  /** The end of the last chunk when it stops inside a character: checked with the next one. */
  private carry: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const base = this.offset - this.carry.length;
    const whole = completeLength(bytes);
    this.note(bytes.subarray(0, whole), base);
    this.carry = Buffer.from(bytes.subarray(whole));
    this.offset += chunk.length;
    // Noted before passing on: a record is parsed only after its bytes were looked at.
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    // A character cut short by the end of the stream.
    if (this.carry.length > 0) this.invalid.push(this.offset - this.carry.length);
    done();
  }

  /** Whether bytes in [start, end) were not UTF-8; forgets offsets before `end` (ask in order). */
  invalidBetween(start: number, end: number): boolean {
    let found = false;
    while (this.head < this.invalid.length && this.invalid[this.head]! < end) {
      if (this.invalid[this.head]! >= start) found = true;
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.invalid.length) {
      this.invalid.splice(0, this.head);
      this.head = 0;
    }
    return found;
  }

  private note(bytes: Buffer, base: number): void {
    if (isUtf8(bytes)) return;
    for (let at = firstInvalidUtf8(bytes); at >= 0; at = firstInvalidUtf8(bytes, at + 1)) this.invalid.push(base + at);
  }
}

/** The bytes up to a character cut at the end (a lead byte whose sequence runs past it). */
function completeLength(bytes: Buffer): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const b = bytes[bytes.length - back]!;
    if (b < 0x80) return bytes.length;
    if (b >= 0xc0) {
      const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return length > back ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length;
}
