// Tables measured in terminal cells: CJK characters and emoji take two, a combining accent
// none. Rows with such text must still line up, fit the terminal and be cut between whole
// characters.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { dateOf, Output, type Column, type View } from '../../src/core/output.js';
import { cellWidth, cut, cutStart, fitColumns, wrap } from '../../src/core/table.js';
import { fakeIO } from './fake-io.js';

const FAMILY = '👨‍👩‍👧'; // one grapheme: three people joined by ZWJ, 8 UTF-16 units, 2 cells
const FLAG = '🇯🇵'; // two regional indicators, 2 cells
const THUMB = '👍🏽'; // an emoji with a skin-tone modifier, 2 cells
const ACCENT = 'e\u0301'; // e and a combining acute: 1 cell
const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

describe('cellWidth', () => {
  it('counts terminal cells, not UTF-16 units', () => {
    expect(cellWidth('日本語')).toBe(6);
    expect(cellWidth('ｶﾀｶﾅ')).toBe(4); // half-width katakana: one cell each
    expect(cellWidth(FAMILY)).toBe(2);
    expect(cellWidth(`${FLAG}${THUMB}`)).toBe(4);
    expect(cellWidth(`caf${ACCENT}`)).toBe(4);
    expect(cellWidth('\u001b[1mbold\u001b[22m')).toBe(4); // colour takes no cell
  });
});

describe('cut', () => {
  const samples = [
    '日本語のメモ、とても長い説明文がここに続きます',
    `${FAMILY}${FAMILY}${FAMILY}${FAMILY}${FAMILY} family`,
    `${FLAG}${THUMB}${FLAG}${THUMB}${FLAG}${THUMB}`,
    `caf${ACCENT} na${'i\u0308'}ve r${ACCENT}sum${ACCENT} ${'a\u0301'.repeat(12)}`,
    `a日b${FAMILY}c🇫🇷d한국어e${THUMB}`,
  ];

  it('fits every width in cells, ends with an ellipsis, and never splits a grapheme cluster', () => {
    for (const text of samples) {
      for (let width = 1; width <= cellWidth(text) + 1; width++) {
        const shown = cut(text, width);
        expect(stringWidth(shown), `${text} at ${width}`).toBeLessThanOrEqual(width);
        if (cellWidth(text) <= width) {
          expect(shown).toBe(text);
          continue;
        }
        expect(shown.endsWith('…')).toBe(true);
        // What is kept is whole clusters of the text, in order: no half emoji, no accent torn from its letter.
        const kept = graphemes(shown.slice(0, -1));
        expect(kept).toEqual(graphemes(text).slice(0, kept.length));
        // Nothing more fits: the next cluster would not have.
        expect(stringWidth(shown) - 1 + cellWidth(graphemes(text)[kept.length]!)).toBeGreaterThan(width - 1);
      }
    }
  });

  it('leaves a cell blank rather than split a wide character at the edge', () => {
    expect(cut('日本語テキスト', 6)).toBe('日本…'); // 5 cells: 語 would need 7
    expect(cut(`ab${FAMILY}cd`, 4)).toBe('ab…');
    expect(cut(`ab${FAMILY}cd`, 5)).toBe(`ab${FAMILY}…`);
  });
});

describe('wrap', () => {
  it('breaks lines by cells, at spaces or between CJK characters, so wide text stays within the width', () => {
    const note = '日本語のメモです。とても長い説明文がここに続きます、そして English words follow here.';
    const lines = wrap(note, 20);
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(20);
    expect(lines.join('').replace(/ /g, '')).toBe(note.replace(/ /g, '')); // nothing lost but the spaces at breaks
    expect(lines[0]).toBe('日本語のメモです。と'); // 20 cells: CJK breaks between any two characters
    expect(lines[1]).toBe('ても長い説明文がここ');
    expect(lines[2]).toBe('に続きます、そして'); // not before 、 (a line does not start with it)
    expect(lines.slice(3)).toEqual(['English words follow', 'here.']); // words stay whole
  });

  it('keeps CJK punctuation off the start of a line, and never splits a narrow word', () => {
    expect(wrap('一二三四五六七八九、十一', 18)).toEqual(['一二三四五六七八', '九、十一']);
    expect(wrap(`see https://example.com/${'x'.repeat(30)} 日本`, 20)).toEqual(['see', `https://example.com/${'x'.repeat(30)}`, '日本']);
  });
});

interface Row {
  id: string;
  title: string;
  status: string;
  note: string;
}

const view: View<Row> = {
  columns: [
    { header: 'ID', value: (r) => r.id },
    { header: 'TITLE', value: (r) => r.title, shrinkable: true },
    { header: 'STATUS', value: (r) => r.status },
    { header: 'NOTE', value: (r) => r.note, shrinkable: true },
  ],
};

const rows: Row[] = [
  { id: '4000000000000000011', title: 'Plain title', status: 'active', note: 'ascii only' },
  { id: '4000000000000000012', title: '日本語のタイトル', status: 'draft', note: `${FAMILY} family ${FLAG} flag ${THUMB}` },
  {
    id: '4000000000000000013',
    title: `Caf${ACCENT} ${THUMB}`,
    status: 'active',
    note: '한국어 메모와 中文备注 그리고 더 많은 텍스트가 여기에 있습니다 and more',
  },
];

/** The cell where `needle` starts in `line`. */
const cellOf = (line: string, needle: string) => stringWidth(line.slice(0, line.indexOf(needle)));

async function table(width: number, data: Row[] = rows): Promise<string[]> {
  const f = fakeIO({ stdoutTTY: true, columns: width });
  await new Output(f.io, {}, ['id']).list([data], view, '');
  return f.stdout().trimEnd().split('\n');
}

describe('a table with CJK and emoji cells', () => {
  it('shows every value whole when there is room, and every column starts at the same cell on every row', async () => {
    const lines = await table(200);
    expect(lines[1]).toContain('Plain title');
    expect(lines[2]).toContain('日本語のタイトル');
    expect(lines[2]).toContain(`${FAMILY} family ${FLAG} flag ${THUMB}`);
    expect(lines[3]).toContain(`Caf${ACCENT} ${THUMB}`);
    const status = cellOf(lines[0]!, 'STATUS');
    const note = cellOf(lines[0]!, 'NOTE');
    expect(cellOf(lines[1]!, 'active')).toBe(status);
    expect(cellOf(lines[2]!, 'draft')).toBe(status);
    expect(cellOf(lines[3]!, 'active')).toBe(status);
    expect(cellOf(lines[1]!, 'ascii')).toBe(note);
    expect(cellOf(lines[2]!, FAMILY)).toBe(note);
    expect(cellOf(lines[3]!, '한국어')).toBe(note);
    // The title column is as wide as its widest value in cells (16) and no wider.
    expect(status - cellOf(lines[0]!, 'TITLE')).toBe(16 + 2);
  });

  it('fits 80 columns counting cells: free text cut between whole characters, with …', async () => {
    const lines = await table(80);
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    // The widest free text gives way, and only as far as needed: the title stays whole, the note fills the row.
    expect(lines[2]).toContain('日本語のタイトル');
    expect(lines[3]).toMatch(/…$/);
    expect(stringWidth(lines[3]!)).toBeGreaterThanOrEqual(79); // 80, or 79 when a wide character would straddle the edge
    const status = cellOf(lines[0]!, 'STATUS');
    expect(cellOf(lines[1]!, 'active')).toBe(status);
    expect(cellOf(lines[2]!, 'draft')).toBe(status);
    for (const line of lines) expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no half of a surrogate pair
  });

  it('leaves out low-value columns by their width in cells', () => {
    const wide = { ...rows[0]!, title: '日'.repeat(20) }; // 20 characters, 40 cells
    const columns = fitColumns(
      { ...view, columns: view.columns.map((c, i) => ({ ...c, name: ['id', 'title', 'status', 'note'][i] })), drop: ['status'] },
      [wide],
      19 + 2 + 40 + 2 + 6 + 2 + 10,
    );
    expect(columns.map((c) => c.header)).toEqual(['ID', 'TITLE', 'STATUS', 'NOTE']);
    const narrower = fitColumns(
      { ...view, columns: view.columns.map((c, i) => ({ ...c, name: ['id', 'title', 'status', 'note'][i] })), drop: ['status'] },
      [wide],
      19 + 2 + 40 + 2 + 6 + 2 + 9,
    );
    expect(narrower.map((c) => c.header)).toEqual(['ID', 'TITLE', 'NOTE']);
  });
});

describe('one record in a terminal with wide text', () => {
  it('wraps a CJK note under its column within the terminal width in cells', async () => {
    const note = Array.from({ length: 20 }, (_, i) => `メモ${i}番`).join(' ');
    const f = fakeIO({ stdoutTTY: true, columns: 40 });
    await new Output(f.io, {}, ['id']).item({ id: '1', title: 't', status: 's', note }, view);
    const lines = f.stdout().trimEnd().split('\n');
    const noteLines = lines.slice(lines.findIndex((l) => l.startsWith('NOTE')));
    expect(noteLines.length).toBeGreaterThan(1);
    for (const line of noteLines) expect(stringWidth(line), line).toBeLessThanOrEqual(40);
    expect(
      noteLines
        .map((l) => l.slice(8))
        .join('')
        .replace(/ /g, ''),
    ).toBe(note.replace(/ /g, ''));
  });
});

describe('fitting a table to the terminal', () => {
  interface Order {
    id: string;
    created: string;
    payment: string;
    total: string;
    currency: string;
    note: string;
  }
  const order: Order = {
    id: '6000000000000000171',
    created: '2026-11-28T08:16:42Z',
    payment: 'partially_refunded',
    total: '142.02',
    currency: 'USD',
    note: 'Leave it with the concierge.',
  };
  const columns = (narrow: boolean) =>
    [
      { name: 'id', header: 'ID', value: (o: Order) => o.id },
      { name: 'created', header: 'CREATED', value: (o: Order) => o.created, ...(narrow ? { narrow: dateOf } : {}) },
      { name: 'payment', header: 'PAYMENT', value: (o: Order) => o.payment },
      { name: 'total', header: 'TOTAL', value: (o: Order) => o.total },
      { name: 'currency', header: 'CURRENCY', value: (o: Order) => o.currency },
      { name: 'note', header: 'NOTE', value: (o: Order) => o.note, shrinkable: true },
    ] satisfies Column<Order>[];
  const headers = (view: View<Order>, width: number) => fitColumns(view, [order], width).map((c) => c.header);
  const values = (view: View<Order>, width: number) => fitColumns(view, [order], width).map((c) => c.value(order));

  it("a column's shorter form first (a time its date), before any column goes; the full form where the row fits", () => {
    // 19 + 20 + 18 + 6 + 8 + 28 and five gaps of 2: 109 cells whole.
    expect(values({ columns: columns(true), drop: ['currency'] }, 109)).toContain('2026-11-28T08:16:42Z');
    expect(values({ columns: columns(true), drop: ['currency'] }, 108)).toEqual([
      order.id,
      '2026-11-28',
      order.payment,
      order.total,
      order.currency,
      order.note,
    ]);
    expect(headers({ columns: columns(true), drop: ['currency'] }, 98)).toEqual(['ID', 'CREATED', 'PAYMENT', 'TOTAL', 'NOTE']);
    expect(headers({ columns: columns(false), drop: ['currency'] }, 108)).toEqual(['ID', 'CREATED', 'PAYMENT', 'TOTAL', 'NOTE']);
  });

  it('when the view leaves out all it names and the row is still wider than free text cut to its least: the last columns go, never the first', () => {
    // Free text at its least (6 cells): 19 + 20 + 18 + 6 + 8 + 6 + 10 = 87.
    expect(headers({ columns: columns(false) }, 87)).toEqual(['ID', 'CREATED', 'PAYMENT', 'TOTAL', 'CURRENCY', 'NOTE']);
    expect(headers({ columns: columns(false) }, 86)).toEqual(['ID', 'CREATED', 'PAYMENT', 'TOTAL', 'CURRENCY']);
    expect(headers({ columns: columns(false) }, 41)).toEqual(['ID', 'CREATED']);
    expect(headers({ columns: columns(false) }, 10)).toEqual(['ID']); // an id wider than the terminal stays, and runs over
  });

  it('a column shown under its row takes no width, goes never, and wraps whole under the row, indented, after its label', async () => {
    interface Check {
      check: string;
      status: string;
      hint: string;
    }
    const hint = 'grant read_products to the app in the store admin, then run store-cli auth login again with its new token';
    const view: View<Check> = {
      columns: [
        { name: 'check', header: 'CHECK', value: (c) => c.check },
        { name: 'status', header: 'STATUS', value: (c) => c.status },
        { name: 'hint', header: 'HINT', value: (c) => c.hint, below: { label: 'hint: ' } },
      ],
    };
    expect(fitColumns(view, [{ check: 'product listing', status: 'warn', hint }], 30).map((c) => c.header)).toEqual(['CHECK', 'STATUS', 'HINT']);
    const f = fakeIO({ stdoutTTY: true, columns: 40 });
    await new Output(f.io, {}, ['check']).list(
      [
        [
          { check: 'product listing', status: 'warn', hint },
          { check: 'token', status: 'ok', hint: '' },
        ],
      ],
      view,
      '',
    );
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CHECK\s+STATUS$/);
    expect(lines[1]).toMatch(/^product listing\s+warn$/);
    const under = lines.slice(2, -1);
    expect(under.length).toBeGreaterThan(2);
    for (const line of under) {
      expect(line).toMatch(/^ {4}\S/);
      expect(stringWidth(line)).toBeLessThanOrEqual(40);
    }
    expect(under.map((line) => line.trim()).join(' ')).toBe(`hint: ${hint}`);
    expect(lines.at(-1)).toMatch(/^token\s+ok$/); // an empty one adds no line
  });

  it('a path cut at its start keeps its end, the file name, between whole characters', () => {
    expect(cutStart('/home/ada/imports/winter/product care guides.csv', 20)).toBe('…uct care guides.csv');
    expect(cutStart('/data/日本語のファイル.csv', 10)).toBe('…イル.csv'); // 9 cells: ル would straddle
    expect(cutStart('short.csv', 20)).toBe('short.csv');
  });
});

describe('one record in a terminal: every value wraps at its spaces', () => {
  it('a list of scopes, not free text, wraps after its commas under its column, each word whole', async () => {
    const scopes = Array.from({ length: 12 }, (_, i) => `read_resource_${i}`).join(', ');
    const f = fakeIO({ stdoutTTY: true, columns: 50 });
    await new Output(f.io, {}, ['id']).item({ scopes }, { columns: [{ header: 'SCOPES', value: (r: { scopes: string }) => r.scopes }] });
    const lines = f.stdout().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(50);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/,$/);
    expect(lines.map((line) => line.slice(8)).join(' ')).toBe(scopes);
  });
});
