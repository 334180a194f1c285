import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { JqFilter } from '../../src/core/jq.js';
import { LosslessNumber } from '../../src/core/json.js';
import { Output, type View } from '../../src/core/output.js';
import { fakeIO } from './fake-io.js';

const piped = { pretty: false };
const noWarnings = (text: string) => {
  throw new Error(`unexpected jq stderr: ${text}`);
};

describe('JqFilter (jq compiled to WebAssembly)', () => {
  it('keeps numbers it does not compute on digit-exact: 2^53 + 1 and a 19- and 22-digit id', async () => {
    const text = '[{"id":4000000000000000011,"n":9007199254740993,"big":1234567890123456789012}]';
    expect((await JqFilter.compile('.', piped)).run(text, noWarnings)).toBe(`${text}\n`);
    expect((await JqFilter.compile('.[0].id', piped)).run(text, noWarnings)).toBe('4000000000000000011\n');
    expect((await JqFilter.compile('.[0].n', piped)).run(text, noWarnings)).toBe('9007199254740993\n');
    expect((await JqFilter.compile('.[0] | {big, id}', piped)).run(text, noWarnings)).toBe('{"big":1234567890123456789012,"id":4000000000000000011}\n');
  });

  it('prints strings raw (like jq -r and gh --jq), other values as JSON, one a line', async () => {
    const filter = await JqFilter.compile('.[]', piped);
    expect(filter.run('["a\\tb", 1, null, {"k": "v"}]', noWarnings)).toBe('a\tb\n1\nnull\n{"k":"v"}\n');
    expect((await JqFilter.compile('empty', piped)).run('{}', noWarnings)).toBe('');
  });

  it('indents objects for a terminal, compact when piped', async () => {
    expect((await JqFilter.compile('.', { pretty: true })).run('{"a":[1]}', noWarnings)).toBe('{\n  "a": [\n    1\n  ]\n}\n');
    expect((await JqFilter.compile('.', piped)).run('{"a":[1]}', noWarnings)).toBe('{"a":[1]}\n');
  });

  it('runs once per JSON value of a stream of values (JSON Lines)', async () => {
    expect((await JqFilter.compile('.id', piped)).run('{"id":1}\n{"id":22222222222222222222}\n', noWarnings)).toBe('1\n22222222222222222222\n');
  });

  it('a program that does not compile is a usage error naming it, before any input', async () => {
    const error = await JqFilter.compile('.[] | select(.id ==', piped).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toMatch(/^--jq '\.\[\] \| select\(\.id ==' failed: syntax error/);
    expect((error as UsageError).showUsage).toBe(true);
  });

  it('an error on the data is a usage error naming the program and what jq said', async () => {
    const filter = await JqFilter.compile('.[] + 1', piped);
    let thrown: unknown;
    try {
      filter.run('["x"]', noWarnings);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as UsageError).exitCode).toBe(2);
    expect((thrown as UsageError).message).toBe(`--jq '.[] + 1' failed: string ("x") and number (1) cannot be added.`);
  });

  it('halt_error: its message is the reason; a long one is cut to one readable sentence', async () => {
    const short = await JqFilter.compile('"stop here" | halt_error', piped);
    expect(() => short.run('{}', noWarnings)).toThrow(/^--jq '"stop here" \| halt_error' failed: stop here\.$/);
    const long = await JqFilter.compile('[range(500)] | halt_error', piped);
    expect(() => long.run('{}', noWarnings)).toThrow(/^--jq '\[range\(500\)\] \| halt_error' failed: \[0,1,2,.{250,300}…\.$/);
  });

  it("hands jq's debug output to stderr, not stdout", async () => {
    const warnings: string[] = [];
    expect((await JqFilter.compile('debug | .a', piped)).run('{"a":1}', (t) => warnings.push(t))).toBe('1\n');
    expect(warnings.join('')).toContain('["DEBUG:",{"a":1}]');
  });
});

describe('Output with --jq', () => {
  interface Card {
    id: LosslessNumber;
    note: string;
  }
  const view: View<Card> = { columns: [{ header: 'ID', value: (c) => c.id.toString() }] };
  const card = (n: number): Card => ({ id: new LosslessNumber(`900719925474099${n}`), note: `note ${n}` });
  async function* pages(...batches: Card[][]): AsyncGenerator<Card[]> {
    for (const batch of batches) yield batch;
  }

  it('a listing: jq runs once over the whole array of every page', async () => {
    const f = fakeIO();
    const out = new Output(f.io, { jq: 'length, .[-1].id' }, ['id', 'note'], 'table', await JqFilter.compile('length, .[-1].id', piped));
    expect(await out.list(pages([card(3), card(4)], [card(5)]), view, '')).toBe(3);
    expect(f.stdout()).toBe('3\n9007199254740995\n');
  });

  it('--jsonl: jq runs once per line', async () => {
    const f = fakeIO();
    const out = new Output(f.io, { jq: '.id', jsonl: true }, ['id', 'note'], 'table', await JqFilter.compile('.id', piped));
    await out.list(pages([card(3), card(4)], [card(5)]), view, '');
    expect(f.stdout()).toBe('9007199254740993\n9007199254740994\n9007199254740995\n');
  });

  it('--json fields select first, then jq runs', async () => {
    const f = fakeIO();
    const out = new Output(f.io, { jq: 'keys', json: 'note' }, ['id', 'note'], 'table', await JqFilter.compile('keys', piped));
    await out.item(card(3), view);
    expect(f.stdout()).toBe('["note"]\n');
  });

  it('implies --json even in a terminal whose default is a table', async () => {
    const f = fakeIO({ stdoutTTY: true });
    const out = new Output(f.io, { jq: '.' }, ['id', 'note'], 'table', await JqFilter.compile('.', { pretty: true }));
    expect(out.isJson).toBe(true);
    await out.count('12345678901234567890');
    expect(f.stdout()).toBe('{\n  "count": 12345678901234567890\n}\n');
  });

  it('a failing listing prints nothing on stdout', async () => {
    const f = fakeIO();
    const out = new Output(f.io, { jq: '.[].note + 1' }, ['id', 'note'], 'table', await JqFilter.compile('.[].note + 1', piped));
    await expect(out.list(pages([card(3)]), view, '')).rejects.toThrow(
      /^--jq '\.\[\]\.note \+ 1' failed: string \("note 3"\) and number \(1\) cannot be added\.$/,
    );
    expect(f.stdout()).toBe('');
  });

  it('an api body: the exact text goes to jq', async () => {
    const f = fakeIO();
    const out = new Output(f.io, { jq: '.items[0]' }, 'any', 'table', await JqFilter.compile('.items[0]', piped));
    await out.body('{"items": [123456789012345678901234567890]}');
    expect(f.stdout()).toBe('123456789012345678901234567890\n');
  });
});
