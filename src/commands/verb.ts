// A verb's command line as data: its arguments and flags are declared once, in an object
// whose keys are the names `run` reads them by. The commander declaration and the type of
// `run`'s options both derive from it, so renaming a flag breaks compilation wherever its
// value is read. Loads commander only (register() runs on the --help path).
import { Argument, InvalidArgumentError, Option, type Command } from 'commander';
import { addOutputOptions, jsonHelpText, type JsonDeclaration, type OutputFlags } from '../core/output-options.js';
import { kebab } from '../core/words.js';
import { examples, repeatable } from './types.js';

type Short = `-${string}`;
type Placeholder = `<${string}>`;

/** One flag: how to declare it under its key, and (in the type only) the value run() gets. */
export class Flag<T> {
  declare readonly value: T;
  constructor(readonly toOption: (long: string) => Option) {}
}

/** One positional argument, passed to run() under its key. */
export class Arg<T> {
  declare readonly value: T;
  constructor(readonly toArgument: (name: string) => Argument) {}
}

interface ValueOptions {
  short?: Short;
  /** The flag must be given (commander's requiredOption). */
  required?: true;
  default?: string;
}

/** What a flag that takes a value gives run(): always a string when required or defaulted. */
type Given<O, T> = O extends { required: true } ? T : O extends { default: string } ? T : T | undefined;

function flagsOf(long: string, short: Short | undefined, placeholder?: string): string {
  return `${short ? `${short}, ` : ''}${long}${placeholder ? ` ${placeholder}` : ''}`;
}

/** A switch: `--all`, `-y, --yes`. */
export function boolean(summary: string, options: { short?: Short } = {}): Flag<boolean | undefined> {
  return new Flag((long) => new Option(flagsOf(long, options.short), summary));
}

/** `--no-<key>`: true unless given (commander's negatable flag). */
export function negatable(summary: string): Flag<boolean> {
  return new Flag((long) => new Option(flagsOf(`--no-${long.slice(2)}`, undefined), summary));
}

/** A flag with one value, given at most once. */
export function text<const O extends ValueOptions = Record<never, never>>(placeholder: Placeholder, summary: string, options?: O): Flag<Given<O, string>> {
  return new Flag((long) => {
    const option = new Option(flagsOf(long, options?.short, placeholder), summary);
    if (options?.required) option.makeOptionMandatory();
    if (options?.default !== undefined) option.default(options.default);
    return option;
  });
}

/** A flag with one value out of `choices` (commander refuses any other). */
export function oneOf<const C extends string, const O extends { default?: C } = Record<never, never>>(
  placeholder: Placeholder,
  summary: string,
  choices: readonly C[],
  options?: O,
): Flag<O extends { default: C } ? C : C | undefined> {
  return new Flag((long) => {
    const option = new Option(flagsOf(long, undefined, placeholder), summary).choices(choices);
    if (options?.default !== undefined) option.default(options.default);
    return option;
  });
}

/** A flag each use of which adds a value; `orEmpty` gives [] when it is not used at all. */
export function list<const O extends { short?: Short; orEmpty?: true } = Record<never, never>>(
  placeholder: Placeholder,
  summary: string,
  options?: O,
): Flag<O extends { orEmpty: true } ? string[] : string[] | undefined> {
  return new Flag((long) => {
    const option = new Option(flagsOf(long, options?.short, placeholder), summary).argParser(repeatable);
    if (options?.orEmpty) option.default([]);
    return option;
  });
}

/** `<name>`. */
export function arg(summary: string): Arg<string> {
  return new Arg((name) => new Argument(`<${name}>`, summary));
}

/** `[name]`. */
export function optionalArg(summary: string): Arg<string | undefined> {
  return new Arg((name) => new Argument(`[${name}]`, summary));
}

/** `<name...>`: one or more. */
export function variadicArg(summary: string): Arg<string[]> {
  return new Arg((name) => new Argument(`<${name}...>`, summary));
}

/** `[name...]`: none or more. */
export function optionalVariadicArg(summary: string): Arg<string[]> {
  return new Arg((name) => new Argument(`[${name}...]`, summary));
}

/** `<name>` out of `choices`. */
/** `aliases`: other spellings taken as a choice (shown nowhere; e.g. the issue's `apiVersion` for `api-version`). */
export function choiceArg<const C extends string>(summary: string, choices: readonly C[], aliases: Readonly<Record<string, C>> = {}): Arg<C> {
  return new Arg((name) => {
    const argument = new Argument(`<${name}>`, summary).choices(choices);
    if (Object.keys(aliases).length === 0) return argument;
    // After choices(): help and completion still list the choices; the parser also knows the aliases.
    return argument.argParser((value: string) => {
      const chosen = Object.hasOwn(aliases, value) ? aliases[value]! : value;
      if (!(choices as readonly string[]).includes(chosen)) throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')}.`);
      return chosen;
    });
  });
}

type Args = Readonly<Record<string, Arg<unknown>>>;
type Flags = Readonly<Record<string, Flag<unknown>>>;

export interface VerbSpec<A extends Args, F extends Flags, J extends JsonDeclaration | undefined> {
  /** The verb's word; none for a noun that is itself the command (`api`), declared on the noun. */
  name?: string;
  /** What the verb does (a noun that is the command has the noun's own summary). */
  summary?: string;
  args?: A;
  flags?: F;
  /** `--json [fields]` (and --jsonl for listings), its fields listed in --help. */
  json?: J;
  /** Command lines shown under "Examples:". */
  examples?: readonly string[];
  /** Free text after the examples. */
  notes?: string;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The options run() gets: flags and arguments under their keys, and --json/--jsonl where declared. */
export type OptionsOf<V> =
  V extends DefinedVerb<infer A, infer F, infer J>
    ? Simplify<{ -readonly [K in keyof A]: A[K]['value'] } & { -readonly [K in keyof F]: F[K]['value'] } & (J extends JsonDeclaration ? OutputFlags : unknown)>
    : never;

export interface DefinedVerb<A extends Args, F extends Flags, J extends JsonDeclaration | undefined> {
  readonly spec: VerbSpec<A, F, J>;
  /** The fields --json accepts, as --help lists them. */
  readonly json: J;
  /** Declares the verb on its noun (or, without a name, on the noun itself). */
  register(noun: Command): Command;
}

/** A verb's declaration; `OptionsOf<typeof verb>` is the type of its run()'s options. */
export function defineVerb<const A extends Args = Record<never, never>, const F extends Flags = Record<never, never>, const J extends JsonDeclaration | undefined = undefined>(
  spec: VerbSpec<A, F, J>,
): DefinedVerb<A, F, J> {
  return {
    spec,
    json: spec.json as J,
    register(noun) {
      const command = spec.name === undefined ? noun : noun.command(spec.name);
      if (spec.summary !== undefined) command.description(spec.summary);
      for (const [key, argument] of Object.entries(spec.args ?? {})) command.addArgument(argument.toArgument(key));
      for (const [key, flag] of Object.entries(spec.flags ?? {})) command.addOption(flag.toOption(`--${kebab(key)}`));
      if (spec.json) addOutputOptions(command, spec.json);
      // One text: commander ends each help text with a line of its own.
      const after = (spec.examples?.length ? examples(...spec.examples) : '') + (spec.notes ?? '') + (spec.json ? jsonHelpText(spec.json) : '');
      if (after) command.addHelpText('after', after);
      return command;
    },
  };
}
