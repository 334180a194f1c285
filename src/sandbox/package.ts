/**
 * `import { startSandbox } from 'store-cli/sandbox'`: the sandbox for a project's own test
 * suite. One call starts a real HTTP emulator of the service on a free loopback port; the
 * answer gives its address and token, the requests it answered, a reset to its seed, and a
 * stop. See docs/sandbox.md, "Using the sandbox from a test suite".
 *
 * @example
 * ```ts
 * import { startSandbox, type Sandbox } from 'store-cli/sandbox';
 * let sandbox: Sandbox;
 * beforeAll(async () => { sandbox = await startSandbox({ seed: './test/seed.json' }); });
 * beforeEach(() => sandbox.reset());
 * afterAll(() => sandbox.stop());
 * ```
 */
import { startSandbox as launch, type RateLimitPlan, type SandboxOptions, type SandboxSeed, type TokenGrant } from './index.js';

export { SandboxDataError, SandboxUsageError } from './index.js';
export type { RateLimitPlan, SandboxSeed, Scope, TokenGrant } from './index.js';

/** What the sandbox starts with. All optional: `startSandbox()` is an empty store with one all-scopes token. */
export interface StartSandboxOptions {
  /**
   * The data it starts with and `reset()` returns to: `'demo'` (the demo data set), a seed
   * object, or the path of a seed file (JSON, e.g. one `store-cli sandbox export` wrote).
   * Absent: an empty store.
   */
  seed?: 'demo' | SandboxSeed | string;
  /** `'service'` (default) or `'real'`: answer as the real stores of this API family do. */
  dialect?: 'service' | 'real';
  /** A token bucket per token: a real plan by name, or `rps` tokens a second into a bucket of `burst`. */
  rateLimit?: RateLimitPlan | { rps: number; burst?: number };
  /** Random faults on this share (0..1) of the API's requests, repeatable with `seed`. */
  faults?: { rate: number; seed?: number; kinds?: Array<'429' | '500' | '503' | 'reset'> };
  /** Tokens it accepts, each with all scopes or those listed. Absent: one generated token with every scope. */
  tokens?: TokenGrant[];
  /** Ids and counts as JSON strings (default) or as bare JSON numbers. */
  idsAs?: 'string' | 'number';
  /** Product events POSTed to these URLs, signed with `secret` (generated when absent, see `webhookSecret`). */
  webhooks?: { urls: string[]; secret?: string };
  /** Keep the state in this JSON file (and its journal) instead of in memory only. */
  dataFile?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
}

/** One request the sandbox answered. */
export interface SandboxRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/202412/gift_cards/search?limit=50`. */
  path: string;
  /** 0 when no answer was sent (an injected connection reset). */
  status: number;
  /** How long the sandbox took to answer, in milliseconds. */
  ms: number;
}

export interface Sandbox {
  /** e.g. `http://127.0.0.1:54321`: the API is below `/api/202412`. */
  readonly baseUrl: string;
  /** Send it as `X-Service-Access-Token` (the first of `tokens`, or the generated one). */
  readonly token: string;
  /** The secret webhooks are signed with; absent without `webhooks`. */
  readonly webhookSecret?: string;
  /**
   * The API requests answered since start or the last `reset()`, oldest first: the last
   * KEPT_REQUESTS (10,000) of them. The sandbox's own /_sandbox/ calls are not listed.
   */
  requests(): SandboxRequest[];
  /** Back to the seed (empty without one), and an empty `requests()`. */
  reset(): Promise<void>;
  /** Stops the server (and saves the state with `dataFile`). */
  stop(): Promise<void>;
}

function sandboxOptions(options: StartSandboxOptions, onRequest: (line: SandboxRequest) => void): SandboxOptions {
  const { seed, faults, ...rest } = options;
  return {
    ...rest,
    ...(seed === undefined ? {} : typeof seed === 'string' && seed !== 'demo' ? { seedFile: seed } : { seed }),
    ...(faults === undefined ? {} : { failRate: faults.rate, ...(faults.seed === undefined ? {} : { failSeed: faults.seed }), ...(faults.kinds === undefined ? {} : { failKinds: faults.kinds }) }),
    onRequest,
  };
}

/** requests() keeps the last this many, so a long suite's memory stays bounded. */
export const KEPT_REQUESTS = 10_000;

/** Resolves once the sandbox accepts connections; rejects with SandboxUsageError naming a bad option or seed. */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  let answered: SandboxRequest[] = [];
  const running = await launch(
    sandboxOptions(options, (line) => {
      answered.push({ method: line.method, path: line.path, status: line.status, ms: line.ms });
      if (answered.length > KEPT_REQUESTS) answered.splice(0, answered.length - KEPT_REQUESTS);
    }),
  );
  return {
    baseUrl: running.baseUrl,
    token: running.token,
    ...(running.webhookSecret === undefined ? {} : { webhookSecret: running.webhookSecret }),
    requests: () => [...answered],
    async reset() {
      await running.reset();
      answered = [];
    },
    stop: () => running.close(),
  };
}
