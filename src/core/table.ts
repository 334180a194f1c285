// Tables for a person, laid out in terminal cells rather than UTF-16 code units: a CJK
// character or an emoji takes two cells, a combining accent none, so such rows line up and
// fit the terminal. Output loads this module with the first table it prints; TSV, JSON and
// a count never pay for string-width's Unicode tables nor for Intl.Segmenter.
import stringWidth from 'string-width';
import { palette, type Palette } from './colors.js';
import { escapeControls } from './io.js';
import type { Column, View } from './view.js';

/** The cells `text` takes in a terminal (East Asian Wide and emoji two, marks and zero-width characters none, colour codes none). */
export function cellWidth(text: string): number {
  return stringWidth(text);
}

/** Grapheme clusters: what a terminal draws as one character (an emoji with its modifiers, a letter with its accents). */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** How many UTF-16 units of `text` fill at most `width` cells, whole grapheme clusters only. */
function prefixLength(text: string, width: number): number {
  let length = 0;
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    used += cellWidth(segment);
    if (used > width) break;
    length += segment.length;
  }
  return length;
}

/**
 * Text in at most `width` cells: as it is when it fits, else cut with an ellipsis. The cut
 * falls between grapheme clusters, never inside an emoji sequence nor between a letter and
 * its accent; a wide character that would straddle the last cell goes whole, leaving the
 * cell blank.
 */
export function cut(text: string, width: number): string {
  if (cellWidth(text) <= width) return text;
  return `${text.slice(0, prefixLength(text, width - 1))}…`;
}

/** Text in at most `width` cells, its end kept: cut at the start with an ellipsis (a file's path keeps its name). */
export function cutStart(text: string, width: number): string {
  if (cellWidth(text) <= width) return text;
  const clusters = [...graphemes.segment(text)].map((s) => s.segment);
  let kept = '';
  let used = 1;
  for (let i = clusters.length - 1; i >= 0; i--) {
    used += cellWidth(clusters[i]!);
    if (used > width) break;
    kept = clusters[i]! + kept;
  }
  return `…${kept}`;
}

/** Text padded with spaces to `width` cells (colour codes take none); wider text is left as it is. */
function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - cellWidth(text)));
}

/** A value on one line of a table, for a person: line breaks and tabs as spaces, control characters visible. */
export function tableText(text: string): string {
  return escapeControls(text.replace(/\r\n|[\r\n\t]/g, ' '));
}

/**
 * Text in lines of at most `width` cells. Lines break at spaces (which go), and between two
 * characters when either is wide: CJK is written without spaces and may break between any
 * two of its characters (as Unicode's line breaking allows). A word (an id, a URL) longer
 * than the width is never split: its line runs over instead.
 */
export function wrap(text: string, width: number): string[] {
  if (width < 10 || cellWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const { gap, word } of words(text)) {
    const size = cellWidth(word);
    if (line !== '' && used + gap.length + size > width) {
      lines.push(line);
      line = '';
      used = 0;
    }
    // A line starts with its word (spaces at a break go), the text's own first line with its leading spaces too.
    const lead = line === '' && lines.length > 0 ? '' : gap;
    line += lead + word;
    used += lead.length + size;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** CJK punctuation a line does not start with (kinsoku): it stays with the character before it. */
const NO_LINE_START = /^[、。，．）」』】〕〉》！？ー…・：；]$/u;

/** What wrap() never splits: a run of narrow characters, or one wide character; each with the spaces before it. */
function words(text: string): { gap: string; word: string }[] {
  const found: { gap: string; word: string }[] = [];
  let gap = '';
  let joinable = false; // the last word is narrow: a narrow character continues it
  for (const { segment } of graphemes.segment(text)) {
    if (segment === ' ') {
      gap += ' ';
      joinable = false;
      continue;
    }
    const wide = cellWidth(segment) > 1;
    if ((joinable && !wide) || (gap === '' && found.length > 0 && NO_LINE_START.test(segment))) found[found.length - 1]!.word += segment;
    else found.push({ gap, word: segment });
    gap = '';
    joinable = !wide;
  }
  if (gap !== '' && found.length > 0) found[found.length - 1]!.word += gap; // trailing spaces stay with the last word
  return found;
}

/** Gap between table columns. */
const GAP = 2;
/** A cut free-text column keeps at least this much (or its header, if longer). */
const MIN_SHRUNK = 6;

/**
 * One record as a field/value table: each header in bold, its value beside it; a value
 * longer than the terminal leaves for it wraps under its own column at its spaces (a list
 * of scopes after each comma), so no word is broken: an id, an amount or a URL is one word
 * and stays whole on its line.
 */
export function recordTable<T>(item: T, view: View<T>, colors: Palette, width: number): string {
  const headerWidth = Math.max(...view.columns.map((c) => cellWidth(c.header)));
  const room = width - headerWidth - GAP;
  const lines = view.columns.map((c) => {
    const parts = wrap(tableText(c.value(item)), room);
    return parts
      .map((part, i) => `${i === 0 ? colors.bold(pad(c.header, headerWidth)) : ' '.repeat(headerWidth)}  ${c.style ? c.style(part, colors, item) : part}\n`)
      .join('');
  });
  return lines.join('');
}

/**
 * Column widths, in cells, for a table `width` cells wide. A table that fits is left as it
 * is; otherwise only free-text (`shrinkable`) columns are narrowed, the widest first, each
 * down to its header (or MIN_SHRUNK) at most. Ids, amounts and every other column keep
 * their natural width, even when the row then overflows a very narrow terminal.
 */
export function layout(natural: readonly number[], columns: readonly Pick<Column<never>, 'header' | 'shrinkable'>[], width: number): number[] {
  const widths = [...natural];
  let excess = widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1) - width;
  const floor = columns.map((c, i) => Math.min(natural[i]!, Math.max(cellWidth(c.header), MIN_SHRUNK)));
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (columns[i]!.shrinkable && widths[i]! > floor[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    widths[widest]!--;
    excess--;
  }
  return widths;
}

/** What a free-text column asks of a row before low-value columns give way: a line worth reading. */
const FREE_TEXT_WANTS = 40;
/** How far a column shown under its row (View's `below`) is indented. */
const BELOW_INDENT = 4;

const PLAIN = palette(false);

/** A cell as the table shows it, colour aside: its text, styled (EXPIRES' empty value reads "never"). */
function shownText<T>(c: Column<T>, item: T): string {
  const text = tableText(c.value(item));
  return c.style ? c.style(text, PLAIN, item) : text;
}

/** The column showing its shorter form (Column's `narrow`) in place of its text. */
function narrowed<T>(c: Column<T>): Column<T> {
  const { narrow, value } = c;
  return narrow ? { ...c, value: (item) => narrow(value(item)) } : c;
}

/**
 * The columns a table shows, chosen on its first page (later pages keep them, so they line
 * up). A column empty on every row of that page goes (empty as shown: EXPIRES' "never" is
 * not). Then, while the page's rows would not fit the terminal with each free-text column
 * whole or FREE_TEXT_WANTS cells wide: the columns with a shorter form take it (a time its
 * date), then the view's `drop` columns go in its order. Last, while they would not fit even
 * with free text cut to its least, the last columns go, one by one. The first column (the id a
 * row is known by) always stays, and columns shown under the row take no width. What is still
 * too wide is for layout() to cut.
 */
export function fitColumns<T>(view: View<T>, rows: readonly T[], width: number): Column<T>[] {
  let columns = view.columns.filter((c, i) => i === 0 || rows.some((item) => shownText(c, item) !== ''));
  const natural = new Map<Column<T>, number>();
  const naturalOf = (c: Column<T>) => {
    let cells = natural.get(c);
    if (cells === undefined) natural.set(c, (cells = Math.max(cellWidth(c.header), ...rows.map((item) => cellWidth(shownText(c, item))))));
    return cells;
  };
  // Free text at what it asks for (wants) or at the least a cut leaves it (least).
  const wide = (free: 'wants' | 'least') =>
    columns
      .filter((c) => !c.below)
      .reduce((sum, c) => {
        const cells = naturalOf(c);
        const floor = Math.max(cellWidth(c.header), free === 'wants' ? FREE_TEXT_WANTS : MIN_SHRUNK);
        return sum + (c.shrinkable ? Math.min(cells, floor) : cells) + GAP;
      }, -GAP) > width;
  if (wide('wants')) columns = columns.map(narrowed);
  for (const name of view.drop ?? []) {
    if (!wide('wants')) break;
    columns = columns.filter((c, i) => i === 0 || c.name !== name);
  }
  while (wide('least')) {
    const last = columns.findLastIndex((c) => !c.below);
    if (last <= 0) break;
    columns = columns.filter((_, i) => i !== last);
  }
  return columns;
}

/**
 * A borderless table written page by page, laid out for the terminal's width (see layout):
 * its columns (fitColumns, unless chosen) and widths are set by the first page so later
 * pages line up without holding every row; a later page's longer value widens its column
 * (an id never loses a digit), and a column narrows again only when the row would
 * otherwise overflow the terminal.
 */
export class TableWriter<T> {
  private natural: number[] | undefined;
  private widths: number[] | undefined;
  private columns: readonly Column<T>[] | undefined;

  constructor(
    private readonly view: View<T>,
    private readonly colors: Palette,
    private readonly terminalWidth: number,
    /** Leave out empty and low-value columns to fit (not when --columns chose them). */
    private readonly fit: boolean,
  ) {}

  render(batch: readonly T[]): string {
    const columns = (this.columns ??= this.fit ? fitColumns(this.view, batch, this.terminalWidth) : this.view.columns);
    const inline = columns.filter((c) => !c.below);
    const below = columns.filter((c) => c.below);
    const cells = batch.map((item) => inline.map((c) => tableText(c.value(item))));
    const first = this.widths === undefined;
    // A styled cell can read longer than its value (an empty EXPIRES is "never"): the column holds what is shown.
    const needed = inline.map((c) => Math.max(cellWidth(c.header), ...batch.map((item) => cellWidth(shownText(c, item)))));
    this.natural = this.natural ? this.natural.map((w, i) => Math.max(w, needed[i]!)) : needed;
    const laid = layout(this.natural, inline, this.terminalWidth);
    const kept = this.widths ? laid.map((w, i) => Math.max(w, this.widths![i]!)) : laid;
    const widths = kept.reduce((sum, w) => sum + w + GAP, -GAP) <= this.terminalWidth ? kept : laid;
    this.widths = widths;
    const line = (row: string[]) =>
      `${row
        .map((cell, i) => pad(cell, widths[i]!))
        .join(' '.repeat(GAP))
        .trimEnd()}\n`;
    const indent = ' '.repeat(BELOW_INDENT);
    let text = first ? line(inline.map((c, i) => this.colors.bold(cut(c.header, widths[i]!)))) : '';
    batch.forEach((item, r) => {
      text += line(
        inline.map((c, i) => {
          const shown = (c.keepEnd ? cutStart : cut)(cells[r]![i]!, widths[i]!);
          return c.style ? c.style(shown, this.colors, item) : shown;
        }),
      );
      for (const c of below) {
        const value = tableText(c.value(item));
        if (value === '') continue;
        for (const part of wrap(`${c.below!.label}${value}`, this.terminalWidth - BELOW_INDENT))
          text += `${indent}${c.style ? c.style(part, this.colors, item) : part}\n`;
      }
    });
    return text;
  }
}
