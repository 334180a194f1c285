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
import { startSandbox as launch, type RateLimitPlan, type RequestLogEntry, type SandboxOptions, type SandboxSeed, type TokenGrant } from './index.js';

export { SandboxDataError, SandboxUsageError } from './index.js';
export type { RateLimitPlan, RequestLogEntry, SandboxSeed, Scope, TokenGrant } from './index.js';

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
  /**
   * Faults: random ones on this share (0..1, `rate`) of the API's requests, targeted `rules`
   * (`METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms]`, e.g. `POST /api/202412/metafields/** 503@0.3`),
   * and with `header` a request's own `X-Sandbox-Fault: STATUS[@P][+LATENCYms]`; all drawn
   * repeatably with `seed`.
   */
  faults?: { rate?: number; seed?: number; kinds?: Array<'429' | '500' | '503' | 'reset'>; rules?: string[]; header?: boolean };
  /** Tokens it accepts, each with all scopes or those listed. Absent: one generated token with every scope. */
  tokens?: TokenGrant[];
  /** Ids and counts as JSON strings (default) or as bare JSON numbers. */
  idsAs?: 'string' | 'number';
  /**
   * Product events go to every subscription of their topic (`/api/202412/app/webhooks`, or a
   * seed's `webhooks`) and to each of `urls`, signed with `secret` (generated when absent, see
   * `webhookSecret`). `false`: subscriptions are kept, nothing is delivered.
   */
  webhooks?: { urls?: string[]; secret?: string } | false;
  /** Keep the state in this JSON file (and its journal) instead of in memory only. */
  dataFile?: string;
  /** How many entries `requests()` keeps at most (the newest), 1..1000000; default 10,000. */
  logSize?: number;
  /** Default 0: a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
}

/**
 * One entry of the request log: an API request the sandbox answered (`kind: 'request'`;
 * `path` without the query, which is in `query`), or a webhook delivery attempt (`kind: 'webhook'`).
 */
export type SandboxRequest = RequestLogEntry;

export interface Sandbox {
  /** e.g. `http://127.0.0.1:54321`: the API is below `/api/202412`. */
  readonly baseUrl: string;
  /** Send it as `X-Service-Access-Token` (the first of `tokens`, or the generated one). */
  readonly token: string;
  /** The secret webhooks are signed with; absent with `webhooks: false`. */
  readonly webhookSecret?: string;
  /**
   * The sandbox's request log since start or the last `reset()`, oldest first: the API
   * requests answered and the webhook deliveries attempted, the newest `logSize` of them.
   * The sandbox's own /_sandbox/ calls are not listed.
   */
  requests(): SandboxRequest[];
  /** Back to the seed (empty without one), and an empty `requests()`. */
  reset(): Promise<void>;
  /** Stops the server (and saves the state with `dataFile`). */
  stop(): Promise<void>;
}

function sandboxOptions(options: StartSandboxOptions): SandboxOptions {
  const { seed, faults, ...rest } = options;
  return {
    ...rest,
    ...(seed === undefined ? {} : typeof seed === 'string' && seed !== 'demo' ? { seedFile: seed } : { seed }),
    ...(faults === undefined
      ? {}
      : {
          ...(faults.rate === undefined ? {} : { failRate: faults.rate }),
          ...(faults.seed === undefined ? {} : { failSeed: faults.seed }),
          ...(faults.kinds === undefined ? {} : { failKinds: faults.kinds }),
          ...(faults.rules === undefined ? {} : { faults: faults.rules }),
          ...(faults.header === undefined ? {} : { allowFaultHeader: faults.header }),
        }),
  };
}

/** Resolves once the sandbox accepts connections; rejects with SandboxUsageError naming a bad option or seed. */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  const running = await launch(sandboxOptions(options));
  // The log itself keeps everything (GET /_sandbox/logs, sandbox logs); requests() starts after this seq.
  let since = 0;
  return {
    baseUrl: running.baseUrl,
    token: running.token,
    ...(running.webhookSecret === undefined ? {} : { webhookSecret: running.webhookSecret }),
    requests: () => running.requests().filter((entry) => entry.seq > since),
    async reset() {
      await running.reset();
      since = running.requests().at(-1)?.seq ?? since;
    },
    stop: () => running.close(),
  };
}
