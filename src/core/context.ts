// The context handed to every command's run(): streams, colour, config, API client,
// clock, prompter. Everything is lazy, so --help never reads config or loads undici.
import type { Command } from 'commander';
import type { Api } from '../api/index.js';
import type { Transport } from './transport.js';
import { ACCESS_SCOPES_SUBPATH, API_VERSION_PATTERN, apiRoot, brandOfHost, headerFamily, isBrand, otherBrand, type Brand, type BrandSource } from './brand.js';
import type { FamilyChoice } from './family-choice.js';
import { AuthError, UsageError } from './errors.js';
import type { JsonResponse, RawAnswer, RawRequestSpec, RequestSpec } from './http.js';
import { escapeControls, type IO } from './io.js';
import { palette } from './colors.js';
import type { RateGovernor } from './rate-governor.js';
import type { ConfigStore, ProfileRecord } from './config.js';
import { settingFrom, type DefaultKey, type Setting } from './defaults.js';
import type { Output } from './output.js';
import type { OutputFlags } from './output-options.js';
import type { Env } from './paths.js';
import { createPrompter, type Prompter } from './prompts.js';
import type { RetryPolicy } from './retry.js';
import { assertSafeTransport, resolveProfile, resolveTarget, type Sourced, type StoreTarget } from './target.js';

export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  verbose?: boolean;
  timeout?: number;
  insecure?: boolean;
}

export interface Connection {
  profile: Sourced;
  baseUrl: Sourced;
  token: Sourced;
}

/** A client tuned for bulk work: its own pool size, retry policy, rate governor, and a layer of its own. */
export interface ApiTuning {
  /** Keep-alive connections in the pool (default 8): as many as requests kept in flight. */
  connections?: number;
  /** What is sent again and when (default: a command's, defaultRetryPolicy; a bulk run's: bulkRetryPolicy). */
  retry?: RetryPolicy;
  /** The run's own rate governor (its concurrency, AIMD pacing, counts); default: the context's, shared by its clients. */
  governor?: RateGovernor;
  /** A layer between the API modules and the HTTP client, e.g. a dry run's, which sends no write. */
  wrap?: (transport: Transport) => Transport;
  /** Ends requests in flight instead of Ctrl-C's signal: a bulk run lets them finish first. */
  signal?: AbortSignal;
}

export interface Context {
  readonly io: IO;
  readonly globals: GlobalOptions;
  readonly signal: AbortSignal;
  /** The environment the CLI was started with (tests pass their own). */
  readonly env: Env;
  readonly prompter: Prompter;
  now(): Date;
  config(): Promise<ConfigStore>;
  /**
   * A configuration default (`store-cli config`) of the profile in use, or the built-in
   * value, with where it came from. Flags win over it: a command asks only when its flag is absent.
   */
  setting<K extends DefaultKey>(key: K): Promise<Setting<K>>;
  /** The profile in use: --profile, STORE_CLI_PROFILE, the default `auth switch` saved, else 'default'. */
  profile(): Promise<Sourced>;
  /**
   * The store's header family: with --sandbox, the embedded sandbox's dialect's; else
   * STORE_CLI_BRAND, else the profile's `brand`, else what the host names (a genmystore.com
   * store), else `service` with source 'default'; once a 401 made the client find the other
   * family, that one with source 'detected'.
   */
  brand(): Promise<{ value: Brand; source: BrandSource }>;
  /** The API version of every typed request: STORE_CLI_API_VERSION, else the profile's `api-version`, else 202412. */
  apiVersion(): Promise<{ value: string; source: 'env' | 'profile' | 'default' }>;
  /** The profile, base URL and token as resolved, with where each came from; nothing is checked. */
  target(): Promise<StoreTarget>;
  /**
   * The API, bound to the resolved store. Nothing is resolved or sent until a request.
   * With a tuning, a client of its own (not shared with other calls) is built to it.
   */
  api(tuning?: ApiTuning): Promise<Api>;
  /**
   * The API bound to an explicit store and token (auth login checks a token before saving
   * it). Its header family: `brand` if given, else STORE_CLI_BRAND, else the host's, else
   * found from a 401 (see detectedBrand); never the profile's, which may be another store's.
   */
  apiWith(baseUrl: string, token: string, brand?: Brand): Promise<Api>;
  /** The family a 401 made the client find in this run, if it did. */
  detectedBrand(): Brand | undefined;
  /**
   * The exporter for these flags; without --json or --jsonl, the profile's `output` default
   * decides. `fields`: what --json may select, or ANY_FIELDS for an answer of unknown shape.
   */
  output(flags: OutputFlags, fields: readonly string[] | 'any'): Promise<Output>;
  /** A spinner on stderr while `work` runs, in a terminal only. */
  spin<T>(text: string, work: () => Promise<T>): Promise<T>;
  /** Talk on stderr: notices. Control characters are escaped (IO.err). */
  say(line: string): void;
  /** `warning: <message>` on stderr, the label in yellow in a terminal, the message escaped. */
  warn(message: string): void;
  /** The user's data directory (the embedded sandbox keeps its state there). */
  dataDir(): Promise<string>;
  /** The whole command tree, built afresh (the completion scripts are rendered from it). */
  commandTree(): Command;
  dispose(): Promise<void>;
}

export interface ContextDeps {
  io: IO;
  env: Env;
  globals: GlobalOptions;
  signal: AbortSignal;
  userAgent: string;
  now?: () => Date;
  /**
   * Loads the API modules and returns their factory. src/cli.ts hands it in, so that core
   * imports nothing of the layers above it; only a command that asks for the API calls it.
   */
  loadApi: () => Promise<(transport: Transport, apiVersion?: () => Promise<string>) => Api>;
  /** The command tree, which only src/cli.ts knows whole. */
  commandTree: () => Command;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** 10 minutes: no request should wait longer, and beyond 2^31-1 ms Node's timers fire at once. */
export const MAX_TIMEOUT_MS = 600_000;

// env-paths (with node:os) costs a few ms at import: only commands that touch files pay it.
const paths = () => import('./paths.js');

export function createContext(deps: ContextDeps): Context {
  const { io, env, globals, signal } = deps;
  const disposers: Array<() => Promise<void>> = [];
  let configStore: Promise<ConfigStore> | undefined;
  let stored: Promise<{ profile: Sourced; record: ProfileRecord | undefined }> | undefined;
  let connection: Promise<Connection> | undefined;
  let api: Promise<Api> | undefined;
  // The store's rate as this process knows it: every client of the context paces by it.
  let governor: RateGovernor | undefined;
  // The header family of the resolved store, shared by its clients as the governor is.
  let family: Promise<FamilyChoice> | undefined;
  let detected: Brand | undefined;

  const log = (line: string) => io.err(`${line}\n`);
  // One read of the config file serves the profile's name, credentials and defaults alike.
  const readStored = () =>
    (stored ??= Promise.all([import('./config.js'), paths()]).then(async ([{ readConfigFile }, { configDir }]) => {
      const file = await readConfigFile(configDir(env), (message) => ctx.warn(message));
      const profile = resolveProfile(globals, env, file.defaultProfile);
      return { profile, record: file.profile(profile.value) };
    }));
  const readStoredProfile = async () => (await readStored()).record;

  const ctx: Context = {
    io,
    globals,
    signal,
    env,
    prompter: createPrompter(io, signal),
    now: deps.now ?? (() => new Date()),
    config: () => (configStore ??= Promise.all([import('./config.js'), paths()]).then(([m, p]) => m.openConfig(p.configDir(env), (message) => ctx.warn(message)))),
    async profile() {
      const outside = resolveProfile(globals, env);
      return outside.source === 'default' ? (await readStored()).profile : outside;
    },
    async target() {
      if (globals.sandbox) return { profile: await ctx.profile() };
      const fromOutside = resolveTarget(globals, env, undefined);
      // CI gives both through the environment: no need to read the file at all.
      if (fromOutside.baseUrl && fromOutside.token) return fromOutside;
      const { profile, record } = await readStored();
      return resolveTarget(globals, env, record, profile);
    },
    async brand() {
      if (detected) return { value: detected, source: 'detected' };
      // The sandbox is ours: its dialect speaks one family, whatever else says.
      if (globals.sandbox) {
        const { embeddedDialect } = await import('./embedded-sandbox.js');
        return { value: embeddedDialect(env) === 'real' ? 'genstore' : 'service', source: 'sandbox' };
      }
      const fromEnv = brandFromEnv();
      if (fromEnv) return { value: fromEnv, source: 'env' };
      const saved = await ctx.setting('brand');
      if (saved.source === 'profile') return { value: saved.value, source: 'profile' };
      const target = await ctx.target();
      const host = target.baseUrl ? brandOfHost(new URL(target.baseUrl.value).hostname) : undefined;
      return host ? { value: host, source: 'host' } : { value: 'service', source: 'default' };
    },
    async apiVersion() {
      const fromEnv = env.STORE_CLI_API_VERSION;
      if (fromEnv !== undefined && fromEnv !== '') {
        if (!API_VERSION_PATTERN.test(fromEnv)) throw new UsageError(`STORE_CLI_API_VERSION must be six digits, year and month, such as 202412 (got '${escapeControls(fromEnv)}').`, false);
        return { value: fromEnv, source: 'env' };
      }
      const saved = await ctx.setting('api-version');
      return { value: saved.value, source: saved.source };
    },
    detectedBrand: () => detected,
    async setting(key) {
      const record = await readStoredProfile();
      // zod loads only when the profile stores a value to check.
      const schema = record?.defaults?.[key] === undefined ? undefined : await import('./defaults-schema.js');
      const profile = (await readStored()).profile.value;
      return settingFrom(key, record?.defaults, (k, raw) => schema!.checkStored(k, raw, profile));
    },
    api: (tuning) => (tuning ? loadApi(() => (connection ??= connect()), tuning) : (api ??= loadApi(() => (connection ??= connect())))),
    apiWith: (baseUrl, token, brand) =>
      loadApi(
        async () => {
          assertSafeTransport(baseUrl, globals.insecure === true);
          return { profile: await ctx.profile(), baseUrl: { value: baseUrl, source: 'flag' }, token: { value: token, source: 'flag' } };
        },
        {},
        () => {
          const named = brand ?? brandFromEnv() ?? brandOfHost(new URL(baseUrl).hostname);
          return choose(named ?? 'service', named === undefined);
        },
      ),
    async output(flags, fields) {
      const asked = (flags.jsonl !== undefined && flags.jsonl !== false) || (flags.json !== undefined && flags.json !== false) || flags.jq !== undefined;
      // An explicit --json/--jsonl needs no look at the profile (scripts and the start-up bench),
      // nor does piped output: the `output` default is for a terminal only (outputMode).
      // jq (WebAssembly) loads only for --jq, and its program is compiled before any request.
      const [{ Output }, format, jq] = await Promise.all([
        import('./output.js'),
        asked || !io.isStdoutTTY ? undefined : ctx.setting('output').then((s) => s.value),
        flags.jq === undefined ? undefined : import('./jq.js').then(({ JqFilter }) => JqFilter.compile(flags.jq!, { pretty: io.isStdoutTTY })),
      ]);
      return new Output(io, flags, fields, format, jq);
    },
    async spin(text, work) {
      if (globals.verbose || !io.isStderrTTY) return work(); // scripts never load the spinner
      const { withSpinner } = await import('./progress.js');
      return withSpinner(io, escapeControls(text), work);
    },
    say: log,
    warn: (message) => io.errTerminal(`${palette(io.colorErr).yellow('warning:')} ${escapeControls(message)}\n`),
    dataDir: async () => (await paths()).dataDir(env),
    commandTree: deps.commandTree,
    async dispose() {
      for (const dispose of disposers.reverse()) await dispose();
    },
  };

  async function connect(): Promise<Connection> {
    if (globals.sandbox) {
      const { embeddedDialect, startEmbeddedSandbox } = await import('./embedded-sandbox.js');
      const dir = await ctx.dataDir();
      await (await paths()).makePrivateDir(dir);
      const sandbox = await startEmbeddedSandbox(dir, globals.verbose ? log : undefined, embeddedDialect(env), { say: log, signal });
      disposers.push(() => sandbox.close());
      if (io.isStderrTTY) log(`Using the embedded sandbox (${sandbox.baseUrl}); 'store-cli --sandbox sandbox reset' clears it.`);
      return {
        profile: await ctx.profile(),
        baseUrl: { value: sandbox.baseUrl, source: 'sandbox' },
        token: { value: sandbox.token, source: 'sandbox' },
      };
    }
    const target = await ctx.target();
    const profile = target.profile.value;
    if (!target.baseUrl) {
      throw new AuthError(`No store is set up for profile '${profile}': run 'store-cli auth login --base-url URL', set STORE_CLI_BASE_URL, or try --sandbox.`);
    }
    if (!target.token) {
      throw new AuthError(`No access token for profile '${profile}': run 'store-cli auth login' or set STORE_CLI_TOKEN.`);
    }
    assertSafeTransport(target.baseUrl.value, globals.insecure === true);
    return { profile: target.profile, baseUrl: target.baseUrl, token: target.token };
  }

  function brandFromEnv(): Brand | undefined {
    const fromEnv = env.STORE_CLI_BRAND;
    if (fromEnv === undefined || fromEnv === '') return undefined;
    if (!isBrand(fromEnv)) throw new UsageError(`STORE_CLI_BRAND must be service or genstore (got '${escapeControls(fromEnv)}').`, false);
    return fromEnv;
  }

  /** A family choice that, when `detectable`, says once on stderr which family a 401 found. */
  async function choose(brand: Brand, detectable: boolean): Promise<FamilyChoice> {
    const { FamilyChoice } = await import('./family-choice.js');
    return new FamilyChoice(brand, detectable, (found) => {
      detected = found;
      const [refused, accepted] = [headerFamily(otherBrand(found)).token, headerFamily(found).token];
      log(`The store refused the token as ${refused} and accepted it as ${accepted}: using the ${found} header family ('auth login' saves it; elsewhere: store-cli config set brand ${found}).`);
    });
  }

  async function loadApi(resolve: () => Promise<Connection>, tuning: ApiTuning = {}, familyOf?: () => Promise<FamilyChoice>): Promise<Api> {
    const [{ HttpClient }, createApi, { RateGovernor }] = await Promise.all([import('./http.js'), deps.loadApi(), import('./rate-governor.js')]);
    const paced = tuning.governor ?? (governor ??= new RateGovernor({ signal }));
    // Asked only once a request goes: --help and usage errors read no profile for it.
    let asked: Promise<string> | undefined;
    const version = () => (asked ??= ctx.apiVersion().then((v) => v.value));
    const chosen = () => familyOf?.() ?? (family ??= ctx.brand().then((b) => choose(b.value, b.source === 'default')));
    let client: Promise<InstanceType<typeof HttpClient>> | undefined;
    const http = () =>
      (client ??= Promise.all([resolve(), chosen(), version()]).then(([c, familyChoice, apiVersion]) => {
        const made = new HttpClient({
          family: familyChoice,
          probePath: apiRoot(apiVersion) + ACCESS_SCOPES_SUBPATH,
          baseUrl: c.baseUrl.value,
          token: async () => c.token.value,
          timeoutMs: globals.timeout ?? DEFAULT_TIMEOUT_MS,
          userAgent: deps.userAgent,
          signal: tuning.signal ?? signal,
          governor: paced,
          ...(tuning.connections !== undefined ? { connections: tuning.connections } : {}),
          ...(tuning.retry ? { retry: tuning.retry } : {}),
          ...(globals.verbose ? { log } : {}),
        });
        disposers.push(() => made.close());
        return made;
      }));
    const transport: Transport = {
      request: async (spec: RequestSpec): Promise<JsonResponse> => (await http()).request(spec),
      requestRaw: async (spec: RawRequestSpec): Promise<RawAnswer> => (await http()).requestRaw(spec),
      baseUrl: async () => (await http()).baseUrl,
    };
    return createApi(tuning.wrap ? tuning.wrap(transport) : transport, version);
  }

  return ctx;
}
