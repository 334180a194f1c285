import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CsvRecord } from '../../src/bulk/engine/csv-rows.js';
import { jsonlRecords } from '../../src/bulk/kinds/metafields/jsonl.js';
import { firstCharacter } from '../../src/bulk/engine/source.js';

async function records(input: string | Buffer | Buffer[], domain?: string): Promise<CsvRecord[]> {
  const chunks = Array.isArray(input) ? input : [typeof input === 'string' ? Buffer.from(input) : input];
  const found: CsvRecord[] = [];
  for await (const record of jsonlRecords(Readable.from(chunks), domain)) found.push(record);
  return found;
}

const strip = (r: CsvRecord) => ({ line: r.line, cells: r.cells, ...(r.problem ? { problem: r.problem } : {}) });

describe('JSON lines as import records', () => {
  it('gives the header first, then the cells of each line in its order, by line (blank lines counted, skipped)', async () => {
    const text =
      '{"domain":"products","bizId":"1","namespace":"ns","code":"a","value":"x","type":"Integer"}\n\n{"code":"b","bizId":"2","domain":"shop","namespace":"n","value":"y, \\"z\\"\\n"}\r\n';
    const found = await records(text);
    expect(found.map(strip)).toEqual([
      { line: 0, cells: ['domain', 'bizId', 'namespace', 'code', 'value', 'type'] },
      { line: 1, cells: ['products', '1', 'ns', 'a', 'x', 'Integer'] },
      { line: 3, cells: ['shop', '2', 'n', 'b', 'y, "z"\n', ''] },
    ]);
    expect(found.at(-1)!.bytes).toBeGreaterThan(found[1]!.bytes);
  });

  it('reads numbers digit-exact and a value written as JSON as its compact text; a line split across chunks is whole', async () => {
    const text =
      '{"domain":"products","bizId":18446744073709551615,"namespace":"n","code":"c","value":{"amount": "9.99", "currency": "USD"}}\n{"domain":"products","bizId":"3","namespace":"n","code":"d","value":1.50}';
    const bytes = Buffer.from(text);
    const found = await records([bytes.subarray(0, 20), bytes.subarray(20, 95), bytes.subarray(95)]);
    expect(found.slice(1).map((r) => r.cells)).toEqual([
      ['products', '18446744073709551615', 'n', 'c', '{"amount":"9.99","currency":"USD"}', ''],
      ['products', '3', 'n', 'd', '1.50', ''],
    ]);
  });

  it('turns a line that is no such object into a reject reason for that line, and goes on', async () => {
    const lines = [
      'not json',
      '[1, 2]',
      '{"domain":"products","bizId":"1","namespace":"n","code":"c","value":"v","colour":"red"}',
      '{"domain":"products","bizId":{"x":1},"namespace":"n","code":"c","value":"v"}',
      '{"domain":"products","bizId":"1","namespace":"n","code":"c","value":"v","line":7,"reason":"was refused"}',
    ];
    const found = (await records(`${lines.join('\n')}\n`)).slice(1);
    expect(found.map((r) => [r.line, r.problem])).toEqual([
      [1, expect.stringMatching(/^the line is not JSON \(/)],
      [2, 'the line is not a JSON object with the keys domain, bizId, namespace, code, value, type'],
      [3, 'unknown key "colour"; the keys are domain, bizId, namespace, code, value, type'],
      [4, '"bizId" must be text'],
      [5, undefined],
    ]);
  });

  it('refuses a line whose bytes are not UTF-8, and drops a byte order mark', async () => {
    const bad = Buffer.concat([
      Buffer.from('\uFEFF{"domain":"shop","bizId":"1","namespace":"n","code":"c","value":"ok"}\n{"value":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n'),
    ]);
    const found = (await records(bad)).slice(1);
    expect(found[0]!.cells).toEqual(['shop', '1', 'n', 'c', 'ok', '']);
    expect(found[1]!.problem).toBe('the line is not valid UTF-8 (save the file as UTF-8)');
  });

  it('with --domain: no domain cell; a line naming another domain is refused', async () => {
    const found = await records(
      '{"bizId":"1","namespace":"n","code":"c","value":"v"}\n{"domain":"products","bizId":"2","namespace":"n","code":"c","value":"v"}\n{"domain":"shop","bizId":"3","namespace":"n","code":"c","value":"v"}\n',
      'products',
    );
    expect(found[0]!.cells).toEqual(['bizId', 'namespace', 'code', 'value', 'type']);
    expect(found.slice(1).map((r) => r.problem ?? r.cells.join('|'))).toEqual([
      '1|n|c|v|',
      '2|n|c|v|',
      'the line\'s domain is "shop", and --domain says products',
    ]);
  });
});

describe('the first character of stdin', () => {
  it('is read without being consumed, past a byte order mark and white space', async () => {
    const stream = new PassThrough();
    stream.end('\uFEFF \n{"a":1}\n');
    expect(await firstCharacter(stream)).toBe('{');
    const rest: Buffer[] = [];
    for await (const chunk of stream) rest.push(chunk as Buffer);
    expect(Buffer.concat(rest).toString()).toBe('\uFEFF \n{"a":1}\n');
  });

  it('waits for data that comes later; undefined for an empty stream', async () => {
    const late = new PassThrough();
    const first = firstCharacter(late);
    setTimeout(() => late.end('domain,bizId\n'), 20);
    expect(await first).toBe('d');
    const empty = new PassThrough();
    empty.end();
    expect(await firstCharacter(empty)).toBeUndefined();
  });
});

describe('JSON lines: a line past the record limit', () => {
  it('is one reject, dropped as it comes (never held), and the next line is read as usual', async () => {
    let pulled = 0;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const first =
      '{"domain":"products","bizId":"1","namespace":"ns","code":"a","value":"x"}\n{"domain":"products","bizId":"2","namespace":"ns","code":"b","value":"';
    const last = '"}\n{"domain":"products","bizId":"3","namespace":"ns","code":"c","value":"z"}\n';
    async function* make() {
      yield Buffer.from(first);
      for (let sent = 0; sent < 8 * 1024 * 1024; sent += chunk.length) {
        pulled += chunk.length;
        yield chunk;
      }
      yield Buffer.from(last);
    }
    const found: CsvRecord[] = [];
    for await (const record of jsonlRecords(Readable.from(make()), undefined)) found.push(record);
    expect(pulled).toBe(8 * 1024 * 1024);
    expect(found.slice(1).map(strip)).toEqual([
      { line: 1, cells: ['products', '1', 'ns', 'a', 'x', ''] },
      { line: 2, cells: [], problem: 'the line is longer than 1,048,576 bytes, which no row of an import can be' },
      { line: 3, cells: ['products', '3', 'ns', 'c', 'z', ''] },
    ]);
  });
});
