// The command tree as the completion scripts see it: every command with its flags,
// arguments and the values each one takes. Read from the commander program itself, so the
// scripts cannot disagree with the parser; only what commander does not know comes from
// hints.ts.
import type { Argument, Command, Option } from 'commander';
import { ANY_FIELDS, jsonDeclaration } from '../core/output-options.js';
import { VALUE_HINTS, type ValueHint } from './hints.js';

export type Values =
  | { kind: 'none' }
  | { kind: 'words'; words: readonly string[] }
  | { kind: 'files' }
  | { kind: 'profiles' }
  /** A comma-separated list of these names: the fields --json selects. */
  | { kind: 'fields'; fields: readonly string[] };

export interface FlagModel {
  long?: string;
  short?: string;
  value: 'none' | 'required' | 'optional';
  values: Values;
  summary: string;
  /** --help and --version: nothing else follows them. */
  final: boolean;
}

export interface ArgumentModel {
  name: string;
  required: boolean;
  variadic: boolean;
  values: Values;
  summary: string;
}

export interface CommandModel {
  name: string;
  /** Space-separated command words below the program; '' for the program itself. */
  path: string;
  summary: string;
  flags: FlagModel[];
  args: ArgumentModel[];
  commands: CommandModel[];
}

export interface CompletionModel {
  bin: string;
  /** The program's options, which commander accepts after any subcommand too. */
  globals: FlagModel[];
  root: CommandModel;
}

/** Placeholders that name a file: `--data <file>`, `--file <path>`, `<file>`. */
const FILE_PLACEHOLDERS = new Set(['file', 'path']);
/** The scripts write words unquoted: keep them to characters no shell treats specially. */
const PLAIN_WORD = /^[A-Za-z0-9_./-]+$/;

export function completionModel(program: Command): CompletionModel {
  const unused = new Set(Object.entries(VALUE_HINTS).flatMap(([path, hints]) => Object.keys(hints).map((key) => hintKey(path, key))));
  const root = commandModel(program, '', [], unused);
  if (unused.size > 0) throw new Error(`completion hints name no flag or argument of the command tree: ${[...unused].join('; ')}`);
  return { bin: program.name(), globals: root.flags.filter((flag) => !flag.final), root };
}

function commandModel(command: Command, path: string, siblings: readonly string[], unused: Set<string>): CommandModel {
  const help = command.createHelp();
  const hints = VALUE_HINTS[path] ?? {};
  const take = (key: string): ValueHint | undefined => {
    unused.delete(hintKey(path, key));
    return hints[key];
  };
  // commander's help command (which has no parent link) takes the name of a sibling.
  const isHelpCommand = command.name() === 'help' && command.commands.length === 0;
  const subcommands = help.visibleCommands(command);
  const names = subcommands.map((sub) => sub.name()).filter((name) => name !== 'help');
  return {
    name: command.name(),
    path,
    summary: oneLine(command.summary() || command.description()),
    flags: help.visibleOptions(command).map((option) => withJsonFields(command, flagModel(option, option.long ? take(option.long) : undefined))),
    args: command.registeredArguments.map((argument, index) =>
      argumentModel(argument, isHelpCommand && index === 0 ? { words: siblings } : take(`<${argument.name()}>`)),
    ),
    commands: subcommands.map((sub) => commandModel(sub, path ? `${path} ${sub.name()}` : sub.name(), names, unused)),
  };
}

function flagModel(option: Option, hint: ValueHint | undefined): FlagModel {
  const placeholder = /[<[]([^>\]]*)[>\]]/.exec(option.flags)?.[1];
  return {
    ...(option.long ? { long: option.long } : {}),
    ...(option.short ? { short: option.short } : {}),
    value: option.required ? 'required' : option.optional ? 'optional' : 'none',
    values: option.required || option.optional ? valuesOf(option.flags, hint, option.argChoices, placeholder) : { kind: 'none' },
    summary: oneLine(option.description),
    final: option.long === '--help' || option.long === '--version',
  };
}

/** --json [fields] and --jsonl [fields] complete the field names the command declared (not for an answer of any shape); --columns its column names. */
function withJsonFields(command: Command, flag: FlagModel): FlagModel {
  const columns = jsonDeclaration(command)?.columns;
  if (flag.long === '--columns' && columns !== undefined) return { ...flag, values: { kind: 'fields', fields: columns } };
  const fields = jsonDeclaration(command)?.fields;
  if ((flag.long !== '--json' && flag.long !== '--jsonl') || flag.value !== 'optional' || fields === undefined || fields === ANY_FIELDS) return flag;
  const odd = fields.find((field) => !PLAIN_WORD.test(field));
  if (odd !== undefined) throw new Error(`--json of ${command.name()}: the field '${odd}' needs quoting, which the completion scripts do not do`);
  return { ...flag, values: { kind: 'fields', fields } };
}

function argumentModel(argument: Argument, hint: ValueHint | undefined): ArgumentModel {
  return {
    name: argument.name(),
    required: argument.required,
    variadic: argument.variadic,
    values: valuesOf(`<${argument.name()}>`, hint, argument.argChoices, argument.name()),
    summary: oneLine(argument.description),
  };
}

function valuesOf(what: string, hint: ValueHint | undefined, choices: readonly string[] | undefined, placeholder: string | undefined): Values {
  if (hint && choices) throw new Error(`${what} has .choices(): drop its completion hint`);
  const words = choices ?? (hint && 'words' in hint ? hint.words : undefined);
  if (words) {
    const odd = words.find((word) => !PLAIN_WORD.test(word));
    if (odd !== undefined) throw new Error(`${what}: the value '${odd}' needs quoting, which the completion scripts do not do`);
    return { kind: 'words', words };
  }
  if (hint && 'profiles' in hint) return { kind: 'profiles' };
  if ((hint && 'files' in hint) || (placeholder !== undefined && FILE_PLACEHOLDERS.has(placeholder))) return { kind: 'files' };
  return { kind: 'none' };
}

function hintKey(path: string, key: string): string {
  return path ? `${path} ${key}` : key;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
