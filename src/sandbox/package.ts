/**
 * `import { startSandbox } from 'store-cli/sandbox'`: the sandbox for a project's own test
 * suite. One call starts a real HTTP emulator of the service on a free loopback port; the
 * answer gives its address and token, the requests it answered, a reset to its seed, fault
 * rules added and removed as a test goes, and a stop. See docs/sandbox.md, "Using the
 * sandbox from a test suite".
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
import { z } from 'zod';
import { ALL_FAULT_KINDS } from './http/faults.js';
import { FaultRuleError, parseFaultRule, RULE_GRAMMAR, type FaultEntry } from './http/fault-rules.js';
import { ALL_SCOPES, startSandbox as launch, type SandboxOptions } from './index.js';
import type { RateLimitPlan as PlanName } from './sandbox-types.js';
// The types this module exports come from modules whose declarations need no Node.js types
// (no Buffer, no node:http), so a test suite without @types/node compiles against them:
// never from index.js, whose declarations reach the server's.
import { SandboxUsageError } from './http/sandbox-errors.js';
import type { RequestLogEntry } from './http/request-log.js';
import type { TokenGrant } from './http/auth.js';
import type { SandboxSeed } from './state/seed.js';

export { SandboxDataError, SandboxRuntimeError, SandboxUsageError } from './http/sandbox-errors.js';
export type { RequestLogEntry } from './http/request-log.js';
export type { Scope, TokenGrant } from './http/auth.js';
export type { SandboxSeed } from './state/seed.js';

const PLANS = ['basic', 'standard', 'advanced', 'legacy'] as const satisfies readonly PlanName[];
/** The real store's plans: basic 40 @ 4/s, standard 200 @ 20/s, advanced 400 @ 40/s, legacy 40 @ 2/s. */
export type RateLimitPlan = (typeof PLANS)[number];

/** What the sandbox starts with. All optional: `startSandbox()` is an empty store with one all-scopes token. */
export interface StartSandboxOptions {
  /**
   * The data it starts with and `reset()` returns to: `'demo'` (the demo data set), a seed
   * object, or the path of a seed file (JSON, e.g. one `store-cli sandbox export` wrote).
   * Absent: an empty store.
   */
  seed?: 'demo' | SandboxSeed | string;
  /** `'service'` (default) or `'real'`: answer as Genstore's stores do (X-Genstore-* headers, whole gift card codes in reads, ...). */
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
  /** Gift card codes in reads: `'masked'` (default, last four) or `'shown'` (whole, as the spec's gift card object lists them). */
  codesInReads?: 'masked' | 'shown';
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

/**
 * A targeted fault rule in force: its `id` (for `removeFault`), the `rule` in its canonical
 * form (method upper case, defaults left out) and its parts, as `GET /_sandbox/faults` lists them.
 */
export interface SandboxFault {
  id: string;
  rule: string;
  method: string;
  path: string;
  /** The status answered, or `'reset'`: the connection dropped. 200..299: answered normally, after the latency. */
  status: number | 'reset';
  probability: number;
  latencyMs: number;
}

export interface Sandbox {
  /** e.g. `http://127.0.0.1:54321`: the API is below `/api/202412`. */
  readonly baseUrl: string;
  /** The first of `tokens`, or the generated one: send it under `tokenHeader`. */
  readonly token: string;
  /** `X-Service-Access-Token`, or in the real dialect `X-Genstore-Access-Token`: the only header the token is read from. */
  readonly tokenHeader: string;
  /** The secret webhooks are signed with; absent with `webhooks: false`. */
  readonly webhookSecret?: string;
  /**
   * The sandbox's request log since start or the last `reset()`, oldest first: the API
   * requests answered and the webhook deliveries attempted, the newest `logSize` of them.
   * The sandbox's own /_sandbox/ calls are not listed.
   */
  requests(): SandboxRequest[];
  /** Back to the seed (empty without one), and an empty `requests()`. The fault rules stay. */
  reset(): Promise<void>;
  /**
   * Adds a targeted fault rule (`METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms]`, as
   * `faults.rules` takes them) after the others; it applies from the next request. A rule
   * that does not parse throws SandboxUsageError naming the part that is wrong.
   */
  addFault(rule: string): SandboxFault;
  /** Removes a rule by the id `addFault()` gave (the `faults.rules` are 1, 2, ...); an id no rule has throws SandboxUsageError. */
  removeFault(id: string): SandboxFault;
  /** Stops the server (and saves the state with `dataFile`). */
  stop(): Promise<void>;
}

/** A targeted fault rule, checked by the sandbox's own grammar. */
const faultRule = z.string().superRefine((text, check) => {
  try {
    parseFaultRule(text);
  } catch (error) {
    if (!(error instanceof FaultRuleError)) throw error;
    check.addIssue({ code: 'custom', message: `"${text}": ${error.message}` });
  }
});

/**
 * The options as JavaScript may pass them, unchecked by any compiler: every key known (a
 * misspelled `ratelimit` or a `failSeed` beside `faults` is refused, not ignored), every
 * value of its type. The sandbox checks ranges and meaning again when it starts.
 */
const OPTIONS = z.strictObject({
  seed: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
  dialect: z.enum(['service', 'real']).optional(),
  rateLimit: z.union([z.enum(PLANS), z.strictObject({ rps: z.number().positive(), burst: z.number().int().min(1).optional() })]).optional(),
  faults: z
    .strictObject({
      rate: z.number().min(0).max(1).optional(),
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 32 - 1)
        .optional(),
      kinds: z
        .array(z.enum(ALL_FAULT_KINDS as ['429', '500', '503', 'reset']))
        .min(1)
        .optional(),
      rules: z.array(faultRule).optional(),
      header: z.boolean().optional(),
    })
    .optional(),
  tokens: z.array(z.strictObject({ token: z.string().min(1), scopes: z.array(z.enum(ALL_SCOPES as [string, ...string[]])) })).optional(),
  idsAs: z.enum(['string', 'number']).optional(),
  codesInReads: z.enum(['masked', 'shown']).optional(),
  webhooks: z.union([z.literal(false), z.strictObject({ urls: z.array(z.string()).optional(), secret: z.string().optional() })]).optional(),
  dataFile: z.string().min(1).optional(),
  logSize: z.number().int().min(1).max(1_000_000).optional(),
  port: z.number().int().min(0).max(65535).optional(),
  host: z.string().min(1).optional(),
});

/** Near misses of the option names, for a friendlier refusal. */
const HINTS: Readonly<Record<string, string>> = {
  failSeed: 'faults.seed',
  failRate: 'faults.rate',
  failKinds: 'faults.kinds',
  allowFaultHeader: 'faults.header',
  seedFile: 'seed (a path)',
};

/** What an option takes, in words, where zod's own words would be vague (unions, objects). */
const TAKES: Readonly<Record<string, string>> = {
  options: 'an object of options',
  seed: "'demo', a seed object or the path of a seed file",
  rateLimit: "a plan ('basic', 'standard', 'advanced', 'legacy') or {rps, burst?}",
  faults: 'an object {rate?, seed?, kinds?, rules?, header?}',
  tokens: 'an array of {token, scopes}',
  webhooks: '{urls?, secret?} or false',
};

/** `faults.rules[0]`, `tokens[1].scopes[0]`, or `options` for the whole. */
function optionPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'options';
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join('');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), root);
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const at = optionPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys
      .map((key) => {
        const name = issue.path.length === 0 ? key : `${at}.${key}`;
        const known = issue.path.length === 0 ? Object.keys(OPTIONS.shape) : [];
        const near = HINTS[key] ?? known.find((option) => option.toLowerCase() === key.toLowerCase());
        return `startSandbox() has no option ${name}${near === undefined ? '' : ` (did you mean ${near}?)`}`;
      })
      .join('; ');
  }
  const got = describeValue(valueAt(input, issue.path));
  if (issue.code === 'invalid_value')
    return `startSandbox() option ${at} must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, not ${got}`;
  if (issue.code === 'invalid_type' || issue.code === 'invalid_union') {
    const takes = TAKES[at] ?? (issue.code === 'invalid_type' ? `a ${issue.expected}` : 'of another type');
    return `startSandbox() option ${at} must be ${takes}, not ${got}`;
  }
  const bound = /^Too (?:small|big): expected \w+ to (?:be|have) (.*)$/.exec(issue.message);
  if (bound !== null) return `startSandbox() option ${at} must be ${bound[1]}, not ${got}`;
  return `startSandbox() option ${at}: ${issue.message}`;
}

/** The options as given, or a SandboxUsageError naming the options at fault. */
function checkOptions(options: unknown): StartSandboxOptions {
  const given = options ?? {};
  const checked = OPTIONS.safeParse(given);
  if (checked.success) return given as StartSandboxOptions;
  throw new SandboxUsageError(`${checked.error.issues.map((issue) => describeIssue(issue, given)).join('; ')}.`);
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
  const running = await launch(sandboxOptions(checkOptions(options)));
  // The log itself keeps everything (GET /_sandbox/logs, sandbox logs); requests() starts after this seq.
  let since = 0;
  return {
    baseUrl: running.baseUrl,
    token: running.token,
    tokenHeader: running.tokenHeader,
    ...(running.webhookSecret === undefined ? {} : { webhookSecret: running.webhookSecret }),
    requests: () => running.requests().filter((entry) => entry.seq > since),
    async reset() {
      await running.reset();
      since = running.requests().at(-1)?.seq ?? since;
    },
    addFault(rule: string) {
      if (typeof rule !== 'string') throw new SandboxUsageError(`addFault() takes a fault rule as text, ${RULE_GRAMMAR}, not ${describeValue(rule)}.`);
      try {
        return faultOf(running.addFault(parseFaultRule(rule)));
      } catch (error) {
        if (error instanceof FaultRuleError) throw new SandboxUsageError(`addFault(${JSON.stringify(rule)}): ${error.message}`);
        throw error;
      }
    },
    removeFault(id: string) {
      const removed = running.removeFault(String(id));
      if (removed === undefined)
        throw new SandboxUsageError(`removeFault(${JSON.stringify(id)}): no fault rule has this id (addFault() returns each rule's id).`);
      return faultOf(removed);
    },
    stop: () => running.close(),
  };
}

/** A rule as the package shows it: a plain copy, its fields only. */
function faultOf({ id, rule, method, path, status, probability, latencyMs }: FaultEntry): SandboxFault {
  return { id, rule, method, path, status, probability, latencyMs };
}
