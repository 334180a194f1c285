import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvRecords, CsvSyntaxError, MAX_RECORD_CHARS } from '../../src/bulk/engine/csv-rows.js';

async function records(text: string | Buffer) {
  const out: Array<{ line: number; cells: string[] }> = [];
  for await (const r of csvRecords(Readable.from([typeof text === 'string' ? Buffer.from(text) : text]))) out.push({ line: r.line, cells: r.cells });
  return out;
}

describe('csvRecords', () => {
  it('drops a BOM and reads CRLF lines', async () => {
    expect(await records('\ufeffdomain,bizId\r\nproducts,1\r\n')).toEqual([
      { line: 1, cells: ['domain', 'bizId'] },
      { line: 2, cells: ['products', '1'] },
    ]);
  });

  it('drops a BOM that arrives split over chunks, before a quoted header', async () => {
    const out: string[][] = [];
    const chunks = [Buffer.from([0xef]), Buffer.from([0xbb]), Buffer.from([0xbf, 0x22, 0x61, 0x22, 0x2c]), Buffer.from('b\n1,2\n')];
    for await (const r of csvRecords(Readable.from(chunks))) out.push(r.cells);
    expect(out).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('marks the first cell whose bytes are not UTF-8, and keeps a real U+FFFD unmarked', async () => {
    const text = Buffer.concat([
      Buffer.from('a,b,c\n1,\ufffd,3\n1,x'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(',"y'),
      Buffer.from([0xc3]),
      Buffer.from('"\n4,5,6\n'),
    ]);
    const out = [];
    for await (const r of csvRecords(Readable.from([text]))) out.push({ line: r.line, invalidUtf8: r.invalidUtf8, cells: r.cells });
    expect(out).toEqual([
      { line: 1, invalidUtf8: undefined, cells: ['a', 'b', 'c'] },
      { line: 2, invalidUtf8: undefined, cells: ['1', '\ufffd', '3'] },
      { line: 3, invalidUtf8: 1, cells: ['1', 'x\ufffd\ufffd', 'y\ufffd'] },
      { line: 4, invalidUtf8: undefined, cells: ['4', '5', '6'] },
    ]);
  });

  it('finds bad bytes whatever the chunks: fed one byte at a time, good multi-byte characters split, a character cut at the end', async () => {
    const text = Buffer.concat([
      Buffer.from('a,b\n\u00e9\ud83d\ude00,\ufffd\n'), // é and an emoji, split below; a real U+FFFD
      Buffer.from('x,'),
      Buffer.from([0xe9]),
      Buffer.from('t\u00e9\n'), // Latin-1 é before a good one
      Buffer.from('\u4e2d,ok\n'),
      Buffer.from('y,'),
      Buffer.from([0xf0, 0x9f, 0x98]), // an emoji cut short by the end of the file
    ]);
    for (const size of [1, 2, 3, 5, 64]) {
      const chunks = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.subarray(i, i + size));
      const out = [];
      for await (const r of csvRecords(Readable.from(chunks))) out.push([r.line, r.invalidUtf8]);
      expect(out, `chunks of ${size}`).toEqual([
        [1, undefined],
        [2, undefined],
        [3, 1],
        [4, undefined],
        [5, 1],
      ]);
    }
  });

  it('refuses a UTF-16 file by its byte order mark, at line 1', async () => {
    const error = await records(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\0,\0b\0\n\0')])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({ line: 1, message: expect.stringMatching(/UTF-16.*save it as UTF-8/) });
  });

  it('keeps quoted commas, quotes and line breaks in a value, and numbers lines as an editor does', async () => {
    const text = 'a,b\r\n1,"x, ""y""\r\nsecond line\r\nthird"\r\n\r\n2,3\r\n';
    expect(await records(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x, "y"\r\nsecond line\r\nthird'] },
      { line: 6, cells: ['2', '3'] },
    ]);
  });

  it('skips empty lines, counting them, with LF and mixed line endings', async () => {
    expect((await records('\na,b\n\n\n1,2\r\n3,"4\n5"\n6,7')).map((r) => r.line)).toEqual([2, 5, 6, 8]);
  });

  it('passes ragged rows through for the row check to reject', async () => {
    expect((await records('a,b,c\n1,2\n1,2,3,4\n')).map((r) => r.cells.length)).toEqual([3, 2, 4]);
  });

  it('reports bytes read, for progress', async () => {
    const all: number[] = [];
    for await (const r of csvRecords(Readable.from([Buffer.from('a,b\n1,2\n')]))) all.push(r.bytes);
    expect(all).toEqual([4, 8]);
  });

  it('fails with the line where the text stops being CSV', async () => {
    const error = await records('a,b\n1,2\n3,"open\n4,5\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBe(3);
  });

  it('reads values split across chunks of the stream', async () => {
    const chunks = ['dom', 'ain,v\npro', 'ducts,"a\n', 'b"\n'].map((t) => Buffer.from(t));
    const out: string[][] = [];
    for await (const r of csvRecords(Readable.from(chunks))) out.push(r.cells);
    expect(out).toEqual([
      ['domain', 'v'],
      ['products', 'a\nb'],
    ]);
  });
});

/** `head`, then one cell of `size` bytes, then `tail`, made lazily in 64 KiB chunks; `pulled()` says how many bytes were read. */
function hugeCell(head: string, size: number, tail: string) {
  let pulled = 0;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  async function* make() {
    pulled += head.length;
    yield Buffer.from(head);
    for (let sent = 0; sent < size; sent += chunk.length) {
      pulled += chunk.length;
      yield chunk;
    }
    pulled += tail.length;
    yield Buffer.from(tail);
  }
  return { stream: Readable.from(make(), { objectMode: false }), pulled: () => pulled };
}

describe('csvRecords: a cell past the record limit', () => {
  it('stops reading a few chunks past MAX_RECORD_CHARS and names the row, keeping the rows before it', async () => {
    const input = hugeCell('domain,bizId,namespace,code,value\nproducts,1,ns,a,fine\nproducts,2,ns,b,', 64 * 1024 * 1024, '\nproducts,3,ns,c,after\n');
    const seen: number[] = [];
    const failure = await (async () => {
      for await (const record of csvRecords(input.stream)) seen.push(record.line);
    })().catch((error: unknown) => error);
    expect(seen).toEqual([1, 2]);
    expect(failure).toBeInstanceOf(CsvSyntaxError);
    expect((failure as CsvSyntaxError).line).toBe(3);
    expect((failure as CsvSyntaxError).message).toBe(
      `the row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters, which no row of an import can be (a value holds at most 65,535): reading stopped there`,
    );
    // Of the 64 MiB cell, hardly more than the limit was read (the streams' buffers).
    expect(input.pulled()).toBeLessThan(MAX_RECORD_CHARS + 2 * 1024 * 1024);
  });

  it('takes a row of the largest value there is (65,535 four-byte characters, quoted)', async () => {
    const value = '😀'.repeat(65_535);
    const found = await records(`a,b\n1,"${value}"\n`);
    expect(found[1]!.cells[1]).toBe(value);
  });
});
