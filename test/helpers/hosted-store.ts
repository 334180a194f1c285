// A store for the spawned runs to talk to, hosted in the test's own process: `store-cli/sandbox`
// as built (dist/sandbox.cjs, the package's public entry), not a `sandbox serve` child. A served
// sandbox costs a node start and the CLI's and the sandbox's modules (about a third of a
// CPU-second, and half a second before its first answer) where this costs a few ms; the CLI
// under test is a process either way. `sandbox serve` itself, its --data file, its lock and
// a kill -9 of it are still served (cli-spawn.ts `serve`): test/e2e/sandbox-serve and
// durability. Like cli-spawn.ts, this imports nothing from src/ at run time: the tests see only
// the product (the types are the package's own, from its source).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type * as SandboxPackage from '../../src/sandbox/package.js';
import { isolatedEnv, REPO_ROOT, requireBuild, type Env } from './cli-spawn.js';
import { brandEnv } from './dialects.js';
import { api } from './store-request.js';

/**
 * `startSandbox()`'s options, but `tokens` written as `sandbox serve --token` takes them: `T`
 * (every scope) or `T:scope,scope` (those only).
 */
export type HostedOptions = Omit<SandboxPackage.StartSandboxOptions, 'tokens'> & { tokens?: string[] };

export interface HostedStore {
  readonly baseUrl: string;
  readonly token: string;
  /** The dialect's token header (X-Genstore-Access-Token with `dialect: 'real'`). */
  readonly tokenHeader: string;
  /**
   * The API requests answered so far, oldest first, as `sandbox serve` prints them
   * (`METHOD /path?query STATUS MS ms`). A request is in it before its answer is sent: once a
   * run has ended, every request it had an answer to is in.
   */
  log(): string[];
  /** The env that points a CLI run at it (address, token, the dialect's header family as STORE_CLI_BRAND), in fresh folders, plus `extra`. */
  env(extra?: Env): Env;
  stop(): Promise<void>;
}

/**
 * The package as `require('store-cli/sandbox')` loads it (dist/sandbox.cjs, one file), by node's
 * own require: neither vitest's module runner (which would transform the bundle again in every
 * worker) nor the type checker (the build may not be there yet when it runs) reads it.
 */
function sandboxPackage(): typeof SandboxPackage {
  requireBuild();
  return createRequire(import.meta.url)(join(REPO_ROOT, 'dist', 'sandbox.cjs')) as typeof SandboxPackage;
}

let everyScope: Promise<SandboxPackage.Scope[]> | undefined;

/** The scopes of a token given none: those the sandbox's own generated token has, as it answers them (GET oauth2/access_scopes). */
function scopesOfGeneratedToken(): Promise<SandboxPackage.Scope[]> {
  everyScope ??= (async () => {
    const sandbox = await sandboxPackage().startSandbox();
    try {
      const answer = await api(sandbox, 'GET', '/oauth2/access_scopes');
      const listed = (answer.json as { accessScopes: string }).accessScopes;
      return listed.slice(1, -1).split(',') as SandboxPackage.Scope[];
    } finally {
      await sandbox.stop();
    }
  })();
  return everyScope;
}

async function grants(tokens: readonly string[]): Promise<SandboxPackage.TokenGrant[]> {
  const all = await scopesOfGeneratedToken();
  return tokens.map((spec) => {
    const [token = '', scopes] = spec.split(':');
    return { token, scopes: scopes === undefined ? all : (scopes.split(',') as SandboxPackage.Scope[]) };
  });
}

/** Starts a store on a free loopback port; `options` as `startSandbox()` of store-cli/sandbox takes them (HostedOptions). */
export async function host(options: HostedOptions = {}): Promise<HostedStore> {
  const { tokens, ...rest } = options;
  // Every request kept: the tests count what a whole run sent.
  const sandbox = await sandboxPackage().startSandbox({ logSize: 1_000_000, ...rest, ...(tokens === undefined ? {} : { tokens: await grants(tokens) }) });
  return {
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    tokenHeader: sandbox.tokenHeader,
    log: () =>
      sandbox
        .requests()
        .filter((entry) => entry.kind === 'request')
        .map((entry) => `${entry.method} ${entry.path}${entry.query === '' ? '' : `?${entry.query}`} ${entry.status} ${entry.ms} ms`),
    env: (extra = {}) => isolatedEnv({ STORE_CLI_BASE_URL: sandbox.baseUrl, STORE_CLI_TOKEN: sandbox.token, ...brandEnv(options.dialect), ...extra }),
    stop: () => sandbox.stop(),
  };
}

/** A hosted store for the describe block that calls it: started in beforeAll, stopped in afterAll. */
export function useHosted(options: HostedOptions = {}): { readonly store: HostedStore } {
  let running: HostedStore | undefined;
  beforeAll(async () => {
    running = await host(options);
  });
  afterAll(async () => {
    await running?.stop();
  });
  return {
    get store() {
      if (!running) throw new Error('the hosted store has not started yet');
      return running;
    },
  };
}

/**
 * The metafield values the products `ids` hold, "bizId/ns.code=value" sorted, from one snapshot
 * of the store's state (its own controls, which no fault slows): what a `metafield export` of
 * them shows, read without a process of its own.
 */
export async function productValuesOf(store: Pick<HostedStore, 'baseUrl' | 'token' | 'tokenHeader'>, ids: readonly string[]): Promise<string[]> {
  const response = await fetch(`${store.baseUrl}/_sandbox/state`, { headers: { [store.tokenHeader]: store.token } });
  expect(response.status).toBe(200);
  const { metafields } = (await response.json()) as {
    metafields: Array<{ domain: string; bizId: string; values: Array<{ namespace: string; code: string; value: string }> }>;
  };
  const wanted = new Set(ids);
  return metafields
    .filter((object) => object.domain === 'products' && wanted.has(object.bizId))
    .flatMap((object) => object.values.map((v) => `${object.bizId}/${v.namespace}.${v.code}=${v.value}`))
    .sort();
}
