// The composition root: builds what a command's context holds beyond core's part (the
// streams, config, profile and output of core/base-context.ts): the target, a store or
// the embedded sandbox (connection.ts), the HTTP client to it, and the API on that
// transport. Core imports nothing of these: neither src/api nor the emulator, not even a
// type. In the layers it sits above src/api and the features (bulk, webhooks, completion,
// product) and below src/commands, whose verbs see its Context; src/cli.ts calls
// createContext once a verb runs. The API modules, undici and the sandbox load only when a
// command asks for the API, so --help and usage errors load none of them. The HTTP client
// (with node's http wire), the rate governor and the guard of writes come with this module:
// every command that asks for the API needs them, and as lazy imports they were steps of a
// one-request command's start, each found only once the one before had run (issue 33).
import type { Api } from '../api/index.js';
import type { RunReport } from '../bulk/report/run-report.js';
import type { SearchMethod, SearchMethodMemory } from '../api/customers/search-method.js';
import { createBaseContext, DEFAULT_TIMEOUT_MS, type BaseContext, type BaseContextDeps } from '../core/base-context.js';
import { ACCESS_SCOPES_SUBPATH, apiRoot, brandOfHost, headerFamily, isBrand, otherBrand, type Brand, type BrandSource } from '../core/brand.js';
import { FamilyChoice } from '../core/family-choice.js';
import { AuthError, UsageError } from '../core/errors.js';
import { HttpClient, type JsonResponse, type RawAnswer, type RawRequestSpec, type RequestSpec } from '../core/http.js';
import { escapeControls } from '../core/io.js';
import { RateGovernor } from '../core/rate-governor.js';
import { assertSafeTransport } from '../core/target.js';
import type { ApiTuning, Transport } from '../core/transport.js';
import type { CapturedRun } from '../core/captured-run.js';
import type { Env } from '../core/paths.js';
import { connect, sandboxBrand, type Connection } from './connection.js';
import { createStoreGuard, type StoreGuard } from './store-guard.js';

// What a command needs of its context besides the Context itself, in the one import it makes.
export { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, type GlobalOptions } from '../core/base-context.js';

/** The context handed to every command's run(): core's, plus the store's header family and the API. */
export interface Context extends BaseContext {
  /**
   * The store's header family: with --sandbox, the embedded sandbox's dialect's; else
   * STORE_CLI_BRAND, else the profile's `brand`, else what the host names (a genmystore.com
   * store), else `service` with source 'default'; once a 401 made the client find the other
   * family, that one with source 'detected'.
   */
  brand(): Promise<{ value: Brand; source: BrandSource }>;
  /**
   * The API, bound to the resolved store. Nothing is resolved or sent until a request.
   * With a tuning, a client of its own (not shared with other calls) is built to it.
   */
  api(tuning?: ApiTuning): Promise<Api>;
  /**
   * The API bound to an explicit store and token (auth login checks a token before saving
   * it). Its header family: `brand` if given, else STORE_CLI_BRAND, else the host's, else
   * found from a 401 (see detectedBrand); never the profile's, which may be another store's.
   * With a tuning, its client is built to it (a rehearsal's import on its copy of the store).
   */
  apiWith(baseUrl: string, token: string, brand?: Brand, tuning?: ApiTuning): Promise<Api>;
  /** The family a 401 made the client find in this run, if it did. */
  detectedBrand(): Brand | undefined;
  /** Closes what the command opened: HTTP clients, the embedded sandbox. */
  dispose(): Promise<void>;
  /** Within a run across stores: its group id, which a writing run's journal keeps (`store-cli undo GROUP-ID`). */
  readonly runGroup?: string;
  /** Within a run across stores: takes the store's run report, which the fan-out writes into its --report files, a section a store. */
  readonly storeReport?: (report: RunReport, skipped: readonly string[]) => void;
  /** A context of its own for another saved profile (undo of a group: each run on its own store); disposed with this one. */
  forProfile(profile: string): Context;
  /** Runs another command of this CLI in this process, its output kept; `options` change its environment and put a layer over its API. */
  runCommand(argv: readonly string[], options?: RunCommandOptions): Promise<CapturedRun>;
}

/**
 * A layer over every API a run builds for its store (an applied MCP plan's journal,
 * bulk/runs/journaled-api.ts): given the transport below the API and how to build an API on
 * a transport, the API the run's command gets.
 */
export type ApiLayer = (transport: Transport, build: (transport: Transport) => Api) => Api;

/** How a command run in this process differs from a plain one (the MCP server's tool calls). */
export interface RunCommandOptions {
  /** Environment variables set (text) or unset (undefined) for it: the token of a sandbox the server started. */
  env?: Env;
  /** The layer over its API. */
  apiLayer?: ApiLayer;
}

export interface ContextDeps extends BaseContextDeps {
  userAgent: string;
  /** A store's run within a run across stores: the confirmation its first write waits for (root/fan-out.ts). */
  beforeFirstWrite?: () => Promise<void>;
  /** A store's run within a run across stores: the group id of the run. */
  runGroup?: string;
  /** A store's run within a run across stores: where its run report goes instead of the --report files. */
  storeReport?: (report: RunReport, skipped: readonly string[]) => void;
  /** Another command's run, in this process, its output kept; only src/cli.ts can run one. */
  runCommand: (argv: readonly string[], options?: RunCommandOptions) => Promise<CapturedRun>;
  /** The layer over every API this run builds for its store (RunCommandOptions.apiLayer of the run that started this one). */
  apiLayer?: ApiLayer;
}

export function createContext(deps: ContextDeps): Context {
  const { io, env, globals, signal } = deps;
  const base = createBaseContext(deps);
  const disposers: Array<() => Promise<void>> = [];
  let connection: Promise<Connection> | undefined;
  let api: Promise<Api> | undefined;
  // The store's rate as this process knows it: every client of the context paces by it.
  let governor: RateGovernor | undefined;
  // The header family of the resolved store, shared by its clients as the governor is.
  let family: Promise<FamilyChoice> | undefined;
  let detected: Brand | undefined;

  // The guard of the target's writes (store.toml, STORE_CLI_READ_ONLY): one a run, on every API of ctx.api().
  let guard: Promise<StoreGuard> | undefined;
  const storeGuard = () =>
    (guard ??= Promise.resolve(
      createStoreGuard({
        guards: () => base.guards(),
        io,
        prompter: base.prompter,
        yes: globals.yes === true,
        ...(globals.confirmStore !== undefined ? { confirmStore: globals.confirmStore } : {}),
        ...(deps.beforeFirstWrite ? { beforeFirstWrite: deps.beforeFirstWrite } : {}),
      }),
    ));

  const log = (line: string) => io.err(`${line}\n`);
  const connected = () => (connection ??= connect(base, log, (close) => disposers.push(close)));

  // Customer search's method for the resolved store: the profile's customer-search, or what a
  // fallback found in this run; a found one is saved in the profile when the profile holds
  // this store (as auth login saves the header family), else the run says how to save it.
  let searchFound: SearchMethod | undefined;
  const customerSearch: SearchMethodMemory = {
    async first() {
      return searchFound ?? ((await ctx.setting('customer-search')).value === 'post' ? 'POST' : 'GET');
    },
    async found(method) {
      // Searches in flight together (a bulk run's) may each find it: said once.
      if (searchFound === method) return;
      searchFound = method;
      const refused = method === 'POST' ? 'GET' : 'POST';
      const value = method.toLowerCase();
      const target = await ctx.target();
      if (!globals.sandbox && target.baseUrl?.source === 'config file') {
        const config = await ctx.config();
        config.setDefault(target.profile.value, 'customer-search', value);
        log(
          `The store refused customer search by ${refused} and answered it by ${method}: saved customer-search ${value} for profile '${target.profile.value}'.`,
        );
      } else {
        log(
          `The store refused customer search by ${refused} and answered it by ${method}; ` +
            `to ask it so first next time: store-cli config set customer-search ${value}.`,
        );
      }
    },
  };
  // An explicit store (apiWith: a login's check, a rehearsal's copy) is not the profile's: what it answers is kept for the run only.
  let explicitFound: SearchMethod | undefined;
  const runOnly: SearchMethodMemory = {
    first: async () => explicitFound ?? 'GET',
    found: async (method) => {
      explicitFound = method;
    },
  };

  const ctx: Context = {
    ...base,
    runCommand: deps.runCommand,
    async brand() {
      if (detected) return { value: detected, source: 'detected' };
      // The sandbox is ours: its dialect speaks one family, whatever else says.
      if (globals.sandbox) return { value: await sandboxBrand(env), source: 'sandbox' };
      const fromEnv = brandFromEnv();
      if (fromEnv) return { value: fromEnv, source: 'env' };
      const saved = await ctx.setting('brand');
      if (saved.source === 'profile') return { value: saved.value, source: 'profile' };
      const target = await ctx.target();
      const host = target.baseUrl ? brandOfHost(new URL(target.baseUrl.value).hostname) : undefined;
      return host ? { value: host, source: 'host' } : { value: 'service', source: 'default' };
    },
    detectedBrand: () => detected,
    api: (tuning) =>
      tuning
        ? loadApi(connected, customerSearch, tuning, undefined, storeGuard, deps.apiLayer)
        : (api ??= loadApi(connected, customerSearch, {}, undefined, storeGuard, deps.apiLayer)),
    apiWith: (baseUrl, token, brand, tuning) =>
      loadApi(
        async () => {
          assertSafeTransport(baseUrl, globals.insecure === true);
          return { profile: await ctx.profile(), baseUrl: { value: baseUrl, source: 'flag' }, token: { value: token, source: 'flag' } };
        },
        runOnly,
        tuning ?? {},
        () => {
          const named = brand ?? brandFromEnv() ?? brandOfHost(new URL(baseUrl).hostname);
          return choose(named ?? 'service', named === undefined);
        },
      ),
    async dispose() {
      for (const dispose of disposers.reverse()) await dispose();
    },
    ...(deps.runGroup === undefined ? {} : { runGroup: deps.runGroup }),
    ...(deps.storeReport === undefined ? {} : { storeReport: deps.storeReport }),
    forProfile(profile) {
      // The profile named outright: no environment, and neither the fan-out's hooks nor its group.
      const { env: _env, ...named } = globals;
      const { beforeFirstWrite: _confirm, runGroup: _group, storeReport: _report, ...rest } = deps;
      const other = createContext({ ...rest, globals: { ...named, profile } });
      disposers.push(() => other.dispose());
      return other;
    },
  };

  function brandFromEnv(): Brand | undefined {
    const fromEnv = env.STORE_CLI_BRAND;
    if (fromEnv === undefined || fromEnv === '') return undefined;
    if (!isBrand(fromEnv)) throw new UsageError(`STORE_CLI_BRAND must be service or genstore (got '${escapeControls(fromEnv)}').`, false);
    return fromEnv;
  }

  /** A family choice that, when `detectable`, says once on stderr which family a 401 found. */
  async function choose(brand: Brand, detectable: boolean): Promise<FamilyChoice> {
    return new FamilyChoice(brand, detectable, (found) => {
      detected = found;
      const [refused, accepted] = [headerFamily(otherBrand(found)).token, headerFamily(found).token];
      log(
        `The store refused the token as ${refused} and accepted it as ${accepted}: ` +
          `using the ${found} header family ('auth login' saves it; elsewhere: store-cli config set brand ${found}).`,
      );
    });
  }

  /**
   * The API on a transport of its own: the HTTP client to `resolve`'s connection, built on
   * the first request (with the family and API version asked for then), paced by the rate governor
   * every client of this context shares, and closed by dispose().
   */
  async function loadApi(
    resolve: () => Promise<Connection>,
    customerSearchOf: SearchMethodMemory,
    tuning: ApiTuning = {},
    familyOf?: () => Promise<FamilyChoice>,
    guardOf?: () => Promise<StoreGuard>,
    layer?: ApiLayer,
  ): Promise<Api> {
    const [createApi, guarding] = await Promise.all([import('../api/index.js').then((m) => m.createApi), guardOf?.()]);
    const paced = tuning.governor ?? (governor ??= new RateGovernor({ signal, clock: base.clock }));
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
          now: base.now,
          ...(tuning.connections !== undefined ? { connections: tuning.connections } : {}),
          ...(tuning.retry ? { retry: tuning.retry } : {}),
          ...(tuning.onWrite ? { onWrite: tuning.onWrite } : {}),
          ...(globals.verbose ? { log } : {}),
        });
        disposers.push(() => made.close());
        return made;
      }));
    const sent: Transport = {
      request: async (spec: RequestSpec): Promise<JsonResponse> => (await http()).request(spec),
      requestRaw: async (spec: RawRequestSpec): Promise<RawAnswer> => (await http()).requestRaw(spec),
      baseUrl: async () => (await http()).baseUrl,
    };
    // Below a tuning's layer (a dry run's withheld writes never reach it), above the client.
    const transport = guarding ? guarding.wrap(sent) : sent;
    // The store's family, for a request whose path or body depends on it (a discount's shape):
    // when nothing named it, one read of the token's scopes (a path every family documents)
    // lets a 401 find the other family before that request is built, not after it was sent.
    let settled: Promise<Brand> | undefined;
    const storeBrand = () =>
      (settled ??= (async () => {
        const choice = await chosen();
        if (choice.detectable && choice.found === undefined) {
          const path = apiRoot(await version()) + ACCESS_SCOPES_SUBPATH;
          await (await http()).request({ method: 'GET', path }).catch((error: unknown) => {
            // A refused token is the command's failure too; any other answer leaves the family as it is.
            if (error instanceof AuthError) throw error;
          });
        }
        return choice.brand;
      })());
    const below = tuning.wrap ? tuning.wrap(transport) : transport;
    const build = (on: Transport) => createApi(on, version, storeBrand, customerSearchOf);
    return layer ? layer(below, build) : build(below);
  }

  return ctx;
}
