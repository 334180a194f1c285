// Titles in CJK and with emoji, listed in a terminal: the table measures them in terminal
// cells (two for a CJK character or an emoji), so every column lines up, titles are whole
// when there is room, and an 80-column table fits 80 cells.
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';

const TITLES = ['日本語のとても長いタイトルが付いた特別な商品の名前です', '👨‍👩‍👧 Family Pack 🇯🇵', 'Plain Lamp', 'Café ☕ 한국어 제목'];

describe('product list with wide characters in its titles', () => {
  const s = useSandbox({});
  const env = () => ({ ...s.env, NO_COLOR: '1' });
  beforeAll(async () => {
    for (const [i, title] of TITLES.entries()) {
      const r = await cli(['product', 'create', '--title', title, '--vendor', `Vendor${i} 株式会社`, '--price', '12.00'], { env: env() });
      expect(r.code, r.stderr).toBe(0);
    }
  });
  const list = async (columns: number) => {
    const r = await cli(['product', 'list'], { env: env(), tty: true, columns });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trimEnd().split('\n');
  };
  /** The cell where `needle` starts in `line`. */
  const cellOf = (line: string, needle: string) => {
    expect(line).toContain(needle);
    return stringWidth(line.slice(0, line.indexOf(needle)));
  };

  it('shows every title whole when there is room, and STATUS, VENDOR and PRICE start at the same cell on every row', async () => {
    const lines = await list(200);
    expect(lines).toHaveLength(1 + TITLES.length);
    for (const title of TITLES)
      expect(
        lines.some((line) => line.includes(title)),
        title,
      ).toBe(true);
    const [header, ...rows] = lines;
    for (const row of rows) {
      expect(cellOf(row, 'active')).toBe(cellOf(header!, 'STATUS'));
      expect(cellOf(row, 'Vendor')).toBe(cellOf(header!, 'VENDOR'));
      expect(cellOf(row, '12.00')).toBe(cellOf(header!, 'PRICE'));
    }
  });

  it('at 80 columns the long title is cut to the cells left for it, every line fits 80 cells, and the columns still line up', async () => {
    const lines = await list(80);
    const [header, ...rows] = lines;
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    for (const row of rows) expect(cellOf(row, 'active')).toBe(cellOf(header!, 'STATUS'));
    // The title (54 cells) gives way until the row is 80 cells, not before: the header spans them all.
    expect(stringWidth(header!)).toBe(80);
    const room = cellOf(header!, 'STATUS') - 2 - cellOf(header!, 'TITLE');
    const cut = rows[0]!.slice(rows[0]!.indexOf('日'), rows[0]!.indexOf('…') + 1);
    expect(TITLES[0]!.startsWith(cut.slice(0, -1))).toBe(true);
    expect(stringWidth(cut)).toBeGreaterThanOrEqual(room - 1); // a wide character that would straddle the edge leaves one cell blank
  });
});
