// What each command's --help says, as data: the summary, usage, arguments, options and
// examples, read from the commander tree itself. The manual's command reference
// (docs/reference.md, scripts/reference.mjs) and the help audit test both read it, so neither can drift
// from what `--help` prints.
import type { EventEmitter } from 'node:events';
import type { Argument, Command, Option } from 'commander';
import { ANY_FIELDS, jsonDeclaration } from '../src/core/output-options.js';

export interface OptionDoc {
  flags: string;
  /** The description as --help shows it, choices and default included. */
  description: string;
  takesValue: boolean;
}

export interface CommandDoc {
  /** Words after `store-cli`: '' for the program, 'giftcard search' for a verb. */
  path: string;
  usage: string;
  summary: string;
  arguments: { term: string; description: string }[];
  options: OptionDoc[];
  /** The `$ ...` lines of the Examples section, without the `$ `. */
  examples: string[];
  /** A command that runs something (a verb), not a group of commands. */
  leaf: boolean;
  /** The fields `--json` accepts, as the command declared them (absent: no --json, or any field). */
  jsonFields?: readonly string[];
  /** A listing's tab-separated columns, in order, and what its rows are when not the records. */
  tsv?: { columns: readonly string[]; rows?: string };
}

/** Every command of the tree, the program first, depth first in declaration order. */
export function describeTree(program: Command): CommandDoc[] {
  const docs: CommandDoc[] = [];
  const walk = (command: Command, words: string[]) => {
    docs.push(describe(command, words));
    for (const sub of command.commands) walk(sub, [...words, sub.name()]);
  };
  walk(program, []);
  return docs;
}

function describe(command: Command, words: string[]): CommandDoc {
  const help = command.createHelp();
  const option = (o: Option): OptionDoc => ({ flags: help.optionTerm(o), description: help.optionDescription(o), takesValue: o.required || o.optional });
  return {
    path: words.join(' '),
    usage: help.commandUsage(command),
    summary: help.commandDescription(command),
    arguments: help.visibleArguments(command).map((a: Argument) => ({ term: argumentTerm(a), description: help.argumentDescription(a) })),
    // The help option is on every command and says nothing new.
    options: help
      .visibleOptions(command)
      .filter((o) => o.long !== '--help')
      .map(option),
    examples: examplesOf(afterText(command)),
    leaf: command.commands.length === 0,
    ...jsonDoc(command),
  };
}

/** What the command declared for --json: the same declaration its --help lists. */
function jsonDoc(command: Command): Pick<CommandDoc, 'jsonFields' | 'tsv'> {
  const json = jsonDeclaration(command);
  if (json === undefined) return {};
  return {
    ...(json.fields === ANY_FIELDS ? {} : { jsonFields: json.fields }),
    ...(json.columns ? { tsv: { columns: json.columns, ...(json.rows ? { rows: json.rows } : {}) } } : {}),
  };
}

/** `<file>`, `[name]`, `[command...]`: as the usage line writes it. */
function argumentTerm(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/** The text addHelpText('after', ...) adds, got by asking the command's own listeners. */
function afterText(command: Command): string {
  const chunks: string[] = [];
  // A Command is an EventEmitter (commander's typings leave that out).
  (command as unknown as EventEmitter).emit('afterHelp', { error: false, command, write: (text: string) => chunks.push(text) });
  return chunks.join('');
}

function examplesOf(text: string): string[] {
  const section = /^Examples:\n((?: {2}\$ .*\n?)+)/m.exec(text);
  return section
    ? section[1]!
        .trimEnd()
        .split('\n')
        .map((line) => line.replace(/^ {2}\$ /, ''))
    : [];
}
