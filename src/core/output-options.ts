// The output flags every data command shares, and the one declaration of what --json may
// select. Kept apart from the exporter itself so that declaring them (for --help) loads
// nothing heavy. The declaration feeds --help, shell completion and the exporter alike.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { didYouMean } from './words.js';

export interface OutputFlags {
  json?: string | boolean;
  /** One object a line; like --json, optionally only some comma-separated fields. */
  jsonl?: string | boolean;
  /** A jq program run over the JSON (implies --json). */
  jq?: string;
  /** --columns: the table's or the rows' columns, by name, in this order (checked at parsing). */
  columns?: readonly string[];
  /** The declaration's `idFields`: the names a record's id goes by, as the stores of each dialect write it. */
  idFields?: readonly string[];
}

/** --json accepts any field name: an answer whose shape is not known before it comes (the api command). */
export const ANY_FIELDS = 'any';

export interface JsonDeclaration {
  /** The field names --json accepts, or ANY_FIELDS. */
  fields: readonly string[] | typeof ANY_FIELDS;
  /** A listing: --jsonl streams one object per line. */
  list?: boolean;
  /** What --json prints (default: the JSON exactly as the store sent it). */
  what?: string;
  /** The summary of --jsonl, when it is not the streaming form of a listing. */
  jsonl?: string;
  /** The columns of the tab-separated rows a piped listing prints, in their order. */
  columns?: readonly string[];
  /** What the piped rows are, when not the records themselves (product get: "variants"). */
  rows?: string;
  /**
   * The field `--json id` and `--columns id` stand for, where the records have no `id` of
   * their own: by default the noun's (`productId` on a product verb, `locationId` on a
   * location's), when it is one of the fields; `false` for none.
   */
  idField?: string | false;
  /** The column `--columns id` stands for, where the rows are not the records (product get's variants: `variantId`). */
  idColumn?: string;
  /**
   * The names the records' id goes by in the stores' dialects (an order: `id` in ours,
   * `orderId` in Genstore's): `--json id` takes whichever a record holds, under the store's name.
   */
  idFields?: readonly string[];
}

const declarations = new WeakMap<Command, JsonDeclaration>();

/** Declares --json [fields] (and --jsonl for listings) on a command, and what it may select. */
export function addOutputOptions(command: Command, json: JsonDeclaration): Command {
  const what = json.what ?? 'JSON exactly as the store sent it';
  const absent = json.what === undefined ? 'null where the store sent none' : 'null where one is absent';
  // `id` is one spelling on every noun: the name of the records' own id field where it is not `id` itself.
  const fieldAlias = json.fields === ANY_FIELDS ? undefined : idAlias(command, json.fields, json.idField);
  const aliased = (value: string) => (fieldAlias === undefined ? value : withAlias(value, fieldAlias));
  command.addOption(
    new Option('--json [fields]', `print ${what} (one line piped, indented in a terminal); optionally only these comma-separated fields, ${absent}`).argParser(
      aliased,
    ),
  );
  // Two output modes at once: commander refuses the pair (exit 2), naming both flags.
  if (json.list || json.jsonl) {
    const summary = json.jsonl ?? 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields';
    command.addOption(new Option('--jsonl [fields]', summary).argParser(aliased).conflicts('json'));
  }
  const over = json.list
    ? ' (once over the one array, every page of it with --all; with --jsonl once per line)'
    : json.jsonl
      ? ' (with --jsonl once per line)'
      : '';
  command.option('-q, --jq <expression>', `filter the JSON with jq${over}; implies --json; strings print raw, like jq -r`);
  // A command with columns (a listing, product's variants) lets a person or a script choose them.
  const names = json.columns;
  if (names) {
    const columnAlias = json.idColumn ?? idAlias(command, names, json.idField);
    command.addOption(
      new Option('--columns <names>', 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)')
        .argParser((value: string) => chosenColumns(columnAlias === undefined ? value : withAlias(value, columnAlias), names))
        .conflicts(json.list || json.jsonl ? ['json', 'jsonl', 'jq'] : ['json', 'jq']),
    );
  }
  declarations.set(command, json);
  return command;
}

/** The help text a declaration gives: the TSV columns of a listing and the fields --json accepts. */
export function jsonHelpText(json: JsonDeclaration): string {
  const rows = json.rows ? `the ${json.rows} are tab-separated rows` : 'rows are tab-separated';
  const columns = json.columns ? `\nPiped without --json, ${rows} in this column order:\n${wrapped(json.columns)}\n` : '';
  const fields = json.fields === ANY_FIELDS ? '' : `\nJSON fields:\n${wrapped(json.fields)}\n`;
  return columns + fields;
}

/** --columns' value: known names, each once; anything else names the culprit and lists the valid ones. */
export function chosenColumns(value: string, valid: readonly string[]): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new InvalidArgumentError(`--columns needs at least one column name. Valid columns: ${valid.join(', ')}.`);
  const unknown = names.filter((name) => !valid.includes(name));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `Unknown column${unknown.length > 1 ? 's' : ''} for --columns: ` +
        `${unknown.map((name) => `${name}${didYouMean(name, valid)}`).join(', ')}. Valid columns: ${valid.join(', ')}.`,
    );
  }
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new InvalidArgumentError(`--columns names ${twice} twice.`);
  return names;
}

/**
 * The field `id` stands for: none where `id` is a field itself or the declaration says none;
 * else the declared one, or the noun's own (`product list` -> productId) when it is a field.
 */
function idAlias(command: Command, names: readonly string[], declared: string | false | undefined): string | undefined {
  if (names.includes('id') || declared === false) return undefined;
  if (declared !== undefined) return declared;
  // A verb's noun is its parent; a noun that is itself the command (doctor) sits on the program.
  const noun = command.parent?.parent ? command.parent.name() : command.name();
  const field = `${noun}Id`;
  return names.includes(field) ? field : undefined;
}

/** A comma-separated list of names with each `id` spelled `alias` (an `id` typed beside it is one name). */
function withAlias(value: string, alias: string): string {
  return value
    .split(',')
    .map((name) => (name.trim() === 'id' ? alias : name))
    .join(',');
}

/** What a command declared for --json, if it has the flag (completion reads it). */
export function jsonDeclaration(command: Command): JsonDeclaration | undefined {
  return declarations.get(command);
}

/** Names, comma-separated, indented, in lines of at most 80 characters (the width help is rendered at). */
function wrapped(names: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const [index, name] of names.entries()) {
    const word = index < names.length - 1 ? `${name},` : name;
    if (line && line.length + 1 + word.length > 78) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `  ${l}`).join('\n');
}
