// A sandbox started in the test process that keeps its request log as `sandbox serve` prints
// it (`METHOD /path?query STATUS MS ms`), the environment that points an in-process run at it,
// and runs that return the requests they sent: the in-process counterpart of cli-spawn.ts's
// serve() and runLogged(), for the command tests of whole workflows (export from one store,
// import into another, undo) in either dialect. With a `clock` (a SimClock made with
// autoAdvance()) the sandbox's rate limit and every run's waits go by it.
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import type { Clock } from '../../src/core/clock.js';
import { cli, scratchDirs, type CliResult, type RunOptions } from './cli-in-process.js';
import { brandEnv } from './dialects.js';

export type Env = Record<string, string>;

export interface LoggedSandbox {
  readonly sandbox: RunningSandbox;
  readonly baseUrl: string;
  readonly token: string;
  /** The dialect's token header (X-Genstore-Access-Token in the real dialect). */
  readonly tokenHeader: string;
  /** What every run against it waits by, unless the run names another. */
  readonly clock: Clock | undefined;
  /** Every request answered so far, oldest first, as `METHOD /path?query STATUS MS ms`. */
  log(): string[];
  /** Its address, token and header family, fresh config and data folders, then `extra`. */
  env(extra?: Env): Env;
  /** Runs the CLI against it (its env, its clock, unless `options` names others). */
  run(argv: string[], options?: RunOptions): Promise<CliResult>;
  close(): Promise<void>;
}

/** Starts a sandbox on an ephemeral loopback port (the demo seed and a dialect as `options` say). */
export async function startLogged(options: SandboxOptions = {}, clock?: Clock & { read?: () => number }): Promise<LoggedSandbox> {
  const lines: string[] = [];
  const sandbox = await startSandbox({
    port: 0,
    ...(clock?.read ? { rateClock: clock.read } : {}),
    ...options,
    onRequest: (line) => {
      lines.push(`${line.method} ${line.path} ${line.status} ${line.ms} ms`);
      options.onRequest?.(line);
    },
  });
  const handle: LoggedSandbox = {
    sandbox,
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    tokenHeader: sandbox.tokenHeader,
    clock,
    log: () => [...lines],
    env: (extra = {}) => ({ ...scratchDirs(), STORE_CLI_BASE_URL: sandbox.baseUrl, STORE_CLI_TOKEN: sandbox.token, ...brandEnv(options.dialect), ...extra }),
    run: (argv, runOptions = {}) => cli(argv, { ...(clock ? { clock } : {}), ...runOptions, env: runOptions.env ?? handle.env() }),
    close: () => sandbox.close(),
  };
  return handle;
}

/** A logged sandbox for the describe block that calls it: started in beforeAll, closed in afterAll. */
export function useLogged(options: SandboxOptions = {}, clock?: Clock & { read?: () => number }): { readonly store: LoggedSandbox } {
  let running: LoggedSandbox | undefined;
  beforeAll(async () => {
    running = await startLogged(options, clock);
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get store() {
      if (!running) throw new Error('sandbox not started yet');
      return running;
    },
  };
}

/**
 * Runs the CLI against the store; `requests` are the log lines of what the run sent. The
 * sandbox logs a request before it answers, so every request the run had an answer to is in.
 */
export async function runLogged(store: LoggedSandbox, argv: string[], options: RunOptions = {}): Promise<CliResult & { requests: string[] }> {
  const before = store.log().length;
  const result = await store.run(argv, options);
  return { ...result, requests: store.log().slice(before) };
}
