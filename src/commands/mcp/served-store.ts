// The store `store-cli mcp` serves, resolved once when it starts: the profile or store.toml
// environment its flags (--profile, --env, given before or after `mcp`), the variables or
// the folder's store.toml name, or the embedded sandbox; a name that resolves to no store is
// refused before serving (exit 2), not at each tool call. Every tool's command runs with the
// same global flags, so the store cannot change under a plan; a sandbox the server started
// (sandbox_start) is served the same way, by its address and token.
import type { RunMeta } from '../../bulk/runs/run-journal.js';
import type { GlobalOptions } from '../../core/base-context.js';
import { UsageError } from '../../core/errors.js';
import type { Env } from '../../core/paths.js';
import type { Context } from '../../root/context.js';

export interface ServedStore {
  /** The global flags every tool's command runs with. */
  globals: readonly string[];
  /** Variables set for those commands: the token of a sandbox the server started. */
  env?: Env;
  /** The store as a run's journal names it (`store-cli undo` checks it). */
  runStore: RunMeta['store'];
  /** The names a policy's `envs` may give it (its environment, its profile); 'sandbox' where no store is at risk. */
  names: readonly string[] | 'sandbox';
  /** The store as people read it. */
  describe: string;
  /** A sandbox: the embedded one (--sandbox) or one this server started (sandbox_start). */
  sandbox?: 'embedded' | 'own';
  /** A store.toml environment that refuses every write (read_only): no write tool is served. */
  readOnly?: string;
}

/** The profile a sandbox the server started is served under: none a store.toml environment names, so no guard of a store applies to it. */
export const OWN_SANDBOX_PROFILE = 'mcp-sandbox';

/** The store the server's flags name, checked: one that is not set up is a UsageError (exit 2) before serving. */
export async function servedStore(ctx: Context): Promise<ServedStore> {
  // A run across stores (--env a,b, --group) runs the command once a store: a server is for one.
  if (ctx.runGroup !== undefined)
    throw new UsageError('store-cli mcp serves one store: give --env NAME (one environment), --profile NAME or --sandbox, not several stores.');
  const target = await ctx.target();
  const profile = target.profile;
  const guards = await ctx.guards();
  const readOnly = guards.readOnly !== undefined ? { readOnly: guards.readOnly } : {};
  const globals = globalArgv(ctx.globals);
  if (ctx.globals.sandbox)
    return {
      globals,
      runStore: { profile: profile.value, sandbox: true },
      names: 'sandbox',
      describe: 'the embedded sandbox',
      sandbox: 'embedded',
      ...readOnly,
    };
  if (target.baseUrl === undefined)
    throw new UsageError(
      `No store is set up for profile '${profile.value}'${profile.environment ? ` (environment ${profile.environment.name})` : ''}: ` +
        "run 'store-cli auth login --base-url URL', give --base-url, or serve the embedded sandbox (--sandbox).",
      false,
    );
  const environment = profile.environment?.name;
  // A base URL from a flag or a variable is not the profile's store: no name of it counts for a policy's envs.
  const named = target.baseUrl.source === 'config file';
  const at = named ? '' : ` at ${target.baseUrl.value}`;
  return {
    globals,
    runStore: { profile: profile.value, baseUrl: target.baseUrl.value },
    names: named ? [...(environment !== undefined ? [environment] : []), profile.value] : [],
    describe: `${environment !== undefined ? `environment ${environment} (profile ${profile.value})` : `profile ${profile.value}`}${at}`,
    ...readOnly,
  };
}

/** A sandbox this server started, served by its address and token. */
export function ownSandbox(baseUrl: string, token: string, base: GlobalOptions): ServedStore {
  return {
    globals: [
      '--profile',
      OWN_SANDBOX_PROFILE,
      '--base-url',
      baseUrl,
      ...(base.timeout !== undefined ? ['--timeout', String(base.timeout)] : []),
      '--no-color',
    ],
    // Its token, and none of the variables that would name another store or family for it.
    env: { STORE_CLI_TOKEN: token, STORE_CLI_BASE_URL: undefined, STORE_CLI_PROFILE: undefined, STORE_CLI_ENV: undefined, STORE_CLI_BRAND: undefined },
    runStore: { profile: OWN_SANDBOX_PROFILE, baseUrl },
    names: 'sandbox',
    describe: `the sandbox this server started (${baseUrl})`,
    sandbox: 'own',
  };
}

/** The run's global flags, given again to each command a tool runs: the same store, the same way. */
function globalArgv(globals: GlobalOptions): string[] {
  return [
    ...(globals.profile !== undefined ? ['--profile', globals.profile] : []),
    ...(globals.env !== undefined ? ['--env', globals.env] : []),
    ...(globals.baseUrl !== undefined ? ['--base-url', globals.baseUrl] : []),
    ...(globals.sandbox ? ['--sandbox'] : []),
    ...(globals.timeout !== undefined ? ['--timeout', String(globals.timeout)] : []),
    ...(globals.insecure ? ['--insecure'] : []),
    '--no-color',
  ];
}
