// What a caller of the sandbox gives and gets back: the options and the running sandbox.
// Apart from index.ts so that the modules behind the entry name them without importing it.
import type { TokenGrant } from './http/auth.js';
import type { RequestLogEntry } from './http/request-log.js';
import type { SandboxSeed } from './state/seed.js';
import type { WebhookLogLine } from './http/webhooks.js';
import type { FaultEntry, FaultRule } from './http/fault-rules.js';

export type { SandboxSeed } from './state/seed.js';

/** The real store's plans: basic 40 @ 4/s, standard 200 @ 20/s, advanced 400 @ 40/s, legacy 40 @ 2/s. */
export type RateLimitPlan = 'basic' | 'standard' | 'advanced' | 'legacy';

export interface SandboxOptions {
  /** Address to bind; default '127.0.0.1'. */
  host?: string;
  /** Default 0: an ephemeral port, see RunningSandbox.baseUrl. */
  port?: number;
  /** When empty or absent one token (`sbx_` + random) with every scope is generated. */
  tokens?: TokenGrant[];
  /**
   * State is loaded from and persisted to this JSON file (atomic writes) and its journal
   * `<dataFile>.journal` (each change synced before it is answered); absent: memory only.
   * The sandbox owns the file until close() (`<dataFile>.lock`).
   */
  dataFile?: string;
  /**
   * When another process owns dataFile: wait up to timeoutMs for it, calling onWait once
   * after a second of waiting (an aborted signal ends the wait). Absent: fail at once with
   * SandboxDataError.
   */
  waitForDataFile?: { timeoutMs: number; onWait?: (ownerPid: number, lockFile: string) => void; signal?: AbortSignal };
  /**
   * What a store that starts empty (no data file, or a blank one) gets, and what reset()
   * returns to: 'demo' (the demo data set), a seed document (see docs/sandbox.md "Seeds and
   * snapshots"), or 'none' (default: an empty store).
   */
  seed?: 'demo' | 'none' | SandboxSeed;
  /** A JSON file holding the seed (instead of `seed`). */
  seedFile?: string;
  /** Probability (0..1) that a request fails with one of failKinds before it is handled. Default 0. */
  failRate?: number;
  /** Seeds the fault generator so chaos runs are reproducible; default random. */
  failSeed?: number;
  /** Default all four. 'reset' destroys the connection without answering. */
  failKinds?: Array<'429' | '500' | '503' | 'reset'>;
  /**
   * Targeted faults, first match wins: `METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms]`,
   * e.g. `POST /api/202412/metafields/** 503@0.3`, `GET /api/202412/products/** 200+800ms`
   * (latency alone), `* ** reset@0.1`. Drawn from the failSeed generator; changeable at run
   * time through `/_sandbox/faults`. See docs/sandbox.md "Targeted faults".
   */
  faults?: string[];
  /** A request may name its own fault in an `X-Sandbox-Fault: STATUS[@P][+LATENCYms]` header. Default false: the header is ignored. */
  allowFaultHeader?: boolean;
  /** Ids and counts as JSON strings (default) or as bare JSON numbers, digit-exact beyond 2^53. */
  idsAs?: 'string' | 'number';
  /**
   * How the sandbox speaks. 'service' (default): the documented choices of README's
   * "Decisions" table. 'real': as the real stores of this API family answer ({"error"}
   * bodies, padded unquoted Link with rel=previous, zone-less times, 201 on create, no
   * Retry-After, unordered webhooks that stop after 8 failures), and with Genstore's header
   * names: the token only as X-Genstore-Access-Token; see docs/sandbox.md "Sandbox dialects".
   */
  dialect?: 'service' | 'real';
  /** Currency of new gift cards, and the shop's (`GET /shops/info`); default 'USD'. */
  currency?: string;
  /** The shop's name, as `GET /shops/info` answers it; default 'Sandbox Shop'. */
  shopName?: string;
  /** The shop's domain, as `GET /shops/info` answers it; default 'sandbox.localhost'. */
  shopDomain?: string;
  /**
   * Gift card codes in reads (get, search, update, disable): 'masked' (the service dialect's
   * default, `****` and the last four, as DESIGN decides) or 'shown' whole (the real
   * dialect's default), as the spec's gift card object lists `code` and as Genstore's sample
   * answers. A create always answers the whole code.
   */
  codesInReads?: 'masked' | 'shown';
  /** Clock used for timestamps and expiry. */
  now?: () => Date;
  /**
   * Monotonic milliseconds the rate limit's buckets refill by; default the process's
   * (performance.now). A test that runs its client in simulated time gives the same clock
   * here, so that the buckets refill in that time too.
   */
  rateClock?: () => number;
  /**
   * Metafield definitions (JSON file `{"definitions": [...]}`, see docs/sandbox.md): they replace
   * the seed's (the demo set with seed 'demo'), for a new store and for reset(), and are laid
   * over those a data file holds. Absent: the seed's, none without a seed (every value is then
   * SingleLineText). The definitions API changes them.
   */
  definitionsFile?: string;
  /**
   * Token bucket per token: a real plan by name, or `burst` tokens (default 10 x rps) refilled at `rps` a second; an
   * empty bucket answers 429 with Retry-After. Every answer then carries
   * `X-Service-Shop-Api-Rate-Limit: used/size` (`X-Genstore-Shop-Api-Rate-Limit` in the real dialect).
   */
  rateLimit?: { rps: number; burst?: number } | RateLimitPlan;
  /** false: answer without the rate-limit header (a store that does not announce its bucket). Default true. */
  rateLimitHeader?: boolean;
  /**
   * Called once per API request as its answer goes out; status 0 means none was sent. Never
   * carries the token; `path` includes the query, secret values masked. Control requests
   * (`/_sandbox/...`) are not reported.
   */
  onRequest?: (line: { method: string; path: string; status: number; ms: number }) => void;
  /** How many entries the request log keeps (the newest; see RunningSandbox.requests()), 1..1000000. Default 10000. */
  logSize?: number;
  /**
   * Product events (products/create, products/update, products/delete) go to every
   * subscription of their topic (`/api/202412/app/webhooks`) and to each of `urls` (absolute
   * http or https; every topic, not stored), signed with `secret`; without a secret one is
   * generated, see RunningSandbox.webhookSecret. `false`: subscriptions are kept but nothing
   * is delivered (a sandbox that lives for one command, as `--sandbox` does).
   */
  webhooks?: { urls?: string[]; secret?: string } | false;
  /** Called after each webhook delivery attempt with its outcome. */
  onWebhook?: (line: WebhookLogLine) => void;
}

export interface RunningSandbox {
  /** e.g. 'http://127.0.0.1:54321': no trailing slash, no /api path. */
  baseUrl: string;
  /** The first token of the options, or the generated one. */
  token: string;
  /** The header the token is read from: the dialect's (X-Service-Access-Token, or X-Genstore-Access-Token in the real one). */
  tokenHeader: string;
  /** The address and port the server is bound to, as the system reports them (`0.0.0.0` for every interface). */
  listening: { address: string; port: number };
  /** The secret webhooks are signed with (given or generated); absent with `webhooks: false`. */
  webhookSecret?: string;
  /**
   * The request log, oldest first: the API requests answered and the webhook delivery
   * attempts made, the newest `logSize` of them (control requests are not in it).
   */
  requests(): RequestLogEntry[];
  /** Puts the store back to its seed (empty without one), durably, as POST /_sandbox/reset does. */
  reset(): Promise<void>;
  /**
   * The targeted fault rules in force that have matched no request since start (fired or
   * not), each as written back (`POST /api/202412/metafields/** 503@0.3`), with its id.
   */
  unmatchedFaults(): Array<{ id: string; rule: string }>;
  /** Adds a targeted fault rule after the others, from the next request (as POST /_sandbox/faults). */
  addFault(rule: FaultRule): FaultEntry;
  /** Removes the rule of this id; undefined when no rule has it (as DELETE /_sandbox/faults/{id}). */
  removeFault(id: string): FaultEntry | undefined;
  /** Stops accepting, closes idle keep-alive sockets, flushes pending persistence. */
  close(): Promise<void>;
}
