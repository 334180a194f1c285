// What every command's context holds that needs no store: streams, environment, config and
// its defaults, the profile, output, prompts, the spinner, the clock. Core knows no target:
// the store or the embedded sandbox, the HTTP client and the API built on it are the
// composition root's (src/root/context.ts), whose Context extends this one with them.
// Nothing is read until asked, so --help never reads config. What nearly every command asks
// for (the config file's reader, the paths, store.toml's reader, the output) is imported with
// this module, in one graph: as lazy imports they were waves of small files a one-request
// command read one after another (bench/RESULTS.md, issue 33). What few commands need stays
// lazy: the spinner, jq, the defaults' checks (zod), the guards.
import type { Command } from 'commander';
import { API_VERSION_PATTERN } from './brand.js';
import { systemClock, type Clock } from './clock.js';
import { UsageError } from './errors.js';
import { escapeControls, escapeLine, type IO } from './io.js';
import { palette } from './colors.js';
import { openConfig, readConfigFile, type ConfigStore, type ProfileRecord } from './config.js';
import { settingFrom, type DefaultKey, type Setting } from './defaults.js';
import { Output } from './output.js';
import type { OutputFlags } from './output-options.js';
import { configDir, dataDir, type Env } from './paths.js';
import { createPrompter, type Prompter } from './prompts.js';
import type { CapturedRun } from './captured-run.js';
import { loadStoreFile, type StoreFile } from './store-file.js';
import type { StoreGuards } from './store-guards.js';
import { profileNamedOutright, resolveProfile, resolveTarget, type Sourced, type StoreTarget } from './target.js';

export interface GlobalOptions {
  profile?: string;
  /** An environment of store.toml. */
  env?: string;
  /** The run's --yes (a protected store's writes need it without a terminal). */
  yes?: boolean;
  /** --confirm-store DOMAIN: the shop's live domain, which a protected store's writes need without a terminal. */
  confirmStore?: string;
  baseUrl?: string;
  sandbox?: boolean;
  verbose?: boolean;
  timeout?: number;
  insecure?: boolean;
}

export interface BaseContext {
  readonly io: IO;
  readonly globals: GlobalOptions;
  readonly signal: AbortSignal;
  /** The environment the CLI was started with (tests pass their own). */
  readonly env: Env;
  readonly prompter: Prompter;
  /** The wall clock: dates shown and sent, Retry-After's HTTP dates. */
  now(): Date;
  /**
   * The monotonic clock every wait of the run goes by (pacing, backoff, Retry-After,
   * --give-up-after, a run's elapsed time); tests give a simulated one.
   */
  readonly clock: Clock;
  config(): Promise<ConfigStore>;
  /**
   * A configuration default (`store-cli config`) of the profile in use, or the built-in
   * value, with where it came from. Flags win over it: a command asks only when its flag is absent.
   */
  setting<K extends DefaultKey>(key: K): Promise<Setting<K>>;
  /**
   * The profile in use: --profile or --env, STORE_CLI_PROFILE or STORE_CLI_ENV, store.toml's
   * `[store] env`, the default `auth switch` saved, else 'default' (core/target.ts resolveProfile).
   */
  profile(): Promise<Sourced>;
  /** The folder the command runs in (store.toml is looked for from here up). */
  readonly cwd: string;
  /** The nearest store.toml, read and checked once; undefined when there is none. */
  storeFile(): Promise<StoreFile | undefined>;
  /** What guards this run's writes (store.toml's environment, STORE_CLI_READ_ONLY). */
  guards(): Promise<StoreGuards>;
  /** The API version of every typed request: STORE_CLI_API_VERSION, else the profile's `api-version`, else 202412. */
  apiVersion(): Promise<{ value: string; source: 'env' | 'profile' | 'default' }>;
  /**
   * The profile, base URL and token as resolved, with where each came from; nothing is
   * checked. With --sandbox the profile only: the store is the embedded sandbox, whose
   * address the composition root learns once it has started it.
   */
  target(): Promise<StoreTarget>;
  /**
   * The exporter for these flags; without --json or --jsonl, the profile's `output` default
   * decides. `fields`: what --json may select, or ANY_FIELDS for an answer of unknown shape.
   */
  output(flags: OutputFlags, fields: readonly string[] | 'any'): Promise<Output>;
  /** A spinner on stderr while `work` runs, in a terminal only. */
  spin<T>(text: string, work: () => Promise<T>): Promise<T>;
  /** Talk on stderr: a notice, one line (escapeLine: control characters and line breaks escaped). */
  say(line: string): void;
  /** `warning: <message>` on stderr, one line, the label in yellow in a terminal, the message escaped (escapeLine). */
  warn(message: string): void;
  /** The user's data directory (the embedded sandbox keeps its state there). */
  dataDir(): Promise<string>;
  /** The whole command tree, built afresh (the completion scripts are rendered from it). */
  commandTree(): Command;
  /** Runs another command of this CLI in this process, its output kept (core/captured-run.ts): the MCP server's tool calls. */
  runCommand(argv: readonly string[]): Promise<CapturedRun>;
  /** The Node.js this runs on (`version --json`). */
  readonly runtime: Runtime;
}

/** The Node.js version (`20.19.0`) and platform (`linux`, `darwin`, `win32`) of the process. */
export interface Runtime {
  node: string;
  platform: string;
}

export interface BaseContextDeps {
  io: IO;
  env: Env;
  globals: GlobalOptions;
  signal: AbortSignal;
  now?: () => Date;
  clock?: Clock;
  /** The command tree, which only src/cli.ts knows whole. */
  commandTree: () => Command;
  /** Another command's run, in this process, its output kept; only src/cli.ts can run one. */
  runCommand: (argv: readonly string[]) => Promise<CapturedRun>;
  /** Default: this process's. */
  runtime?: Runtime;
  /** Default: process.cwd(). */
  cwd?: string;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** 10 minutes: no request should wait longer, and beyond 2^31-1 ms Node's timers fire at once. */
export const MAX_TIMEOUT_MS = 600_000;

export function createBaseContext(deps: BaseContextDeps): BaseContext {
  const { io, env, globals, signal } = deps;
  let configStore: Promise<ConfigStore> | undefined;
  let stored: Promise<{ profile: Sourced; record: ProfileRecord | undefined }> | undefined;
  let storeFile: Promise<StoreFile | undefined> | undefined;
  const cwd = deps.cwd ?? process.cwd();

  // One read of the config file serves the profile's name, credentials and defaults alike.
  const readStored = () =>
    (stored ??= (async () => {
      const [file, folder] = await Promise.all([
        readConfigFile(configDir(env), (message) => ctx.warn(message)),
        profileNamedOutright(globals, env) ? undefined : ctx.storeFile(),
      ]);
      const profile = resolveProfile(globals, env, file.defaultProfile, folder);
      return { profile, record: file.profile(profile.value) };
    })());
  const readStoredProfile = async () => (await readStored()).record;

  const ctx: BaseContext = {
    io,
    globals,
    signal,
    env,
    prompter: createPrompter(io, signal),
    runtime: deps.runtime ?? { node: process.versions.node, platform: process.platform },
    now: deps.now ?? (() => new Date()),
    clock: deps.clock ?? systemClock,
    config: () => (configStore ??= openConfig(configDir(env), (message) => ctx.warn(message))),
    cwd,
    async profile() {
      return profileNamedOutright(globals, env) ? resolveProfile(globals, env) : (await readStored()).profile;
    },
    storeFile: () => (storeFile ??= loadStoreFile(cwd)),
    async guards() {
      // The profile the requests go with (target: CI's base URL and token skip the saved default).
      const [{ guardsFor }, target, file] = await Promise.all([import('./store-guards.js'), ctx.target(), ctx.storeFile()]);
      return guardsFor(target.profile, file, env, globals.sandbox === true);
    },
    async target() {
      if (globals.sandbox) return { profile: await ctx.profile() };
      // store.toml may name the profile (and so its guards); it holds no credentials.
      const folder = profileNamedOutright(globals, env) ? undefined : await ctx.storeFile();
      const fromOutside = resolveTarget(globals, env, undefined, resolveProfile(globals, env, undefined, folder));
      // CI gives both through the environment: no need to read the config file at all.
      if (fromOutside.baseUrl && fromOutside.token) return fromOutside;
      const { profile, record } = await readStored();
      return resolveTarget(globals, env, record, profile);
    },
    async apiVersion() {
      const fromEnv = env.STORE_CLI_API_VERSION;
      if (fromEnv !== undefined && fromEnv !== '') {
        if (!API_VERSION_PATTERN.test(fromEnv))
          throw new UsageError(`STORE_CLI_API_VERSION must be six digits, year and month, such as 202412 (got '${escapeControls(fromEnv)}').`, false);
        return { value: fromEnv, source: 'env' };
      }
      const saved = await ctx.setting('api-version');
      return { value: saved.value, source: saved.source };
    },
    async setting(key) {
      const record = await readStoredProfile();
      // zod loads only when the profile stores a value to check.
      const schema = record?.defaults?.[key] === undefined ? undefined : await import('./defaults-schema.js');
      const profile = (await readStored()).profile.value;
      return settingFrom(key, record?.defaults, (k, raw) => schema!.checkStored(k, raw, profile));
    },
    async output(flags, fields) {
      const asked = (flags.jsonl !== undefined && flags.jsonl !== false) || (flags.json !== undefined && flags.json !== false) || flags.jq !== undefined;
      // An explicit --json/--jsonl needs no look at the profile (scripts and the start-up bench),
      // nor does piped output: the `output` default is for a terminal only (outputMode).
      // jq (WebAssembly) loads only for --jq, and its program is compiled before any request.
      const [format, jq] = await Promise.all([
        asked || !io.isStdoutTTY ? undefined : ctx.setting('output').then((s) => s.value),
        flags.jq === undefined ? undefined : import('./jq.js').then(({ JqFilter }) => JqFilter.compile(flags.jq!, { pretty: io.isStdoutTTY })),
      ]);
      return new Output(io, flags, fields, format, jq);
    },
    async spin(text, work) {
      if (globals.verbose || !io.isStderrTTY) return work(); // scripts never load the spinner
      const { withSpinner } = await import('./progress.js');
      return withSpinner(io, escapeLine(text), work);
    },
    // One line each, whatever a store's text in it holds: a line feed in it would start a line of its own.
    say: (line) => io.errTerminal(`${escapeLine(line)}\n`),
    warn: (message) => io.errTerminal(`${palette(io.colorErr).yellow('warning:')} ${escapeLine(message)}\n`),
    dataDir: async () => dataDir(env),
    commandTree: deps.commandTree,
    runCommand: deps.runCommand,
  };
  return ctx;
}
