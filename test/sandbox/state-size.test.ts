// A state larger than the longest string V8 can hold (about 512 MiB) must be written and read
// back like a small one: the data file and the journal are never one string. Making 600 MB of
// state here would take minutes and gigabytes, so the test shrinks the string limit instead:
// while it runs, JSON.parse, JSON.stringify and Buffer#toString refuse any string longer than
// LIMIT, as V8 refuses one past its limit ("Invalid string length"), and the state is many
// times LIMIT. Before the data file was streamed, compaction (JSON.stringify of the whole state)
// and every restart (readFile of the whole file) failed exactly so.
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, createCard, withSandbox } from './helpers.js';
import { readDataFile } from '../../src/sandbox/state/persistence.js';
import { readJournal } from '../../src/sandbox/state/journal.js';

const LIMIT = 64 * 1024;
const OBJECTS = 60;
/** 16 single-line values of 250 characters, about 4 KB an object: the state comes to some 250 KB, four times LIMIT. */
const valuesOf = (index: number) =>
  Array.from({ length: 16 }, (_, at) => ({ namespace: 'custom', code: `c${String(at).padStart(2, '0')}`, value: `${index}.${at}:${'x'.repeat(240)}` }));
const bizIdOf = (index: number) => String(5000000000000000100n + BigInt(index));

let dir: string;
let dataFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-size-'));
  dataFile = join(dir, 'state.json');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

function tooLong(): RangeError {
  return new RangeError('Invalid string length');
}

/** From now on no string longer than LIMIT can be made by JSON or from a buffer. */
function shrinkStringLimit(): void {
  const { parse, stringify } = JSON;
  const { toString } = Buffer.prototype;
  vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof parse>[1]) => {
    if (text.length > LIMIT) throw tooLong();
    return parse(text, reviver);
  });
  vi.spyOn(JSON, 'stringify').mockImplementation(((...args: Parameters<typeof stringify>) => {
    const text = stringify(...args);
    if (text !== undefined && text.length > LIMIT) throw tooLong();
    return text;
  }) as typeof stringify);
  vi.spyOn(Buffer.prototype, 'toString').mockImplementation(function (this: Buffer, ...args: unknown[]) {
    if (this.length > LIMIT) throw tooLong();
    return toString.apply(this, args as Parameters<Buffer['toString']>);
  });
}

async function expectAllValues(file: string): Promise<void> {
  await withSandbox({ dataFile: file }, async (sandbox) => {
    for (let index = 0; index < OBJECTS; index += 1) {
      const reply = await call(sandbox, 'GET', `/metafields/products/${bizIdOf(index)}`);
      expect(
        reply.json.metafields
          .map(({ namespace, code, value }: Record<string, string>) => ({ namespace, code, value }))
          .sort((a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code)),
      ).toEqual(valuesOf(index));
    }
  });
}

describe('a state larger than the longest string', () => {
  it('is compacted into the data file, replayed from the journal and loaded again, without losing a write', async () => {
    shrinkStringLimit();
    // Every write answered 200 is in the journal, which outgrows LIMIT.
    await withSandbox({ dataFile }, async (sandbox) => {
      for (let index = 0; index < OBJECTS; index += 1) {
        const body = { metaFieldDataList: valuesOf(index) };
        const reply = await call(sandbox, 'POST', `/metafields/products/${bizIdOf(index)}`, { body });
        expect(reply.status, JSON.stringify(reply.json)).toBe(200);
      }
      // As a kill -9 now would leave it: the journal alone, larger than LIMIT, holds the state.
      await copyFile(`${dataFile}.journal`, join(dir, 'crashed.json.journal'));
    });
    // close() compacted the journal into a data file larger than LIMIT; a restart loads it.
    expect((await stat(dataFile)).size).toBeGreaterThan(4 * LIMIT);
    expect(existsSync(`${dataFile}.journal`)).toBe(false);
    await expectAllValues(dataFile);

    // The crash copy: a restart replays the journal line by line and writes the data file.
    const crashed = join(dir, 'crashed.json');
    expect((await stat(`${crashed}.journal`)).size).toBeGreaterThan(4 * LIMIT);
    await expectAllValues(crashed);
    await expectAllValues(crashed);

    // Streamed, the file is still the very text JSON.stringify(state, null, 2) made before.
    vi.restoreAllMocks();
    for (const file of [dataFile, crashed]) {
      const text = await readFile(file, 'utf8');
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
  });
});

describe('the data file written in pieces', () => {
  it('is the very text JSON.stringify(state, null, 2) wrote whole, for the demo data and a store of one card', async () => {
    for (const seed of ['demo', 'none'] as const) {
      await withSandbox({ dataFile, seed }, async (sandbox) => {
        if (seed === 'none') await createCard(sandbox);
      });
      const text = await readFile(dataFile, 'utf8');
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      expect(Object.keys(JSON.parse(text).data).length).toBeGreaterThan(3);
      await rm(dataFile);
    }
  });
});

describe('reading in chunks', () => {
  const documents = [
    JSON.stringify(
      {
        format: 'store-cli-sandbox',
        version: 1,
        lastId: '7',
        data: { giftCards: [{ code: 'a,]}"\\"', note: 'héllo ✓ 😀' }, { b: [[1], {}] }], empty: [], object: { k: { l: [1] }, m: 2 } },
      },
      null,
      2,
    ),
    '{"format":"x","data":{"a":[1,{"b":[2,3]},"s,]}\\"",[]],"o":{},"n":5},"z":[[[1,2],[3]],{"q":{"r":1}}]}',
    '[1,[2,[3,4],[]],"x"]',
    '"text"',
  ];

  it('parses any JSON as JSON.parse does, however the chunks cut it', async () => {
    for (const document of documents) {
      await writeFile(dataFile, document);
      for (const size of [1, 2, 3, 7, 1024]) expect(await readDataFile(dataFile, size)).toEqual(JSON.parse(document));
    }
    await writeFile(dataFile, ' \n ');
    expect(await readDataFile(dataFile, 1)).toBeUndefined();
  });

  it('refuses broken JSON inside a section as JSON.parse would, naming the line and column', async () => {
    for (const broken of [
      '{"data":{"a":[1,,2]}}',
      '{"data":{"a":[1,2,]}}',
      '{"data":{"a":[1}}}',
      '{"data":{"a":[1]',
      '{"data":{"a":{"c":1,}}}',
      '{"data":{"a":[1 2]}}',
    ]) {
      await writeFile(dataFile, broken);
      await expect(readDataFile(dataFile, 3)).rejects.toThrow(
        new RegExp(`^The sandbox data file ${dataFile} is not valid JSON \\(.*line 1, column \\d+.*\\); repair it`),
      );
    }
  });

  it('reads journal lines that cross chunks, leaving out a torn last line', async () => {
    const lines = [1, 2, 3].map((seq) => JSON.stringify({ seq, key: 'giftCards', lastId: String(seq), change: { note: 'é'.repeat(seq * 5) } }));
    await writeFile(`${dataFile}.journal`, `${lines.join('\n')}\n{"seq":4,"key":"gi`);
    for (const size of [1, 5, 1024]) {
      const { records, bytes } = await readJournal(`${dataFile}.journal`, size);
      expect(records).toEqual(lines.map((line) => JSON.parse(line)));
      expect(bytes).toBe((await stat(`${dataFile}.journal`)).size);
    }
  });
});
