// A verb as data: its arguments and flags are declared once, in an object whose keys are
// the names `run` reads them by, and `run` is part of the declaration. The commander
// declaration and the type of `run`'s options both derive from it, so renaming a flag
// breaks compilation wherever its value is read. Each Flag and Arg reads its own value out
// of what commander parsed (under its key), so the options run() gets are built from the
// declared keys and typed by them: cli.ts hands the verb the parsed command, not a loose bag.
//
// Output: a verb that declares `json` calls `ctx.output()` (or `ctx.output(flags)` for other
// output flags): the context run() gets is the command's, with output() bound to the
// declaration's fields and this run's --json/--jsonl/--jq/--columns, so no verb repeats its
// fields. The two-argument form stays for output of another shape (a dry run's request).
//
// Errors: a module below the commands knows an input by its field (core/errors.ts
// FieldError, e.g. `shard`, `image[2]`, or another NamedByField error); the verb knows which flag or argument that field
// came from, so run()'s FieldErrors are reworded here to name `--shard`, `--image`.
//
// Loads commander only (register() runs on the --help path).
import { Argument, InvalidArgumentError, Option, type Command } from 'commander';
import type { Context } from '../root/context.js';
import { isNamedByField, UsageError } from '../core/errors.js';
import type { Output } from '../core/output.js';
import { addOutputOptions, jsonHelpText, type JsonDeclaration, type OutputFlags } from '../core/output-options.js';
import { kebab } from '../core/words.js';
import { examples, repeatable, type Verb } from './types.js';

type Short = `-${string}`;
type Placeholder = `<${string}>`;

/** One flag: how to declare it under its key, and how to read the value run() gets. */
export class Flag<T> {
  declare readonly value: T;
  constructor(
    readonly toOption: (long: string) => Option,
    /** From what commander stored under the key (its attribute name: `--max-pages` is maxPages). */
    private readonly fromParsed: (parsed: unknown, long: string) => T = (parsed) => parsed as T,
  ) {}

  /** Its value on a parsed command, declared under `key`. */
  read(command: Command, key: string): T {
    return this.fromParsed(command.getOptionValue(key), `--${kebab(key)}`);
  }
}

/** One positional argument, passed to run() under its key. */
export class Arg<T> {
  declare readonly value: T;
  constructor(
    readonly toArgument: (name: string) => Argument,
    /** How usage and errors name it, when not by its key (a flag has that key: `api`'s `[method]` and `-X, --method`). */
    readonly name?: string,
  ) {}

  /** Its value on a parsed command, as the `index`th argument declared. */
  read(command: Command, index: number): T {
    return command.processedArgs[index] as T;
  }
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

/** `-y, --yes` of a verb that asks before it destroys (confirmedDelete): a script must give it. */
export function yesFlag(): Flag<boolean | undefined> {
  return boolean('do not ask for confirmation (required without a terminal)', { short: '-y' });
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

interface WholeOptions {
  min: number;
  max: number;
  short?: Short;
  default?: number;
  /** The flag must be given (commander's requiredOption). */
  required?: true;
}

/**
 * A decimal whole number from `min` to `max` (a port, a page size, a concurrency). Anything
 * else, `1e2`, ` 7`, `2.5`, is refused with one sentence that names the flag and the range
 * (exit 2, nothing sent). Checked when run()'s options are read rather than by commander's
 * parser, so the usage line follows, as for every other bad value a verb refuses.
 */
export function whole<const O extends WholeOptions>(placeholder: Placeholder, summary: string, options: O): Flag<WholeValue<O>> {
  const flag = new Flag<number | undefined>(
    (long) => {
      const option = new Option(flagsOf(long, options.short, placeholder), summary);
      if (options.required) option.makeOptionMandatory();
      if (options.default !== undefined) option.default(options.default);
      return option;
    },
    // A default is the declared number; anything typed is text until checked.
    (parsed, long) => (parsed === undefined || typeof parsed === 'number' ? parsed : wholeNumber(String(parsed), long, options.min, options.max)),
  );
  // Commander always holds a value for a flag that is required or has a default.
  return flag as Flag<WholeValue<O>>;
}

type WholeValue<O> = O extends { default: number } ? number : O extends { required: true } ? number : number | undefined;

/** `text` as a whole number from min to max, or one sentence naming `flag` and the range. */
export function wholeNumber(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${text}').`);
  return value;
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

/** `[name]`; `shown`: the name usage shows, where a flag has the key's (`[method]` beside `--method`). */
export function optionalArg(summary: string, shown?: string): Arg<string | undefined> {
  return new Arg((name) => new Argument(`[${shown ?? name}]`, summary), shown);
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

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The options run() gets: flags and arguments under their keys, and --json/--jsonl where declared. */
export type VerbOptions<A extends Args, F extends Flags, J extends JsonDeclaration | undefined> = Simplify<
  { -readonly [K in keyof A]: A[K]['value'] } & { -readonly [K in keyof F]: F[K]['value'] } & (J extends JsonDeclaration ? OutputFlags : unknown)
>;

/**
 * The context run() gets. With a `json` declaration, `output()` is bound to it: its fields,
 * and this run's output flags unless others are given.
 */
export type VerbContext<J extends JsonDeclaration | undefined> = J extends JsonDeclaration
  ? Context & { output(flags?: OutputFlags): Promise<Output> }
  : Context;

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
  /**
   * Whether it changes anything: a store (a request that writes) or what this machine keeps
   * (profiles, settings, runs, the sandbox's data). Writing the output file a user named does
   * not count. Every verb says: `commands --json` lists it and agents read it (readOnlyHint).
   */
  mutates: boolean;
  /** Its changes stay on this machine (profiles, settings, a sandbox), never reach a store. */
  local?: true;
  /** It may change or remove what exists (an update, a delete, a disable), not only add (MCP's destructiveHint). */
  destructive?: true;
  /** It may ask a question on the terminal besides a protected store's (a delete's confirmation, a token). */
  asks?: true;
  /** A bulk verb: some items may fail while the rest are applied (exit 3, with its report). */
  bulk?: true;
  /** The work, with the options typed from the declaration above. */
  run(options: VerbOptions<A, F, J>, ctx: VerbContext<J>): Promise<void>;
}

/** The options of a declared verb's run() (for a test, or a module that builds them). */
export type OptionsOf<V> = V extends DefinedVerb<infer A, infer F, infer J> ? VerbOptions<A, F, J> : never;

/** What a verb declared about its effects, for the manifest (commands --json) and agents. */
export type VerbTraits = Pick<VerbSpec<Args, Flags, undefined>, 'mutates' | 'local' | 'destructive' | 'asks' | 'bulk'>;

const traitsOf = new WeakMap<Command, VerbTraits>();

/** The traits of the verb declared on `command` (undefined: a group of commands, or a verb declared some other way). */
export function verbTraits(command: Command): VerbTraits | undefined {
  return traitsOf.get(command);
}

export interface DefinedVerb<A extends Args, F extends Flags, J extends JsonDeclaration | undefined> extends Verb {
  readonly spec: VerbSpec<A, F, J>;
  /** The fields --json accepts, as --help lists them. */
  readonly json: J;
  /** The options run() gets from a command register() declared and commander parsed. */
  options(command: Command): VerbOptions<A, F, J>;
}

/** A verb: its declaration and its work. Each verb module's default export is one. */
export function defineVerb<
  const A extends Args = Record<never, never>,
  const F extends Flags = Record<never, never>,
  const J extends JsonDeclaration | undefined = undefined,
>(spec: VerbSpec<A, F, J>): DefinedVerb<A, F, J> {
  const names = new Map<string, string>([
    ...Object.entries(spec.args ?? {}).map(([key, argument]): [string, string] => [key, `<${argument.name ?? key}>`]),
    ...Object.keys(spec.flags ?? {}).map((key): [string, string] => [key, `--${kebab(key)}`]),
  ]);
  function options(command: Command): VerbOptions<A, F, J> {
    const options: Record<string, unknown> = {};
    Object.entries(spec.args ?? {}).forEach(([key, argument], index) => (options[key] = argument.read(command, index)));
    for (const [key, flag] of Object.entries(spec.flags ?? {})) options[key] = flag.read(command, key);
    if (spec.json) {
      const given = command.opts<OutputFlags>();
      for (const key of ['json', 'jsonl', 'jq', 'columns'] as const) if (given[key] !== undefined) options[key] = given[key];
    }
    // Each value was read by its own declared kind, under its declared key.
    return options as VerbOptions<A, F, J>;
  }
  return {
    spec,
    json: spec.json as J,
    options,
    register(noun) {
      const command = spec.name === undefined ? noun : noun.command(spec.name);
      if (spec.summary !== undefined) command.description(spec.summary);
      for (const [key, argument] of Object.entries(spec.args ?? {})) command.addArgument(argument.toArgument(key));
      for (const [key, flag] of Object.entries(spec.flags ?? {})) command.addOption(flag.toOption(`--${kebab(key)}`));
      if (spec.json) addOutputOptions(command, spec.json);
      const { mutates, local, destructive, asks, bulk } = spec;
      traitsOf.set(command, {
        mutates,
        ...(local ? { local } : {}),
        ...(destructive ? { destructive } : {}),
        ...(asks ? { asks } : {}),
        ...(bulk ? { bulk } : {}),
      });
      // One text: commander ends each help text with a line of its own.
      const after = (spec.examples?.length ? examples(...spec.examples) : '') + (spec.notes ?? '') + (spec.json ? jsonHelpText(spec.json) : '');
      if (after) command.addHelpText('after', after);
      return command;
    },
    async execute(command, ctx) {
      const parsed = options(command);
      const json = spec.json;
      const withIds = (flags: OutputFlags): OutputFlags => (json?.idFields ? { ...flags, idFields: json.idFields } : flags);
      const bound = json
        ? Object.create(ctx, { output: { value: (flags: OutputFlags = parsed, fields = json.fields) => ctx.output(withIds(flags), fields) } })
        : ctx;
      try {
        await spec.run(parsed, bound as VerbContext<J>);
      } catch (error) {
        // A field of the input this verb declared: the user knows it by its flag's name.
        throw isNamedByField(error) ? error.named((root) => names.get(root)) : error;
      }
    },
  };
}
