// Builds the commander program, wires global options and the context, and maps every
// error to its exit code in one place.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { NOUN_LOADERS } from './commands/noun-loaders.js';
import { VERB_LOADERS } from './commands/verb-loaders.js';
import { repeatable, type Noun, type Verb } from './commands/types.js';
import { wholeNumber } from './commands/verb.js';
import { createContext, DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, type ApiLayer, type Context, type GlobalOptions } from './root/context.js';
import { InvalidDefaultError } from './core/defaults.js';
import { CliError, ExitCode, UsageError } from './core/errors.js';
import { createIO, escapeLine, ReaderGoneError, terminalOverrides, type IO, type Streams } from './core/io.js';
import { palette } from './core/colors.js';
import { nearest } from './core/words.js';
import type { Clock } from './core/clock.js';
import type { Env } from './core/paths.js';
import { DEFAULT_PARALLEL, MAX_PARALLEL, namesSeveralStores } from './core/store-selection.js';
import type { FanOutStore } from './root/fan-out.js';
import { VERSION } from './version.js';

export interface CliDeps {
  streams: Streams;
  env: Env;
  /** Aborted on Ctrl-C: requests stop and the run ends with exit code 130. */
  signal?: AbortSignal;
  now?: () => Date;
  /** What the run's waits go by (pacing, retries, Retry-After): the system's unless a test gives a simulated one. */
  clock?: Clock;
  /** The folder store.toml is looked for from (and up): process.cwd() unless a test gives one. */
  cwd?: string;
  /** Set when this run is one store's of a run across stores (root/fan-out.ts): the environment it goes to. */
  store?: FanOutStore;
  /** A layer over every API the run builds for its store: an MCP plan's journal (ctx.runCommand's option). */
  apiLayer?: ApiLayer;
}

const EXIT_CODES_HELP = `
Exit codes:
  0    success (an empty listing too)
  1    request or runtime failure
  2    invalid usage or input: nothing was sent (also a declined confirmation)
  3    partial failure of a bulk operation: see its report
  4    authentication or permission refused (or no credentials)
  130  interrupted (Ctrl-C)

Environment:
  STORE_CLI_TOKEN, STORE_CLI_BASE_URL, STORE_CLI_PROFILE override the stored profile;
  STORE_CLI_ENV picks an environment of store.toml; STORE_CLI_READ_ONLY=1 refuses
  every request but GET; STORE_CLI_BRAND (service or genstore: the header family) and
  STORE_CLI_API_VERSION (such as 202412) override the profile's brand and api-version;
  NO_COLOR (or CLICOLOR=0) turns colour off, CLICOLOR_FORCE=1 on even when piped;
  STORE_CLI_FORCE_TTY=1 prints tables when piped (=120: 120 columns wide, =50%: half
  the terminal's width); STORE_CLI_CONFIG_DIR, STORE_CLI_DATA_DIR and
  STORE_CLI_CACHE_DIR (the code cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off)
  move its files;
  STORE_CLI_SANDBOX_DIALECT=real makes --sandbox answer as the real store does.
`;

export async function runCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  // NO_COLOR, CLICOLOR=0 (as gh) and --no-color win over everything, CLICOLOR_FORCE included.
  const colorAllowed = !('NO_COLOR' in deps.env && deps.env.NO_COLOR !== '') && deps.env.CLICOLOR !== '0' && !argv.includes('--no-color');
  const overrides = terminalOverrides(deps.env);
  const io = createIO(deps.streams, colorAllowed, overrides);
  const signal = deps.signal ?? new AbortController().signal;
  let context: Context | undefined;
  let active: Command | undefined;
  // A run across stores ends with the code its stores' runs give (fan-out.ts exitCodeOf).
  let acrossStores: number | undefined;
  const tree = await treeFor(argv);

  const program = buildProgram(io, tree, async (command, verb) => {
    active = command;
    refuseReplacementCharacters(command);
    const globals = globalOptions(program);
    // --yes is global (a protected store's writes need it), so the verbs that declare their own see it too.
    if (globals.yes && command.options.some((o) => o.attributeName() === 'yes')) command.setOptionValue('yes', true);
    if (command.getOptionValue('yes') === true) globals.yes = true;
    const fleet = program.opts<{ group?: string; parallel?: number; failFast?: boolean }>();
    if (deps.store !== undefined) globals.env = deps.store.env;
    else if (namesSeveralStores({ ...globals, ...fleet })) {
      // Once a store, each with a context of its own (its profile, token, rate bucket, guard): runCli again on its own streams.
      const { runAcrossStores } = await import('./root/fan-out.js');
      acrossStores = await runAcrossStores({
        io,
        env: deps.env,
        cwd: deps.cwd ?? process.cwd(),
        signal,
        now: deps.now ?? (() => new Date()),
        flags: { ...globals, ...fleet },
        options: command.opts(),
        args: command.processedArgs,
        output: command.getOptionValue('jsonl') ? 'jsonl' : command.getOptionValue('json') ? 'json' : 'text',
        // A store's run writes plain text for this run to gather: no forced terminal, no colour.
        runOne: (store, streams) =>
          runCli(argv, { ...deps, env: { ...deps.env, STORE_CLI_FORCE_TTY: undefined, CLICOLOR_FORCE: undefined, NO_COLOR: '1' }, streams, store }),
      });
      return;
    } else if (fleet.parallel !== undefined || fleet.failFast) {
      throw new UsageError(`${fleet.failFast ? '--fail-fast' : '--parallel'} is for a run across stores: give --env a,b, --env 'prod-*' or --group NAME too.`);
    }
    context = createContext({
      io,
      env: deps.env,
      globals,
      signal,
      userAgent: `store-cli/${VERSION} node/${process.versions.node}`,
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.clock ? { clock: deps.clock } : {}),
      ...(deps.cwd ? { cwd: deps.cwd } : {}),
      ...(deps.store ? { beforeFirstWrite: deps.store.beforeFirstWrite, runGroup: deps.store.group, storeReport: deps.store.report } : {}),
      commandTree: () => buildProgram(io, tree, async () => undefined),
      ...(deps.apiLayer ? { apiLayer: deps.apiLayer } : {}),
      runCommand: async (inner, options = {}) => {
        const { capturedStreams } = await import('./core/captured-run.js');
        const captured = capturedStreams();
        const { apiLayer: _outer, ...rest } = deps;
        const env = options.env ? { ...deps.env, ...options.env } : deps.env;
        return captured.finish(await runCli(inner, { ...rest, env, streams: captured.streams, ...(options.apiLayer ? { apiLayer: options.apiLayer } : {}) }));
      },
    });
    // CLICOLOR_FORCE is asked for this run: it wins over the profile's `color never`.
    if (!overrides.color) await applyColorDefault(io, context);
    // The verb reads its options out of the command it declared (verb.ts).
    await verb.execute(command, context);
  });

  try {
    await program.parseAsync(helpAsFlag(program, argv), { from: 'user' });
    return acrossStores ?? ExitCode.ok;
  } catch (error) {
    return reportError(error, io, active, program.opts().verbose === true);
  } finally {
    await context?.dispose().catch(() => undefined);
  }
}

/** Global options that take a value: the word after one is not the noun. */
const VALUED_GLOBALS = new Set(['--profile', '--env', '--group', '--parallel', '--base-url', '--timeout', '--confirm-store']);

/**
 * The nouns a run needs: only the one it names (`giftcard search` declares the gift card
 * verbs alone), and of it only the verb named right after it where that verb loads on its
 * own (`giftcard count`: verb-loaders.ts); or every noun where the whole tree is read: no noun
 * or an unknown word (root help, suggestions), `help`, --help before the noun (the root's
 * help), and `completion` (its scripts list every command).
 */
async function treeFor(argv: readonly string[]): Promise<readonly Noun[]> {
  for (let at = 0; at < argv.length; at++) {
    const word = argv[at]!;
    if (word === '--' || word === '--help' || word === '-h') break;
    if (word.startsWith('-')) {
      if (VALUED_GLOBALS.has(word)) at++;
      continue;
    }
    const load = Object.hasOwn(NOUN_LOADERS, word) ? NOUN_LOADERS[word] : undefined;
    if (!load) break;
    const verbs = Object.hasOwn(VERB_LOADERS, word) ? VERB_LOADERS[word]! : {};
    const next = argv[at + 1];
    // The noun's summary and its other verbs show only in its own help and the root's, which
    // a run that names the verb never prints (its --help is the verb's).
    if (next !== undefined && Object.hasOwn(verbs, next)) return [{ name: word, summary: '', verbs: [await verbs[next]!()] }];
    return [await load()];
  }
  return (await import('./commands/index.js')).nouns;
}

/** The command tree of `nouns` (all of them: commands/index.ts). Declaring it loads no heavy module (see bench/startup). */
export function buildProgram(io: IO, nouns: readonly Noun[], action: (command: Command, verb: Verb) => Promise<void>): Command {
  const program = new Command('store-cli')
    .description('The command line for stores that speak the Store Commerce Service API.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('--profile <name>', 'use this saved profile (default: STORE_CLI_PROFILE, store.toml\'s env, or "default")')
    .option(
      '--env <name>',
      "use this environment of the folder's store.toml (default: STORE_CLI_ENV or its [store] env); " +
        "a list a,b or a glob 'prod-*' runs the command on each (docs/fleet.md)",
    )
    .option('--group <name>', "run the command on each environment of this group of store.toml's [groups], such as prod")
    .addOption(
      new Option('--parallel <n>', `with several stores: how many run at once, 1 to ${MAX_PARALLEL} (default: ${DEFAULT_PARALLEL})`).argParser(
        positiveInteger('--parallel', MAX_PARALLEL),
      ),
    )
    .option('--fail-fast', 'with several stores: start no other store once one failed (by default every store runs)')
    .option('-y, --yes', 'answer yes to confirmations (a protected store also needs --confirm-store without a terminal)')
    .option(
      '--confirm-store <domain>',
      "the shop's own domain, such as eu-shop.genmystore.com ('store-cli shop info'): a write to a protected store needs it without a terminal",
    )
    .option('--base-url <url>', "the store's base URL (http or https), overriding the profile, e.g. https://store.example.com")
    .option('--sandbox', 'run against the embedded sandbox: zero set-up, demo data')
    .option('--verbose', 'log each HTTP request and response on stderr (token redacted); stack traces on errors')
    .option('--no-color', 'no colour (NO_COLOR is honoured too)')
    .addOption(
      new Option(
        '--timeout <ms>',
        `the most one attempt of a request may take, its whole answer included, in milliseconds: ` +
          `a whole number from 1 to ${MAX_TIMEOUT_MS} (10 minutes; default: ${DEFAULT_TIMEOUT_MS})`,
      ).argParser(positiveInteger('--timeout', MAX_TIMEOUT_MS)),
    )
    .option('--insecure', 'allow sending the token over plain http to a non-loopback host')
    .addHelpText('after', EXIT_CODES_HELP)
    .configureHelp({ showGlobalOptions: true, optionDescription })
    .helpCommand('help [command...]', 'show help for a command, e.g. help giftcard search')
    .showSuggestionAfterError(true);

  for (const noun of nouns) addNoun(program, noun, action);
  configureTree(program, io);
  return program;
}

/**
 * A flag's line in --help, as commander writes it but for people: a default or choice as
 * typed (`10000`, not `"10000"`), and no `(default: [])` for a repeatable flag given none.
 */
function optionDescription(option: Option): string {
  const extra: string[] = [];
  if (option.argChoices) extra.push(`choices: ${option.argChoices.join(', ')}`);
  const value: unknown = option.defaultValue;
  const takesValue = option.required || option.optional;
  if (takesValue && value !== undefined && !(Array.isArray(value) && value.length === 0)) {
    extra.push(`default: ${option.defaultValueDescription ?? (Array.isArray(value) ? value.join(', ') : String(value))}`);
  }
  if (option.envVar !== undefined) extra.push(`env: ${option.envVar}`);
  return extra.length === 0 ? option.description : `${option.description} (${extra.join(', ')})`;
}

function addNoun(parent: Command, noun: Noun, action: (command: Command, verb: Verb) => Promise<void>): void {
  const group = parent.command(noun.name).description(noun.summary);
  const direct = noun.action;
  if (direct) direct.register(group).action(async (...args: unknown[]) => action(args[args.length - 1] as Command, direct));
  for (const verb of noun.verbs) {
    const command = verb.register(group);
    command.action(async (...args: unknown[]) => action(args[args.length - 1] as Command, verb));
  }
  for (const sub of noun.nouns ?? []) addNoun(group, sub, action);
}

/** Settings every command needs: output to our streams, errors thrown instead of exiting. */
function configureTree(command: Command, io: IO): void {
  command.exitOverride().configureOutput({
    writeOut: (text) => io.out(text),
    writeErr: (text) => io.err(text),
    outputError: (text, write) => write(text),
  });
  command.showHelpAfterError(`Usage: ${commandPath(command)} ${command.usage()}\nRun '${commandPath(command)} --help' for details.`);
  if (command.commands.length > 0) command.on('command:*', (operands: string[]) => unknownCommand(command, operands[0] ?? ''));
  givenOnce(command);
  for (const sub of command.commands) configureTree(sub, io);
}

/**
 * A flag that takes one value may be given once: `--status enabled --status disabled` is
 * a mistake to report, not a silent "last wins". Flags declared with `repeatable` collect
 * every use. The value is not repeated in the message (it may be a secret, e.g. --code).
 */
function givenOnce(command: Command): void {
  const given = new Set<string>();
  for (const option of command.options) {
    if (!(option.required || option.optional) || option.variadic || option.parseArg === repeatable) continue;
    const name = option.name();
    command.on(`option:${name}`, () => {
      if (given.has(name))
        command.error(`error: ${option.long ?? option.flags} was given more than once: it takes a single value.`, {
          code: 'store-cli.repeatedOption',
          exitCode: ExitCode.usage,
        });
      given.add(name);
    });
  }
}

/**
 * A word that names no command of `group`, with the command it most likely meant: a near
 * spelling among the group's (`giftcard serach`), a command of the group's parent
 * (`webhook subscription subscribe`: `webhook subscribe`), or for `list` the parent's plural
 * of the group (`webhook subscription list`: `webhook subscriptions`). Exit 2, as commander's own.
 */
function unknownCommand(group: Command, word: string): never {
  const names = (command: Command) => command.commands.filter((c) => c.name() !== 'help').map((c) => c.name());
  const parent = group.parent;
  // Worded as commander words its own suggestions (of options too): the group's commands by name.
  const near = nearest(word, names(group));
  let meant: string | undefined;
  if (near.length > 0) meant = near.length === 1 ? near[0] : `one of ${near.join(', ')}`;
  else if (parent && word !== group.name() && names(parent).includes(word)) meant = `${commandPath(parent)} ${word}`;
  else if (parent && word === 'list' && names(parent).includes(`${group.name()}s`)) meant = `${commandPath(parent)} ${group.name()}s`;
  const suggestion = meant === undefined ? '' : `\n(Did you mean ${meant}?)`;
  group.error(`error: unknown command '${word}'${suggestion}`, { code: 'commander.unknownCommand', exitCode: ExitCode.usage });
}

/**
 * `help giftcard search` as `giftcard search --help`: commander's help command looks one
 * word deep only. A word that names no command is left without --help, so commander
 * reports it as an unknown command with its closest match.
 */
export function helpAsFlag(program: Command, argv: readonly string[]): string[] {
  let at = 0;
  while (at < argv.length && argv[at]!.startsWith('-')) {
    const option = program.options.find((o) => o.long === argv[at] || o.short === argv[at]);
    at += option?.required || option?.optional ? 2 : 1;
  }
  if (argv[at] !== 'help') return [...argv];
  const before = argv.slice(0, at);
  const words = argv.slice(at + 1);
  let command = program;
  for (const [index, word] of words.entries()) {
    if (word.startsWith('-') || command.commands.length === 0) break;
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) return [...before, ...words.slice(0, index + 1)];
    command = sub;
  }
  return [...before, ...words, '--help'];
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function globalOptions(program: Command): GlobalOptions {
  const o = program.opts();
  if (o.sandbox && o.baseUrl) throw new UsageError('--sandbox and --base-url cannot be used together: the sandbox has its own address.');
  return {
    ...(o.profile !== undefined ? { profile: o.profile } : {}),
    ...(o.env !== undefined ? { env: o.env } : {}),
    ...(o.yes === true ? { yes: true } : {}),
    ...(o.confirmStore !== undefined ? { confirmStore: o.confirmStore } : {}),
    ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
    sandbox: o.sandbox === true,
    verbose: o.verbose === true,
    insecure: o.insecure === true,
    ...(o.timeout !== undefined ? { timeout: o.timeout } : {}),
  };
}

/**
 * The profile's `color never`. Read only when some stream would have colour (a terminal,
 * without NO_COLOR or --no-color), so piped runs never pay for the profile read here.
 */
async function applyColorDefault(io: IO, context: Context): Promise<void> {
  if (!io.colorOut && !io.colorErr) return;
  try {
    if ((await context.setting('color')).value === 'never') io.turnColorOff();
  } catch (error) {
    // A bad stored colour must not stop the command, nor `config set color` that fixes it.
    if (error instanceof InvalidDefaultError) context.say(`warning: ${error.message}`);
    // Anything else (an unreadable file, a bad --profile) is reported by whatever reads the profile next.
  }
}

/**
 * Node decodes the command line itself and puts U+FFFD in place of bytes that are not
 * UTF-8, so that is all the CLI sees of them: a value holding one is refused (sent, the
 * store would keep the replacement character). A U+FFFD typed on purpose is refused too.
 */
function refuseReplacementCharacters(command: Command): void {
  const holdsOne = (value: unknown): boolean => (typeof value === 'string' && value.includes('\uFFFD')) || (Array.isArray(value) && value.some(holdsOne));
  const refuse = (name: string) =>
    new UsageError(`${name} is not valid UTF-8: it holds U+FFFD, which stands for bytes that are not UTF-8 on the command line; give the value as UTF-8.`);
  for (let c: Command | null = command; c; c = c.parent) {
    for (const option of c.options) {
      if (holdsOne(c.getOptionValue(option.attributeName()))) throw refuse(option.long ?? option.flags);
    }
  }
  command.registeredArguments.forEach((argument, index) => {
    if (holdsOne(command.processedArgs[index])) throw refuse(`<${argument.name()}>`);
  });
}

export function positiveInteger(flag: string, max: number) {
  return (value: string): number => {
    // The verbs' whole-number check (verb.ts), as commander's parse error for a global option.
    try {
      return wholeNumber(value, flag, 1, max);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

function reportError(error: unknown, io: IO, active: Command | undefined, verbose: boolean): number {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return ExitCode.ok;
    return ExitCode.usage;
  }
  if (error instanceof ReaderGoneError) return ExitCode.ok;
  const { red } = palette(io.colorErr);
  if (error instanceof CliError) {
    // One line, whatever the store's text in it holds (escapeLine): a CI log takes a line of its own for a command.
    io.errTerminal(`${red('error:')} ${escapeLine(error.message)}\n`);
    for (const line of error.details) io.errTerminal(`  ${escapeLine(line)}\n`);
    if (error instanceof UsageError && error.showUsage && active) {
      io.err(`Usage: ${commandPath(active)} ${active.usage()}\nRun '${commandPath(active)} --help' for details.\n`);
    }
    if (verbose && error.stack) io.err(`${stackText(error)}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.errTerminal(`${red('error:')} unexpected failure: ${escapeLine(message)}${verbose ? '' : ' (run with --verbose for details)'}\n`);
  if (verbose && error instanceof Error && error.stack) io.err(`${stackText(error)}\n`);
  return ExitCode.failure;
}

/** The stack for --verbose, its first line (the message, which may hold a store's text) kept to one line as the error's is. */
function stackText(error: Error): string {
  const stack = error.stack!;
  const head = `${error.name}: ${error.message}`;
  return stack.startsWith(head) ? `${error.name}: ${escapeLine(error.message)}${stack.slice(head.length)}` : stack;
}
