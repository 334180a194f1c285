// The one exporter. Commands hand it data and a view; it writes JSON, JSON Lines, a table
// (stdout is a terminal) or tab-separated rows (piped). No command formats output itself.
import { RuntimeError, UsageError } from './errors.js';
import { escapeControls, writeWithBackpressure, type IO } from './io.js';
import { LosslessNumber, isLosslessNumber, parseJson, toJson } from './json.js';
import { palette } from './colors.js';
import { didYouMean } from './words.js';
import type { ANY_FIELDS, OutputFlags } from './output-options.js';
import type { OutputFormat } from './defaults.js';
import type { JqFilter } from './jq.js';
import type { TableWriter } from './table.js';
import type { View } from './view.js';

export { dateOf, listView, type Column, type View } from './view.js';

export type Mode = { kind: 'json'; fields?: string[] } | { kind: 'jsonl'; fields?: string[] } | { kind: 'table' } | { kind: 'tsv' };

export class Output {
  private readonly mode: Mode;
  /** A value as one TSV cell: lossless (see escapeTsv), other control characters made visible when a terminal shows it. */
  private readonly cell: (text: string) => string;
  /**
   * Text of the store's that no cell escaped (JSON, JSON Lines, jq's output, an answer as sent)
   * as it reaches stdout: exact when piped, its control and bidi characters escaped in a
   * terminal (escapeControls, which keeps JSON valid and equal).
   */
  private readonly shown: (text: string) => string;
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
    const selected = selectedFields(asked, validFields, flag);
    // `id` as the record holds it: `id|orderId` takes the first the record has (pick).
    const idFields = flags.idFields;
    this.mode = outputMode(
      flags,
      idFields && selected ? selected.map((field) => (field === 'id' ? idFields.join('|') : field)) : selected,
      format,
      io.isStdoutTTY,
    );
    // Piped TSV keeps every byte, escaped only where a tab, a line break or a backslash would
    // mislead `cut`/`read` (escapeTsv); JSON is exact piped (it escapes C0 itself), and shown in a terminal.
    this.cell = io.isStdoutTTY ? (text) => escapeControls(escapeTsv(text)) : escapeTsv;
    this.shown = io.isStdoutTTY ? escapeControls : (text) => text;
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
        return this.writeData(`${toJson(pick(item, this.mode.fields), this.indent)}\n`);
      case 'jsonl':
        return this.writeJson(`${toJson(pick(item, this.mode.fields))}\n`);
      case 'tsv':
        return this.write(view.columns.map((c) => `${recordKey(c.header)}\t${this.cell(c.value(item))}\n`).join(''));
      case 'table': {
        const { recordTable } = await import('./table.js');
        return this.write(recordTable(item, view, palette(this.io.colorOut), terminalWidth(this.io)));
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
    let table: TableWriter<T> | undefined;
    if (this.mode.kind === 'table') {
      const { TableWriter } = await import('./table.js');
      table = new TableWriter(shown, palette(this.io.colorOut), terminalWidth(this.io), this.chosen === undefined);
    }
    const fields = this.mode.kind === 'json' || this.mode.kind === 'jsonl' ? this.mode.fields : undefined;
    // A store's run within a run across stores: the table it gathers the rows into needs their headers.
    if (this.mode.kind === 'tsv') this.io.onListColumns?.(shown.columns.map((c) => c.header));
    for await (const batch of items) {
      if (batch.length === 0) continue;
      let chunk = '';
      // Cells and table rows come escaped; JSON is escaped whole as it goes out.
      let escaped = true;
      switch (this.mode.kind) {
        case 'json':
          for (const item of batch) {
            const json = toJson(pick(item, this.mode.fields), this.indent);
            chunk += this.indent === undefined ? `${count++ === 0 ? '[' : ','}${json}` : `${count++ === 0 ? '[\n' : ',\n'}${indent(json)}`;
            // A page of huge records goes out as it is made, not held whole a second time.
            if (chunk.length >= FLUSH_AT) {
              await this.writeData(chunk);
              chunk = '';
            }
          }
          escaped = false;
          break;
        case 'jsonl':
          if (this.jq) {
            chunk = this.jq.run(batch.map((item) => `${toJson(pick(item, fields))}\n`).join(''), this.warn);
          } else {
            for (const item of batch) {
              chunk += `${toJson(pick(item, fields))}\n`;
              if (chunk.length >= FLUSH_AT) {
                await this.writeData(chunk);
                chunk = '';
              }
            }
          }
          count += batch.length;
          escaped = false;
          break;
        case 'tsv':
          for (const item of batch) chunk += `${shown.columns.map((c) => this.cell(c.value(item))).join('\t')}\n`;
          count += batch.length;
          break;
        case 'table':
          chunk = table!.render(batch);
          count += batch.length;
          break;
      }
      await (escaped ? this.write(chunk) : this.writeData(chunk));
    }
    if (this.mode.kind === 'json') await this.write(count === 0 ? '[]\n' : this.indent === undefined ? ']\n' : '\n]\n');
    if (count === 0 && this.mode.kind === 'table' && this.io.isStderrTTY) this.io.err(`${emptyMessage}\n`);
    return count;
  }

  /** One value of a record (`config get`): the record as JSON, or the bare value alone. */
  async value<T extends object>(item: T, text: string): Promise<void> {
    if (this.mode.kind === 'json' || this.mode.kind === 'jsonl')
      return this.writeJson(`${toJson(pick(item, this.mode.fields), this.mode.kind === 'json' ? this.indent : undefined)}\n`);
    if (this.mode.kind !== 'table') return this.write(`${this.cell(text)}\n`);
    const { tableText } = await import('./table.js');
    return this.write(`${tableText(text)}\n`);
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
    if (this.mode.kind === 'tsv' || this.mode.kind === 'jsonl') return this.writeData(text);
    let value: unknown;
    try {
      value = parseJson(text);
    } catch {
      if (fields) throw new RuntimeError(`The store's answer is not JSON, so --json cannot select ${fields.join(', ')} from it.`);
      return this.writeData(text.endsWith('\n') ? text : `${text}\n`);
    }
    return this.writeData(`${toJson(selectFields(value, fields), this.indent)}\n`);
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
    return this.jq ? this.filtered(text) : this.writeData(text);
  }

  private filtered(text: string): Promise<void> {
    const output = this.jq!.run(text, this.warn);
    return output === '' ? Promise.resolve() : this.writeData(output);
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
      if (!column)
        throw new UsageError(`--columns: this output has no column ${name}; its columns: ${view.columns.map((c) => c.name ?? c.header).join(', ')}.`);
      return column;
    });
    return { columns };
  }

  private write(text: string): Promise<void> {
    return writeWithBackpressure(this.io.stdout, text);
  }

  /** Text no cell escaped (see `shown`). */
  private writeData(text: string): Promise<void> {
    return this.write(this.shown(text));
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
    throw new UsageError(
      `Unknown field${unknown.length > 1 ? 's' : ''} for ${flag}: ` +
        `${unknown.map((f) => `${f}${didYouMean(f, valid)}`).join(', ')}. Valid fields: ${valid.join(', ')}.`,
    );
  }
  return fields;
}

function pick(item: object, fields: readonly string[] | undefined): object {
  if (!fields) return item;
  const record = item as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  // A field the store did not send is null: --json a,b always has the same shape, as gh's.
  for (const field of fields) {
    // `id|orderId`: the id under the name this record's store gave it.
    const name = field.includes('|') ? (field.split('|').find((alternative) => record[alternative] !== undefined) ?? field.split('|')[0]!) : field;
    picked[name] = record[name] === undefined ? null : record[name];
  }
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

/** JSON text of a listing is written once this much of it is made (UTF-16 units), so that a page of huge records is not held twice. */
const FLUSH_AT = 1 << 20;

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
