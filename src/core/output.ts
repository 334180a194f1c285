// The one exporter. Commands hand it data and a view; it writes JSON, JSON Lines, a table
// (stdout is a terminal) or tab-separated rows (piped). No command formats output itself.
import { RuntimeError, UsageError } from './errors.js';
import { escapeControls, writeWithBackpressure, type IO } from './io.js';
import { LosslessNumber, isLosslessNumber, parseJson, toJson } from './json.js';
import { palette, type Palette } from './colors.js';
import type { ANY_FIELDS, OutputFlags } from './output-options.js';
import type { OutputFormat } from './defaults.js';
import type { JqFilter } from './jq.js';

export interface Column<T> {
  header: string;
  /** The column's name in a listing (the names its command declares): what --columns and View.drop name. */
  name?: string;
  value(item: T): string;
  /** Free text that a table may cut to fit the terminal's width, and a detail view wraps (never ids or amounts). */
  shrinkable?: boolean;
  /** Colour for the table cell only; TSV and JSON never carry colour. */
  style?(text: string, colors: Palette, item: T): string;
}

/** How records read in a table or as TSV rows; --json shows the records themselves. */
export interface View<T> {
  columns: readonly Column<T>[];
  /**
   * Named columns a table leaves out, in this order, while its first page is wider than the
   * terminal: the least useful first (never an id the row is known by, nor an amount).
   */
  drop?: readonly string[];
}

/** A listing's view: `columns` in `order`, each under its name (for --columns and `drop`). */
export function listView<N extends string, T>(columns: Readonly<Record<N, Column<T>>>, order: readonly N[], drop: readonly N[] = []): View<T> {
  return { columns: order.map((name) => ({ ...columns[name], name })), drop };
}

export type Mode = { kind: 'json'; fields?: string[] } | { kind: 'jsonl'; fields?: string[] } | { kind: 'table' } | { kind: 'tsv' };

export class Output {
  private readonly mode: Mode;
  /** A value as one TSV cell: lossless (see escapeTsv), other control characters made visible when a terminal shows it. */
  private readonly cell: (text: string) => string;
  /** --json's indent: JSON is indented for a person (a terminal), one compact line piped, as gh and --jq do. */
  private readonly indent: number | undefined;
  /** --columns: the columns a listing shows, by name, in this order (checked against the declared names at parsing). */
  private readonly chosen: readonly string[] | undefined;

  /** `format`: the profile's `output` default, for when the flags ask for nothing. */
  constructor(
    private readonly io: IO,
    flags: OutputFlags,
    validFields: readonly string[] | typeof ANY_FIELDS,
    format: OutputFormat = 'table',
    /** --jq: the compiled program every JSON text goes through before stdout. */
    private readonly jq?: JqFilter,
  ) {
    // The fields come with --jsonl or with --json (--json and --jsonl together are refused at parsing).
    const [flag, asked] = typeof flags.jsonl === 'string' ? ['--jsonl', flags.jsonl] : ['--json', flags.json];
    this.mode = outputMode(flags, selectedFields(asked, validFields, flag), format, io.isStdoutTTY);
    // Piped TSV keeps every byte, escaped only where a tab, a line break or a backslash would
    // mislead `cut`/`read` (escapeTsv); JSON is always exact (JSON escapes C0 itself).
    this.cell = io.isStdoutTTY ? (text) => escapeControls(escapeTsv(text)) : escapeTsv;
    this.indent = io.isStdoutTTY ? 2 : undefined;
    this.chosen = flags.columns;
  }

  /** The names --columns chose, when it was given. */
  get chosenColumns(): readonly string[] | undefined {
    return this.chosen;
  }

  /** A table for a person (a terminal, and no --json nor an output default of tsv/json). */
  get isTable(): boolean {
    return this.mode.kind === 'table';
  }

  get isJson(): boolean {
    return this.mode.kind === 'json' || this.mode.kind === 'jsonl';
  }

  /** One record: JSON object, a two-column table, or `field<TAB>value` lines. */
  async item<T extends object>(item: T, view: View<T>): Promise<void> {
    switch (this.mode.kind) {
      case 'json':
        if (this.jq) return this.filtered(toJson(pick(item, this.mode.fields)));
        return this.write(`${toJson(pick(item, this.mode.fields), this.indent)}\n`);
      case 'jsonl':
        return this.writeJson(`${toJson(pick(item, this.mode.fields))}\n`);
      case 'tsv':
        return this.write(view.columns.map((c) => `${recordKey(c.header)}\t${this.cell(c.value(item))}\n`).join(''));
      case 'table': {
        const colors = palette(this.io.colorOut);
        const width = Math.max(...view.columns.map((c) => c.header.length));
        // Free text longer than the terminal leaves for it wraps under its own column; ids and amounts stay whole on one line.
        const room = terminalWidth(this.io) - width - 2;
        const lines = view.columns.map((c) => {
          const text = tableText(c.value(item));
          const parts = c.shrinkable ? wrap(text, room) : [text];
          return parts.map((part, i) => `${i === 0 ? colors.bold(c.header.padEnd(width)) : ' '.repeat(width)}  ${c.style ? c.style(part, colors, item) : part}\n`).join('');
        });
        return this.write(lines.join(''));
      }
    }
  }

  /**
   * Many records, streamed as they arrive: JSON is written as one array without holding
   * it, so memory stays flat however long the listing. Returns how many were written.
   */
  async list<T extends object>(items: AsyncIterable<T[]> | T[][], view: View<T>, emptyMessage: string): Promise<number> {
    if (this.jq && this.mode.kind === 'json') return this.filteredList(items, this.mode.fields);
    let count = 0;
    const shown = this.shownView(view);
    // Chosen columns are shown as chosen; otherwise the table picks its columns to fit (fitColumns).
    const table = this.mode.kind === 'table' ? new TableWriter(shown, palette(this.io.colorOut), terminalWidth(this.io), this.chosen === undefined) : undefined;
    for await (const batch of items) {
      if (batch.length === 0) continue;
      let chunk = '';
      switch (this.mode.kind) {
        case 'json':
          for (const item of batch) {
            const json = toJson(pick(item, this.mode.fields), this.indent);
            chunk += this.indent === undefined ? `${count++ === 0 ? '[' : ','}${json}` : `${count++ === 0 ? '[\n' : ',\n'}${indent(json)}`;
          }
          break;
        case 'jsonl':
          for (const item of batch) chunk += `${toJson(pick(item, this.mode.fields))}\n`;
          count += batch.length;
          if (this.jq) chunk = this.jq.run(chunk, this.warn);
          break;
        case 'tsv':
          for (const item of batch) chunk += `${shown.columns.map((c) => this.cell(c.value(item))).join('\t')}\n`;
          count += batch.length;
          break;
        case 'table':
          chunk = await table!.render(batch);
          count += batch.length;
          break;
      }
      await this.write(chunk);
    }
    if (this.mode.kind === 'json') await this.write(count === 0 ? '[]\n' : this.indent === undefined ? ']\n' : '\n]\n');
    if (count === 0 && this.mode.kind === 'table' && this.io.isStderrTTY) this.io.err(`${emptyMessage}\n`);
    return count;
  }

  /** One value of a record (`config get`): the record as JSON, or the bare value alone. */
  async value<T extends object>(item: T, text: string): Promise<void> {
    if (this.mode.kind === 'json' || this.mode.kind === 'jsonl') return this.writeJson(`${toJson(pick(item, this.mode.fields), this.mode.kind === 'json' ? this.indent : undefined)}\n`);
    return this.write(`${this.mode.kind === 'table' ? tableText(text) : this.cell(text)}\n`);
  }

  /** A count: `{"count": N}` as an integer, or the bare number. */
  async count(value: string): Promise<void> {
    if (this.mode.kind === 'json' || this.mode.kind === 'jsonl') {
      const body = toJson({ count: new LosslessNumber(value) }, this.mode.kind === 'json' ? this.indent : undefined);
      return this.writeJson(`${body}\n`);
    }
    return this.write(`${value}\n`);
  }

  /**
   * A response body as the store sent it (the api command). Piped, its exact text; in a
   * terminal or with --json, JSON losslessly (indented in a terminal, one line piped), and
   * --json a,b keeps those top-level fields. A body that is not JSON is written as it came.
   */
  async body(text: string): Promise<void> {
    if (text === '') return;
    const fields = this.mode.kind === 'json' ? this.mode.fields : undefined;
    if (this.jq) {
      let value: unknown;
      try {
        value = parseJson(text);
      } catch {
        throw new RuntimeError(`The store's answer is not JSON, so --jq cannot filter it.`);
      }
      // The exact text when nothing is selected first: jq reads the store's own bytes.
      return this.filtered(fields ? toJson(selectFields(value, fields)) : text);
    }
    if (this.mode.kind === 'tsv' || this.mode.kind === 'jsonl') return this.write(text);
    let value: unknown;
    try {
      value = parseJson(text);
    } catch {
      if (fields) throw new RuntimeError(`The store's answer is not JSON, so --json cannot select ${fields.join(', ')} from it.`);
      const shown = this.io.isStdoutTTY ? escapeControls(text) : text;
      return this.write(shown.endsWith('\n') ? shown : `${shown}\n`);
    }
    return this.write(`${toJson(selectFields(value, fields), this.indent)}\n`);
  }

  /** JSON values, one compact line each (JSON Lines), streamed batch by batch; --json a,b keeps those fields. */
  async lines(batches: AsyncIterable<unknown[]>): Promise<number> {
    const fields = this.mode.kind === 'json' || this.mode.kind === 'jsonl' ? this.mode.fields : undefined;
    let count = 0;
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      await this.writeJson(batch.map((value) => `${toJson(selectFields(value, fields))}\n`).join(''));
      count += batch.length;
    }
    return count;
  }

  /** JSON text for stdout, through --jq when given (each JSON value of the text is one input). */
  private writeJson(text: string): Promise<void> {
    return this.jq ? this.filtered(text) : this.write(text);
  }

  private filtered(text: string): Promise<void> {
    const output = this.jq!.run(text, this.warn);
    return output === '' ? Promise.resolve() : this.write(output);
  }

  /**
   * --jq over a whole listing: jq needs the one array it runs over, so the records are
   * gathered (as compact JSON text, never re-parsed) and filtered once at the end; nothing is
   * printed before jq has run, so an error leaves stdout empty.
   */
  private async filteredList<T extends object>(items: AsyncIterable<T[]> | T[][], fields: string[] | undefined): Promise<number> {
    const parts: string[] = [];
    for await (const batch of items) for (const item of batch) parts.push(toJson(pick(item, fields)));
    await this.filtered(`[${parts.join(',')}]`);
    return parts.length;
  }

  private readonly warn = (text: string): void => this.io.err(text);

  /** The view with only the --columns chosen, in their order; the view itself without --columns. */
  private shownView<T>(view: View<T>): View<T> {
    if (!this.chosen) return view;
    const columns = this.chosen.map((name) => {
      const column = view.columns.find((c) => c.name === name);
      if (!column) throw new UsageError(`--columns: this output has no column ${name}; its columns: ${view.columns.map((c) => c.name ?? c.header).join(', ')}.`);
      return column;
    });
    return { columns };
  }

  private write(text: string): Promise<void> {
    return writeWithBackpressure(this.io.stdout, text);
  }
}

/**
 * Flags first (--jsonl, then --json; --columns asks for rows), then, in a terminal only, the
 * `output` default: `tsv` is TSV in a terminal too, `json`/`jsonl` as if the flag were given.
 * Piped, rows are TSV whatever the profile says, so a script run under any profile gets what
 * it `cut`s unless it asks for JSON itself.
 */
export function outputMode(flags: OutputFlags, fields: string[] | undefined, format: OutputFormat, isStdoutTTY: boolean): Mode {
  if (flags.jsonl !== undefined && flags.jsonl !== false) return { kind: 'jsonl', ...(fields ? { fields } : {}) };
  if ((flags.json !== undefined && flags.json !== false) || flags.jq !== undefined) return { kind: 'json', ...(fields ? { fields } : {}) };
  if (!isStdoutTTY) return { kind: 'tsv' };
  if ((format === 'json' || format === 'jsonl') && flags.columns === undefined) return { kind: format };
  return format === 'tsv' ? { kind: 'tsv' } : { kind: 'table' };
}

function selectedFields(json: string | boolean | undefined, valid: readonly string[] | typeof ANY_FIELDS, flag: string): string[] | undefined {
  if (typeof json !== 'string') return undefined;
  const fields = json
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (fields.length === 0) return undefined;
  if (valid === 'any') return fields; // ANY_FIELDS, compared by value: the exporter's chunk shares none with the help path
  const unknown = fields.filter((f) => !valid.includes(f));
  if (unknown.length > 0) {
    throw new UsageError(`Unknown field${unknown.length > 1 ? 's' : ''} for ${flag}: ${unknown.join(', ')}. Valid fields: ${valid.join(', ')}.`);
  }
  return fields;
}

function pick(item: object, fields: readonly string[] | undefined): object {
  if (!fields) return item;
  const record = item as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  // A field the store did not send is null: --json a,b always has the same shape, as gh's.
  for (const field of fields) picked[field] = record[field] === undefined ? null : record[field];
  return picked;
}

/** Top-level fields of an object, or of each object of an array; anything else as it is. */
function selectFields(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields) return value;
  const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v) && !isLosslessNumber(v);
  if (isObject(value)) return pick(value, fields);
  if (Array.isArray(value)) return value.map((item) => (isObject(item) ? pick(item, fields) : item));
  return value;
}

/**
 * A record's key when piped: its table header, upper case, a space as `_` (`BASE URL` ->
 * `BASE_URL`, `WEBHOOK ID` -> `WEBHOOK_ID`), so every key is one word `awk` and `grep ^KEY`
 * match the same way.
 */
export function recordKey(header: string): string {
  return header.toUpperCase().replace(/ /g, '_');
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

/** The width tables lay out for: the terminal's, or 80 columns when it is not known. */
export function terminalWidth(io: IO): number {
  return io.stdoutColumns ?? 80;
}

const TSV_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const TSV_UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/**
 * A value as one TSV cell, losslessly: backslash, tab, newline and carriage return become
 * `\\`, `\t`, `\n`, `\r`; every other character is kept as it is. `unescapeTsv` (or
 * `printf '%b'`) gives back the exact value.
 */
export function escapeTsv(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c]!);
}

/** The inverse of escapeTsv. */
export function unescapeTsv(cell: string): string {
  return cell.replace(/\\([\\tnr])/g, (_, c: string) => TSV_UNESCAPES[c]!);
}

/** A value on one line of a table, for a person: line breaks and tabs as spaces, control characters visible. */
function tableText(text: string): string {
  return escapeControls(text.replace(/\r\n|[\r\n\t]/g, ' '));
}

/**
 * Text in lines of at most `width` characters, broken at spaces only: a word (an id, a URL)
 * longer than the width is never split, its line runs over instead.
 */
function wrap(text: string, width: number): string[] {
  if (width < 10 || text.length <= width) return [text];
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const before = rest.lastIndexOf(' ', width);
    const cut = before > 0 ? before : rest.indexOf(' ', width);
    if (cut <= 0) break;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '') lines.push(rest);
  return lines;
}

/** Gap between table columns. */
const GAP = 2;
/** A cut free-text column keeps at least this much (or its header, if longer). */
const MIN_SHRUNK = 6;

/**
 * Column widths for a table `width` characters wide. A table that fits is left as it is;
 * otherwise only free-text (`shrinkable`) columns are narrowed, the widest first, each down
 * to its header (or MIN_SHRUNK) at most. Ids, amounts and every other column keep their
 * natural width, even when the row then overflows a very narrow terminal.
 */
export function layout(natural: readonly number[], columns: readonly Pick<Column<never>, 'header' | 'shrinkable'>[], width: number): number[] {
  const widths = [...natural];
  let excess = widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1) - width;
  const floor = columns.map((c, i) => Math.min(natural[i]!, Math.max(c.header.length, MIN_SHRUNK)));
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

/**
 * The columns a table shows, chosen on its first page (later pages keep them, so they line
 * up): a column empty on every row of that page goes (empty as shown: EXPIRES' "never" is
 * not), then the view's `drop` columns in its order while the page's rows would not fit the
 * terminal with each free-text column whole or FREE_TEXT_WANTS characters wide. The first
 * column (the id a row is known by) always stays. What is still too wide is for layout() to cut.
 */
export function fitColumns<T>(view: View<T>, rows: readonly T[], width: number): Column<T>[] {
  const plain = palette(false);
  const shown = (c: Column<T>, item: T) => {
    const text = tableText(c.value(item));
    return c.style ? c.style(text, plain, item) : text;
  };
  let columns = view.columns.filter((c, i) => i === 0 || rows.some((item) => shown(c, item) !== ''));
  const wants = (c: Column<T>) => {
    const natural = Math.max(c.header.length, ...rows.map((item) => tableText(c.value(item)).length));
    return c.shrinkable ? Math.min(natural, Math.max(c.header.length, FREE_TEXT_WANTS)) : natural;
  };
  const natural = new Map(columns.map((c) => [c, wants(c)]));
  const wide = () => columns.reduce((sum, c) => sum + natural.get(c)! + GAP, -GAP) > width;
  for (const name of view.drop ?? []) {
    if (!wide()) break;
    columns = columns.filter((c, i) => i === 0 || c.name !== name);
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
class TableWriter<T> {
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

  async render(batch: T[]): Promise<string> {
    const { default: Table } = await import('cli-table3');
    const columns = (this.columns ??= this.fit ? fitColumns(this.view, batch, this.terminalWidth) : this.view.columns);
    const cells = batch.map((item) => columns.map((c) => tableText(c.value(item))));
    const first = this.widths === undefined;
    const needed = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i]!.length)));
    this.natural = this.natural ? this.natural.map((w, i) => Math.max(w, needed[i]!)) : needed;
    const laid = layout(this.natural, columns, this.terminalWidth);
    const kept = this.widths ? laid.map((w, i) => Math.max(w, this.widths![i]!)) : laid;
    const widths = kept.reduce((sum, w) => sum + w + GAP, -GAP) <= this.terminalWidth ? kept : laid;
    this.widths = widths;
    const table = new Table({
      chars: {
        top: '',
        'top-mid': '',
        'top-left': '',
        'top-right': '',
        bottom: '',
        'bottom-mid': '',
        'bottom-left': '',
        'bottom-right': '',
        left: '',
        'left-mid': '',
        mid: '',
        'mid-mid': '',
        right: '',
        'right-mid': '',
        middle: '  ',
      },
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
      colWidths: widths,
      wordWrap: false,
    });
    if (first) table.push(columns.map((c, i) => this.colors.bold(fit(c.header, widths[i]!))));
    batch.forEach((item, r) => {
      table.push(
        columns.map((c, i) => {
          const text = fit(cells[r]![i]!, widths[i]!);
          return c.style ? c.style(text, this.colors, item) : text;
        }),
      );
    });
    return `${table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')}\n`;
  }
}

/** Text cut to `width` with an ellipsis, never between the two halves of a character outside the BMP (an emoji). */
function fit(text: string, width: number): string {
  if (text.length <= width) return text;
  let end = Math.max(0, width - 1);
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
  return `${text.slice(0, end)}…`;
}
