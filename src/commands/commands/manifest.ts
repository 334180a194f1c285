// The command manifest (`store-cli commands --json`): every command of the tree as data, for
// agents and scripts that must know before running one what it changes. Read from the
// commander program itself, as --help and the completion scripts are, and from what each verb
// declared (verb.ts verbTraits: mutates, destructive, asks, bulk): nothing here repeats a
// command's flags. schemas/commands.schema.json describes the result; bump MANIFEST_VERSION
// on a change a reader must know about.
import type { Argument, Command, Option } from 'commander';
import { ExitCode } from '../../core/errors.js';
import { ANY_FIELDS, jsonDeclaration } from '../../core/output-options.js';
import { repeatable } from '../types.js';
import { verbTraits } from '../verb.js';
import { scopesOf } from './documented-scopes.js';

export const MANIFEST_VERSION = 1;

export interface FlagEntry {
  /** `--dry-run`; a flag with no long form goes by its short one. */
  name: string;
  short?: string;
  /** none: a switch; required: `--limit <n>`; optional: `--json [fields]`. */
  value: 'none' | 'required' | 'optional';
  placeholder?: string;
  choices?: string[];
  /** Given once per value (`--tag a --tag b`). */
  repeatable: boolean;
  /** The command refuses to run without it. */
  mandatory: boolean;
  default?: string;
  summary: string;
}

export interface ArgumentEntry {
  name: string;
  required: boolean;
  variadic: boolean;
  choices?: string[];
  summary: string;
}

export interface CommandEntry {
  /** Words after the program's name: `giftcard create`. */
  path: string;
  summary: string;
  usage: string;
  args: ArgumentEntry[];
  /** Its own flags; the program's (globalFlags) are accepted too. */
  flags: FlagEntry[];
  /** It changes anything: a store, what this machine keeps, or a webhook handler it sends to. */
  mutates: boolean;
  /** Its changes stay on this machine (profiles, settings, a sandbox). */
  local: boolean;
  /** It may change or remove what exists, not only add. */
  destructive: boolean;
  /** It has --dry-run: the requests it would send, printed, nothing sent. */
  dryRun: boolean;
  /** It may ask on the terminal: its own question, or a protected store's before a write. */
  mayPrompt: boolean;
  /** Any one of these access scopes; null where the service documents none. */
  scopes: readonly string[] | null;
  exitCodes: number[];
  /** What --json may select: the field names, 'any' for an answer of any shape; null without --json. */
  json: { fields: readonly string[] | typeof ANY_FIELDS; list: boolean } | null;
}

export interface Manifest {
  manifestVersion: number;
  bin: string;
  version: string;
  globalFlags: FlagEntry[];
  exitCodes: Record<string, string>;
  commands: CommandEntry[];
}

/** What each exit code means (DESIGN's table, as the root --help prints it). */
const EXIT_MEANINGS: Readonly<Record<number, string>> = {
  [ExitCode.ok]: 'success (an empty listing too)',
  [ExitCode.failure]: 'request or runtime failure',
  [ExitCode.usage]: 'invalid usage or input: nothing was sent (also a declined confirmation)',
  [ExitCode.partial]: 'partial failure of a bulk operation: see its report',
  [ExitCode.auth]: 'authentication or permission refused (or no credentials)',
  [ExitCode.interrupted]: 'interrupted (Ctrl-C)',
};

/** The manifest of `program`: every command that runs something, depth first in declaration order. */
export function buildManifest(program: Command, version: string): Manifest {
  const commands: CommandEntry[] = [];
  const walk = (command: Command, words: readonly string[]) => {
    for (const sub of command.commands) {
      // commander's own `help` command runs nothing of ours.
      if (sub.name() === 'help' && sub.commands.length === 0 && verbTraits(sub) === undefined) continue;
      const path = [...words, sub.name()];
      if (verbTraits(sub) !== undefined || sub.commands.length === 0) commands.push(commandEntry(sub, path.join(' ')));
      walk(sub, path);
    }
  };
  walk(program, []);
  const help = program.createHelp();
  return {
    manifestVersion: MANIFEST_VERSION,
    bin: program.name(),
    version,
    globalFlags: help
      .visibleOptions(program)
      .filter((o) => o.long !== '--help' && o.long !== '--version')
      .map(flagEntry),
    exitCodes: Object.fromEntries(Object.entries(EXIT_MEANINGS)),
    commands,
  };
}

/** A command and what its verb declared; a command no verb declared is an error the manifest test reports by path. */
function commandEntry(command: Command, path: string): CommandEntry {
  const traits = verbTraits(command);
  if (traits === undefined) throw new Error(`${path}: no verb declared it, so nothing says whether it mutates (declare it with defineVerb)`);
  const help = command.createHelp();
  const flags = help
    .visibleOptions(command)
    .filter((o) => o.long !== '--help')
    .map(flagEntry);
  const json = jsonDeclaration(command);
  const local = traits.local === true;
  return {
    path,
    summary: oneLine(command.description()),
    usage: help.commandUsage(command),
    args: command.registeredArguments.map(argumentEntry),
    flags,
    mutates: traits.mutates,
    local,
    destructive: traits.destructive === true,
    dryRun: flags.some((flag) => flag.name === '--dry-run'),
    // A write to a store may meet a protected store's question (store-guard.ts).
    mayPrompt: traits.asks === true || (traits.mutates && !local),
    scopes: scopesOf(path, traits.mutates),
    exitCodes: [ExitCode.ok, ExitCode.failure, ExitCode.usage, ...(traits.bulk ? [ExitCode.partial] : []), ExitCode.auth, ExitCode.interrupted],
    json: json === undefined ? null : { fields: json.fields, list: json.list === true },
  };
}

function flagEntry(option: Option): FlagEntry {
  const placeholder = /[<[]([^>\]]*)[>\]]/.exec(option.flags)?.[1];
  const value: unknown = option.defaultValue;
  const shown = value === undefined || (Array.isArray(value) && value.length === 0) ? undefined : Array.isArray(value) ? value.join(',') : String(value);
  return {
    name: option.long ?? option.short ?? option.flags,
    ...(option.long && option.short ? { short: option.short } : {}),
    value: option.required ? 'required' : option.optional ? 'optional' : 'none',
    ...(placeholder !== undefined ? { placeholder } : {}),
    ...(option.argChoices ? { choices: [...option.argChoices] } : {}),
    repeatable: option.parseArg === repeatable,
    mandatory: option.mandatory,
    // A switch's default (false, or true for --no-x) says nothing a reader needs.
    ...(shown !== undefined && (option.required || option.optional) ? { default: shown } : {}),
    summary: oneLine(option.description),
  };
}

function argumentEntry(argument: Argument): ArgumentEntry {
  return {
    name: argument.name(),
    required: argument.required,
    variadic: argument.variadic,
    ...(argument.argChoices ? { choices: [...argument.argChoices] } : {}),
    summary: oneLine(argument.description),
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
