import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { LosslessNumber, parseJson, toJson } from '../../src/core/json.js';
import { Output, escapeTsv, listView, outputMode, unescapeTsv, type Column, type View } from '../../src/core/output.js';
import { fitColumns, layout } from '../../src/core/table.js';
import { fakeIO } from './fake-io.js';

interface Card {
  id: LosslessNumber | string;
  code: string;
  note?: string | null;
  balance?: string;
}

const fields = ['id', 'code', 'note', 'balance'] as const;
const view: View<Card> = {
  columns: [
    { header: 'ID', value: (c) => String(c.id) },
    { header: 'CODE', value: (c) => c.code },
    { header: 'NOTE', value: (c) => c.note ?? '' },
  ],
};

const BIG = '123456789012345678901234';
const card = (n: number, note = `note ${n}`): Card => ({ id: new LosslessNumber(`${BIG}${n}`), code: `****C${n}`, note, balance: '10.00' });

async function* pages<T>(...batches: T[][]): AsyncGenerator<T[]> {
  for (const batch of batches) yield batch;
}

const ESC = '\u001b[';

describe('Output.item', () => {
  it('writes a JSON object with exact digits, indented in a terminal', async () => {
    const f = fakeIO({ stdoutTTY: true });
    await new Output(f.io, { json: true }, fields).item(card(1), view);
    expect(f.stdout()).toBe(`{\n  "id": ${BIG}1,\n  "code": "****C1",\n  "note": "note 1",\n  "balance": "10.00"\n}\n`);
    expect(f.stderr()).toBe('');
  });

  it('writes JSON on one compact line when piped, as gh and --jq do', async () => {
    const f = fakeIO();
    await new Output(f.io, { json: true }, fields).item(card(1), view);
    expect(f.stdout()).toBe(`{"id":${BIG}1,"code":"****C1","note":"note 1","balance":"10.00"}\n`);
  });

  it('keeps only the --json fields, in the order asked', async () => {
    const f = fakeIO({ stdoutTTY: true });
    await new Output(f.io, { json: 'code,id' }, fields).item(card(2), view);
    expect(f.stdout()).toBe(`{\n  "code": "****C2",\n  "id": ${BIG}2\n}\n`);
    expect(Object.keys(parseJson(f.stdout()) as object)).toEqual(['code', 'id']);
  });

  it('prints a selected field the record lacks as null, so --json a,b has one shape', async () => {
    const f = fakeIO();
    await new Output(f.io, { json: 'id,balance,note' }, fields).item({ id: '7', code: 'x', note: undefined }, view);
    expect(f.stdout()).toBe('{"id":"7","balance":null,"note":null}\n');
    const list = fakeIO();
    await new Output(list.io, { json: 'id,balance' }, fields).list([[{ id: '1', code: 'x' }, card(2)]], view, '');
    expect(list.stdout()).toBe(`[{"id":"1","balance":null},{"id":${BIG}2,"balance":"10.00"}]\n`);
    const jsonl = fakeIO();
    await new Output(jsonl.io, { jsonl: 'balance' }, fields).list([[{ id: '1', code: 'x' }]], view, '');
    expect(jsonl.stdout()).toBe('{"balance":null}\n');
  });

  it('rejects unknown --json fields with a UsageError listing the valid ones', () => {
    const f = fakeIO();
    let error: unknown;
    try {
      new Output(f.io, { json: 'id,colour,size' }, fields);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).toContain('colour, size');
    expect(message).toContain('Valid fields: id, code, note, balance.');
    expect(message).not.toMatch(/Unknown fields.*\bid\b.*Valid/);
  });

  it("piped, a record's keys are its headers with _ for a space, one convention for every command", async () => {
    const f = fakeIO();
    const labelled: View<{ url: string }> = {
      columns: [
        { header: 'BASE URL', value: (r) => r.url },
        { header: 'WEBHOOK ID', value: () => '7' },
      ],
    };
    await new Output(f.io, {}, ['url']).item({ url: 'http://x' }, labelled);
    expect(f.stdout()).toBe('BASE_URL\thttp://x\nWEBHOOK_ID\t7\n');
    const table = fakeIO({ stdoutTTY: true });
    await new Output(table.io, {}, ['url']).item({ url: 'http://x' }, labelled);
    expect(table.stdout()).toBe('BASE URL    http://x\nWEBHOOK ID  7\n');
  });

  it('writes field<TAB>value lines when piped', async () => {
    const f = fakeIO();
    await new Output(f.io, {}, fields).item(card(3, 'two\nlines'), view);
    expect(f.stdout()).toBe(`ID\t${BIG}3\nCODE\t****C3\nNOTE\ttwo\\nlines\n`);
  });

  it('writes a two-column table on a terminal, coloured only when colour is on', async () => {
    const plain = fakeIO({ stdoutTTY: true });
    await new Output(plain.io, {}, fields).item(card(4), view);
    expect(plain.stdout()).toBe(`ID    ${BIG}4\nCODE  ****C4\nNOTE  note 4\n`);

    const coloured = fakeIO({ stdoutTTY: true, color: true });
    await new Output(coloured.io, {}, fields).item(card(4), view);
    expect(coloured.stdout()).toContain(ESC);
    // eslint-disable-next-line no-control-regex
    expect(coloured.stdout().replace(/\u001b\[\d+m/g, '')).toBe(plain.stdout());
  });

  it('is JSON for --json and --jsonl only', () => {
    expect(new Output(fakeIO().io, { json: true }, fields).isJson).toBe(true);
    expect(new Output(fakeIO().io, { jsonl: true }, fields).isJson).toBe(true);
    expect(new Output(fakeIO().io, {}, fields).isJson).toBe(false);
    expect(new Output(fakeIO().io, { json: false }, fields).isJson).toBe(false);
  });
});

describe('Output.list', () => {
  it('streams one valid JSON array across several batches, indented in a terminal', async () => {
    const f = fakeIO({ stdoutTTY: true });
    const count = await new Output(f.io, { json: true }, fields).list(pages([card(1), card(2)], [], [card(3)]), view, 'No cards.');
    expect(count).toBe(3);
    const text = f.stdout();
    const parsed = parseJson(text) as Card[];
    expect(parsed.map((c) => String(c.id))).toEqual([`${BIG}1`, `${BIG}2`, `${BIG}3`]);
    expect(toJson(parsed, 2)).toBe(text.trimEnd());
    expect(f.stderr()).toBe('');
  });

  it('streams the JSON array as one compact line when piped', async () => {
    const f = fakeIO();
    expect(await new Output(f.io, { json: 'id' }, fields).list(pages([card(1), card(2)], [], [card(3)]), view, 'No cards.')).toBe(3);
    expect(f.stdout()).toBe(`[{"id":${BIG}1},{"id":${BIG}2},{"id":${BIG}3}]\n`);
    const empty = fakeIO();
    await new Output(empty.io, { json: true }, fields).list(pages<Card>([]), view, '');
    expect(empty.stdout()).toBe('[]\n');
  });

  it('writes [] for an empty JSON listing', async () => {
    const f = fakeIO({ stderrTTY: true });
    expect(await new Output(f.io, { json: true }, fields).list(pages<Card>([], []), view, 'No cards.')).toBe(0);
    expect(f.stdout()).toBe('[]\n');
    expect(f.stderr()).toBe('');
  });

  it('applies --json field selection to every element', async () => {
    const f = fakeIO();
    await new Output(f.io, { json: 'code' }, fields).list([[card(1)], [card(2)]], view, '');
    expect(JSON.parse(f.stdout())).toEqual([{ code: '****C1' }, { code: '****C2' }]);
  });

  it('writes one compact object per line for --jsonl', async () => {
    const f = fakeIO();
    const count = await new Output(f.io, { jsonl: true, json: 'id,code' }, fields).list(pages([card(1)], [card(2), card(3)]), view, '');
    expect(count).toBe(3);
    const lines = f.stdout().split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toEqual([1, 2, 3].map((n) => `{"id":${BIG}${n},"code":"****C${n}"}`));
  });

  it('writes TSV rows without a header, tabs, line breaks and backslashes in values escaped', async () => {
    const f = fakeIO();
    await new Output(f.io, {}, fields).list(pages([card(1, 'a\tb')], [card(2, 'c\nd\r\n\\n\u001b')]), view, 'No cards.');
    expect(f.stdout()).toBe(`${BIG}1\t****C1\ta\\tb\n${BIG}2\t****C2\tc\\nd\\r\\n\\\\n\u001b\n`);
    // Every row is one line of exactly three cells, and each cell gives back its value.
    const rows = f
      .stdout()
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => unescapeTsv(row[2]!))).toEqual(['a\tb', 'c\nd\r\n\\n\u001b']);
  });

  it('shows TSV in a terminal with the same escapes, and other control characters visible', async () => {
    const f = fakeIO({ stdoutTTY: true });
    await new Output(f.io, {}, fields, 'tsv').list([[card(1, 'a\tb\\x1b\u001b[2J')]], view, '');
    expect(f.stdout()).toBe(`${BIG}1\t****C1\ta\\tb\\\\x1b\\x1b[2J\n`);
  });

  it('writes a table header once, and later batches line up with the first', async () => {
    const f = fakeIO({ stdoutTTY: true });
    const first = [
      { id: '1', code: 'AAAA', note: 'short' },
      { id: '22', code: 'BBBBBB', note: 'a longer note' },
    ];
    const second = [{ id: '3', code: 'CC', note: 'x' }];
    const third = [{ id: '44', code: 'DDD', note: 'y' }];
    const count = await new Output(f.io, {}, fields).list(pages<Card>(first, second, third), view, 'No cards.');
    expect(count).toBe(4);
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines).toEqual(['ID  CODE    NOTE', '1   AAAA    short', '22  BBBBBB  a longer note', '3   CC      x', '44  DDD     y']);
  });

  it('widens a column rather than cut a longer value of a later batch', async () => {
    const f = fakeIO({ stdoutTTY: true });
    const id = '98765432109876543210';
    await new Output(f.io, {}, fields).list(pages<Card>([{ id: '1', code: 'AAAA', note: 'n' }], [{ id, code: 'LONGERCODE', note: 'm' }]), view, '');
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('ID'))).toHaveLength(1);
    expect(lines[2]).toBe(`${id}  LONGERCODE  m`);
  });

  it('cuts nothing that fits the terminal, however long (no fixed cap on a cell)', async () => {
    const f = fakeIO({ stdoutTTY: true, columns: 120 });
    await new Output(f.io, {}, fields).list([[{ id: '1', code: 'A'.repeat(50), note: 'n'.repeat(60) }]], view, '');
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines[1]).toBe(`1   ${'A'.repeat(50)}  ${'n'.repeat(60)}`);
  });

  it('a later page with a longer id widens the id and narrows the note, so rows still fit the terminal', async () => {
    const noted: View<Card> = { columns: view.columns.map((c) => (c.header === 'NOTE' ? { ...c, shrinkable: true } : c)) };
    const f = fakeIO({ stdoutTTY: true, columns: 40 });
    const id = '98765432109876543210';
    await new Output(f.io, {}, fields).list(
      pages<Card>([{ id: '1', code: 'AAAA', note: 'n'.repeat(50) }], [{ id, code: 'B', note: 'm'.repeat(50) }]),
      noted,
      '',
    );
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines[1]).toBe(`1   AAAA  ${'n'.repeat(29)}…`);
    expect(lines[2]).toBe(`${id}  B     ${'m'.repeat(11)}…`);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('never cuts an emoji in half', async () => {
    const noted: View<Card> = { columns: view.columns.map((c) => (c.header === 'NOTE' ? { ...c, shrinkable: true } : c)) };
    const f = fakeIO({ stdoutTTY: true, columns: 20 });
    await new Output(f.io, {}, fields).list([[{ id: '1', code: 'A', note: 'abcdefgh😀😀😀😀😀' }]], noted, '');
    expect(f.stdout().trimEnd().split('\n')[1]).toBe('1   A     abcdefgh…');
  });

  it('lays a table out for 80 columns when the terminal does not say its width', async () => {
    const noted: View<Card> = { columns: view.columns.map((c) => (c.header === 'NOTE' ? { ...c, shrinkable: true } : c)) };
    const f = fakeIO({ stdoutTTY: true });
    await new Output(f.io, {}, fields).list([[{ id: '1', code: 'A', note: 'n'.repeat(100) }]], noted, '');
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines[1]).toBe(`1   A     ${'n'.repeat(69)}…`);
    expect(lines[1]).toHaveLength(80);
  });

  it('narrows only free-text columns so a row fits the terminal, never an id', async () => {
    const noted: View<Card> = { ...view, columns: view.columns.map((c) => (c.header === 'NOTE' ? { ...c, shrinkable: true } : c)) };
    const long = card(1, 'a note that overflows a narrow one');
    const narrow = fakeIO({ stdoutTTY: true, columns: 50 });
    await new Output(narrow.io, {}, fields).list(pages([long]), noted, '');
    const lines = narrow.stdout().trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(50);
    expect(lines[1]).toContain(`${BIG}1`);
    expect(lines[1]).toContain('…');
    // A wide terminal leaves the note whole.
    const wide = fakeIO({ stdoutTTY: true, columns: 200 });
    await new Output(wide.io, {}, fields).list(pages([long]), noted, '');
    expect(wide.stdout()).toContain(long.note);
  });

  it('colours the table only when io.colorOut is on', async () => {
    const plain = fakeIO({ stdoutTTY: true, color: false });
    await new Output(plain.io, {}, fields).list([[card(1)]], view, '');
    expect(plain.stdout()).not.toContain(ESC);

    const coloured = fakeIO({ stdoutTTY: true, color: true });
    await new Output(coloured.io, {}, fields).list([[card(1)]], view, '');
    expect(coloured.stdout()).toContain(`${ESC}1m`);

    const piped = fakeIO({ stdoutTTY: false, color: true });
    await new Output(piped.io, {}, fields).list([[card(1)]], view, '');
    expect(piped.stdout()).not.toContain(ESC);
  });

  it('uses a column style only in the table', async () => {
    const styled: View<Card> = { columns: [{ header: 'CODE', value: (c) => c.code, style: (t, colors) => colors.red(t) }] };
    const table = fakeIO({ stdoutTTY: true, color: true });
    await new Output(table.io, {}, fields).list([[card(1)]], styled, '');
    expect(table.stdout()).toContain(`${ESC}31m****C1`);
    const tsv = fakeIO({ color: true });
    await new Output(tsv.io, {}, fields).list([[card(1)]], styled, '');
    expect(tsv.stdout()).toBe('****C1\n');
  });

  it('says the empty message on stderr only when stderr is a terminal', async () => {
    const tty = fakeIO({ stdoutTTY: true, stderrTTY: true });
    expect(await new Output(tty.io, {}, fields).list(pages<Card>(), view, 'No gift cards match.')).toBe(0);
    expect(tty.stderr()).toBe('No gift cards match.\n');
    expect(tty.stdout()).toBe('');

    const piped = fakeIO({ stdoutTTY: true, stderrTTY: false });
    await new Output(piped.io, {}, fields).list(pages<Card>(), view, 'No gift cards match.');
    expect(piped.stderr()).toBe('');
    expect(piped.stdout()).toBe('');

    const tsv = fakeIO({ stdoutTTY: false, stderrTTY: false });
    await new Output(tsv.io, {}, fields).list(pages<Card>([]), view, 'No gift cards match.');
    expect(tsv.stdout()).toBe('');
    expect(tsv.stderr()).toBe('');
  });
});

describe('Output.count', () => {
  it('writes {"count": N} with N a JSON integer, compact when piped', async () => {
    const f = fakeIO({ stdoutTTY: true });
    await new Output(f.io, { json: true }, ['count']).count('8');
    expect(f.stdout()).toBe('{\n  "count": 8\n}\n');
    expect(JSON.parse(f.stdout())).toEqual({ count: 8 });
    const piped = fakeIO();
    await new Output(piped.io, { json: true }, ['count']).count('8');
    expect(piped.stdout()).toBe('{"count":8}\n');
  });

  it('keeps a 30-digit count exact', async () => {
    const digits = '123456789012345678901234567890';
    const f = fakeIO({ stdoutTTY: true });
    await new Output(f.io, { json: true }, ['count']).count(digits);
    expect(f.stdout()).toMatch(new RegExp(`"count": ${digits}\\n`));
    expect(String((parseJson(f.stdout()) as { count: LosslessNumber }).count)).toBe(digits);
  });

  it('writes compact JSON for --jsonl and the bare number otherwise', async () => {
    const jsonl = fakeIO();
    await new Output(jsonl.io, { jsonl: true }, ['count']).count('12');
    expect(jsonl.stdout()).toBe('{"count":12}\n');
    const plain = fakeIO({ stdoutTTY: true });
    await new Output(plain.io, {}, ['count']).count('12');
    expect(plain.stdout()).toBe('12\n');
  });
});

describe("JSON of a store's text at a terminal", () => {
  const hostile = card(1, 'del\u007f c1\u009b bidi\u202e esc\u001b');

  it('--json and --jsonl: DEL, C1 and bidi controls as JSON escapes (the same JSON) at a terminal, raw when piped', async () => {
    for (const flags of [{ json: true }, { jsonl: true }]) {
      const shown = fakeIO({ stdoutTTY: true });
      await new Output(shown.io, flags, fields).list([[hostile]], view, '');
      await new Output(shown.io, flags, fields).item(hostile, view);
      // eslint-disable-next-line no-control-regex
      expect(shown.stdout()).not.toMatch(/[\u007f-\u009f\u202e\u001b]/);
      expect(shown.stdout()).toContain('del\\u007f c1\\u009b bidi\\u202e esc\\u001b');
      const piped = fakeIO();
      await new Output(piped.io, flags, fields).list([[hostile]], view, '');
      expect(piped.stdout()).toContain('del\u007f c1\u009b bidi\u202e esc\\u001b');
    }
  });

  it('a listing of huge records goes out record by record, not a page at a time', async () => {
    const f = fakeIO();
    const writes: number[] = [];
    f.io.stdout.on('data', (chunk: Buffer) => writes.push(chunk.length));
    const big = (n: number) => card(n, 'x'.repeat(600_000));
    await new Output(f.io, { json: true }, fields).list([[big(1), big(2), big(3), big(4)]], view, '');
    expect(writes.length).toBeGreaterThan(2);
    expect((JSON.parse(f.stdout()) as unknown[]).length).toBe(4);
  });
});

describe('escapeTsv', () => {
  it('escapes backslash, tab, newline and carriage return, and nothing else', () => {
    expect(escapeTsv('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(escapeTsv('é 😀 \u001b[1m \u0000 \u009b')).toBe('é 😀 \u001b[1m \u0000 \u009b');
    expect(escapeTsv('\\n')).toBe('\\\\n'); // a backslash before an n stays told apart from a newline
  });

  it('round-trips every string: no tab or line break is left in a cell, and unescapeTsv gives back every character', () => {
    // A seeded generator, so a failure can be replayed.
    let seed = 13;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const alphabet = ['\\', '\t', '\n', '\r', 't', 'n', 'r', 'x', '\u001b', '\u0000', '\u007f', '\u009b', ' ', 'é', '😀', '\\t', '\\\\'];
    for (let i = 0; i < 2000; i++) {
      let text = '';
      const length = next() % 24;
      for (let j = 0; j < length; j++) text += next() % 5 === 0 ? String.fromCodePoint(next() % 0x300) : alphabet[next() % alphabet.length];
      const cell = escapeTsv(text);
      expect(cell).not.toMatch(/[\t\n\r]/);
      expect(unescapeTsv(cell)).toBe(text);
    }
  });
});

describe('undoing escapeTsv in a shell, as docs/output.md shows', () => {
  // Strings a shell can carry (no NUL), with every character escapeTsv touches.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const alphabet = ['\\', '\t', '\n', '\r', 't', 'n', 'r', 'c', '0', 'x', '\u001b', '\u007f', ' ', 'é', '😀', '%', "'", '"'];
  const values = Array.from({ length: 300 }, () => {
    let text = '';
    const length = next() % 16;
    for (let j = 0; j < length; j++) text += alphabet[next() % alphabet.length];
    return text;
  });

  it("printf '%b' gives back every value (sh, dash)", () => {
    const result = spawnSync('sh', ['-c', `for cell; do printf '%b\\0' "$cell"; done`, 'sh', ...values.map(escapeTsv)], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\0').slice(0, -1)).toEqual(values);
  });

  it('the perl line gives back every value of a column', () => {
    const rows = values.map((v, i) => `${i}\t${escapeTsv(v)}\n`).join('');
    const perl = String.raw`s/\\(.)/$1 eq "t" ? "\t" : $1 eq "n" ? "\n" : $1 eq "r" ? "\r" : $1/ge`;
    const result = spawnSync('sh', ['-c', `cut -f2 | perl -pe '${perl}'`], { input: rows, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(values.map((v) => `${v}\n`).join(''));
  });
});

describe('layout', () => {
  const cols = (...specs: [string, boolean?][]) => specs.map(([header, shrinkable]) => ({ header, shrinkable: shrinkable ?? false }));
  const total = (widths: number[]) => widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);

  it('cuts nothing when the table fits', () => {
    const columns = cols(['ID'], ['TITLE', true], ['NOTE', true]);
    expect(layout([19, 30, 25], columns, 80)).toEqual([19, 30, 25]);
    expect(layout([19, 30, 25], columns, 78)).toEqual([19, 30, 25]); // exactly the width
    expect(layout([19, 60, 70], columns, 160)).toEqual([19, 60, 70]);
  });

  it('shrinks the widest free-text column first, then both alike', () => {
    const columns = cols(['ID'], ['TITLE', true], ['NOTE', true]);
    // 19 + 30 + 60 + 4 = 113, 13 too many: all from the note, the widest, which stays the widest
    expect(layout([19, 30, 60], columns, 100)).toEqual([19, 30, 47]);
    const even = layout([19, 30, 60], columns, 80);
    expect(total(even)).toBe(80);
    expect(even[0]).toBe(19);
    expect(Math.abs(even[1]! - even[2]!)).toBeLessThanOrEqual(1);
    expect(layout([19, 60, 70], columns, 160)).toEqual([19, 60, 70]);
  });

  it('never shrinks an id or any column not declared free text, even when the row overflows', () => {
    const columns = cols(['ID'], ['CUSTOMER'], ['NOTE', true]);
    expect(layout([40, 40, 50], columns, 80)).toEqual([40, 40, 6]);
    expect(layout([19, 19, 3], columns, 20)).toEqual([19, 19, 3]); // a short note is never widened nor cut below its own length
  });

  it('keeps a cut column at least as wide as its header', () => {
    const columns = cols(['ID'], ['DESCRIPTION', true]);
    expect(layout([70, 50], columns, 80)).toEqual([70, 11]);
  });
});

describe('Output.item in a terminal', () => {
  const noted: View<Card> = { columns: view.columns.map((c) => (c.header === 'NOTE' ? { ...c, shrinkable: true } : c)) };

  it('wraps free text under its column at the terminal width, cutting nothing; ids stay on one line', async () => {
    const note = 'word '.repeat(30).trim();
    const f = fakeIO({ stdoutTTY: true, columns: 40 });
    await new Output(f.io, {}, fields).item({ id: BIG, code: 'C', note }, noted);
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines[0]).toBe(`ID    ${BIG}`);
    const noteLines = lines.slice(2);
    expect(noteLines[0]).toMatch(/^NOTE {2}word/);
    for (const line of noteLines) expect(line.length).toBeLessThanOrEqual(40);
    for (const line of noteLines.slice(1)) expect(line).toMatch(/^ {6}word/);
    expect(noteLines.map((l) => l.slice(6)).join(' ')).toBe(note);

    const wide = fakeIO({ stdoutTTY: true, columns: 160 });
    await new Output(wide.io, {}, fields).item({ id: BIG, code: 'C', note }, noted);
    expect(wide.stdout()).toContain(`NOTE  ${note}\n`);
  });

  it('never splits a word longer than the line (an id, a URL): its line runs over instead', async () => {
    const url = `https://example.com/${'x'.repeat(60)}`;
    const f = fakeIO({ stdoutTTY: true, columns: 40 });
    await new Output(f.io, {}, fields).item({ id: '1', code: 'C', note: `see ${url} and ${BIG}` }, noted);
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines.slice(2)).toEqual(['NOTE  see', `      ${url}`, `      and ${BIG}`]);
  });
});

describe('a table that fits the terminal: empty and low-value columns go before free text is cut', () => {
  interface Row {
    id: string;
    customer: string;
    expires: string;
    barcode: string;
    note: string;
  }
  const columns: Record<keyof Row, Column<Row>> = {
    id: { header: 'ID', value: (r) => r.id },
    customer: { header: 'CUSTOMER', value: (r) => r.customer },
    expires: { header: 'EXPIRES', value: (r) => r.expires, style: (text, colors) => text || colors.dim('never') },
    barcode: { header: 'BARCODE', value: (r) => r.barcode },
    note: { header: 'NOTE', value: (r) => r.note, shrinkable: true },
  };
  const order = ['id', 'customer', 'expires', 'barcode', 'note'] as const;
  const rowsView = listView(columns, order, ['customer', 'expires']);
  const row = (n: number, note = 'a note of some length, written by a person'): Row => ({
    id: `400000000000000001${n}`,
    customer: `730000000000000010${n}`,
    expires: '',
    barcode: '',
    note,
  });
  const headers = (view: View<Row>, rows: Row[], width: number) => fitColumns(view, rows, width).map((c) => c.header);

  it('leaves out a column empty on every row, but not one whose empty cell reads as something ("never")', () => {
    expect(headers(rowsView, [row(1), row(2)], 200)).toEqual(['ID', 'CUSTOMER', 'EXPIRES', 'NOTE']);
    expect(headers(rowsView, [row(1), { ...row(2), barcode: '0012345' }], 200)).toEqual(['ID', 'CUSTOMER', 'EXPIRES', 'BARCODE', 'NOTE']);
  });

  it("drops the view's low-value columns, in its order, only while free text would get less than 40 characters", () => {
    // 19 + 19 + 7 + 40 wanted of the note + 6 = 91
    expect(headers(rowsView, [row(1)], 91)).toEqual(['ID', 'CUSTOMER', 'EXPIRES', 'NOTE']);
    expect(headers(rowsView, [row(1)], 90)).toEqual(['ID', 'EXPIRES', 'NOTE']);
    expect(headers(rowsView, [row(1)], 60)).toEqual(['ID', 'NOTE']);
    // A short note asks only its own width.
    expect(headers(rowsView, [row(1, 'short')], 60)).toEqual(['ID', 'CUSTOMER', 'EXPIRES', 'NOTE']);
  });

  it('never leaves out the first column (the id), even empty', () => {
    expect(headers(rowsView, [{ ...row(1), id: '' }], 200)[0]).toBe('ID');
  });

  it('an 80-column table: one line a row, ids whole, the note cut last', async () => {
    const f = fakeIO({ stdoutTTY: true, columns: 80 });
    await new Output(f.io, {}, fields).list([[row(1, 'n'.repeat(100)), row(2)]], rowsView, '');
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['ID', 'EXPIRES', 'NOTE']);
    expect(lines[1]).toMatch(/^4000000000000000011 {2}never {4}n+…$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('judges on the first page: a later value in a dropped column does not bring it back, and rows still line up', async () => {
    const f = fakeIO({ stdoutTTY: true, columns: 200 });
    await new Output(f.io, {}, fields).list(pages([row(1)], [{ ...row(2), barcode: '0012345' }]), rowsView, '');
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['ID', 'CUSTOMER', 'EXPIRES', 'NOTE']);
    expect(lines[2]).not.toContain('0012345');
    expect(lines[2]!.indexOf('a note')).toBe(lines[1]!.indexOf('a note'));
  });

  it('piped rows keep every column, empty or not, in the declared order', async () => {
    const f = fakeIO({ columns: 40 });
    await new Output(f.io, {}, fields).list([[row(1)]], rowsView, '');
    expect(f.stdout()).toBe('4000000000000000011\t7300000000000000101\t\t\ta note of some length, written by a person\n');
  });

  it('--columns: only those columns, in that order, in a table (empty ones too) and in piped rows', async () => {
    const table = fakeIO({ stdoutTTY: true, columns: 80 });
    await new Output(table.io, { columns: ['note', 'barcode', 'id'] }, fields).list([[row(1, 'short')]], rowsView, '');
    expect(table.stdout()).toBe('NOTE   BARCODE  ID\nshort           4000000000000000011\n');
    const piped = fakeIO();
    await new Output(piped.io, { columns: ['customer', 'id'] }, fields).list([[row(1)]], rowsView, '');
    expect(piped.stdout()).toBe('7300000000000000101\t4000000000000000011\n');
  });

  it('--columns asks for rows: a table in a terminal even under an output default of json', () => {
    expect(outputMode({ columns: ['id'] }, undefined, 'json', true)).toEqual({ kind: 'table' });
    expect(outputMode({ columns: ['id'] }, undefined, 'tsv', true)).toEqual({ kind: 'tsv' });
  });
});
