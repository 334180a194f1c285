// The sandbox's options resolved once, before anything starts: each one checked (a bad one is a
// SandboxUsageError naming it) and each default filled in, so that a wrong option fails with a
// sentence instead of a half-started server.
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { ALL_SCOPES, generateToken, type TokenGrant } from './http/auth.js';
import { createDialect, DIALECT_NAMES, type DialectName } from './http/dialect.js';
import { SandboxUsageError } from './http/sandbox-errors.js';
import { ALL_FAULT_KINDS, type FaultKind } from './http/faults.js';
import { FaultRuleError, parseFaultRule, type FaultRule } from './http/fault-rules.js';
import type { SandboxOptions, SandboxSeed } from './sandbox-types.js';
import type { IdsAs } from './http/body-json.js';
import { defaultBurst, RATE_LIMIT_PLANS, type RateLimit } from './http/rate-limit.js';
import type { RequestLogLine } from './http/server.js';
import { DEFAULT_LOG_SIZE, MAX_LOG_SIZE } from './http/request-log.js';
import { isHttpUrl } from './resources/text.js';
import { generateWebhookSecret, SANDBOX_SHOP_DOMAIN, type WebhookLogLine } from './http/webhooks.js';

export interface ResolvedOptions {
  host: string;
  port: number;
  tokens: TokenGrant[];
  /** No token was given: tokens holds one generated, which a data file's kept token replaces. */
  tokenGenerated: boolean;
  dataFile: string | undefined;
  waitForDataFile: SandboxOptions['waitForDataFile'];
  seed: 'demo' | 'none' | SandboxSeed;
  seedFile: string | undefined;
  failRate: number;
  failSeed: number;
  failKinds: FaultKind[];
  faults: FaultRule[];
  allowFaultHeader: boolean;
  idsAs: IdsAs;
  dialect: DialectName;
  currency: string;
  /** The shop `GET /shops/info` answers: its name and domain (currency is `currency`). */
  shop: { name: string; domain: string };
  codesInReads: 'masked' | 'shown';
  definitionsFile: string | undefined;
  rateLimit: RateLimit | undefined;
  rateLimitHeader: boolean;
  now: () => Date;
  rateClock: () => number;
  onRequest: ((line: RequestLogLine) => void) | undefined;
  logSize: number;
  /** Absent when the sandbox delivers no webhooks (`webhooks: false`). */
  webhooks: { urls: string[]; secret: string } | undefined;
  onWebhook: ((line: WebhookLogLine) => void) | undefined;
}

function usage(message: string): never {
  throw new SandboxUsageError(message);
}

/** Checks every option up front, so a bad one fails with a sentence instead of a half-started server. */
export function resolveOptions(input: SandboxOptions): ResolvedOptions {
  const host = input.host ?? '127.0.0.1';
  if (host.trim() === '') usage('The sandbox host must not be empty.');
  const port = input.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`The sandbox port must be an integer from 0 to 65535, not ${port}.`);

  const tokens = input.tokens !== undefined && input.tokens.length > 0 ? input.tokens : [generateToken()];
  for (const grant of tokens) {
    if (grant.token === '') usage('A sandbox token must not be empty.');
    for (const scope of grant.scopes) {
      if (!ALL_SCOPES.includes(scope)) usage(`Unknown scope "${scope}"; valid scopes are ${ALL_SCOPES.join(', ')}.`);
    }
  }

  const seed = input.seed ?? 'none';
  if (typeof seed !== 'object' && seed !== 'demo' && seed !== 'none') usage(`The sandbox seed must be "demo", "none" or a seed object, not "${String(seed)}".`);
  if (input.seedFile !== undefined && seed !== 'none') usage('Give the sandbox a seed or a seed file, not both.');

  const failRate = input.failRate ?? 0;
  if (!(failRate >= 0 && failRate <= 1)) usage(`The fault rate must be a number from 0 to 1, not ${failRate}.`);
  const failSeed = input.failSeed ?? randomInt(0, 2 ** 32);
  if (!Number.isInteger(failSeed)) usage(`The fault seed must be an integer, not ${failSeed}.`);
  const failKinds = input.failKinds ?? [...ALL_FAULT_KINDS];
  if (failKinds.length === 0) usage(`At least one fault kind is needed; valid kinds are ${ALL_FAULT_KINDS.join(', ')}.`);
  for (const kind of failKinds) {
    if (!ALL_FAULT_KINDS.includes(kind)) usage(`Unknown fault kind "${String(kind)}"; valid kinds are ${ALL_FAULT_KINDS.join(', ')}.`);
  }

  const faults = (input.faults ?? []).map((text, index) => faultRule(text, index));

  const idsAs = input.idsAs ?? 'string';
  if (idsAs !== 'string' && idsAs !== 'number') usage(`Ids must be written as "string" or "number", not "${String(idsAs)}".`);
  const dialect = input.dialect ?? 'service';
  if (!DIALECT_NAMES.includes(dialect))
    usage(`The sandbox dialect must be ${DIALECT_NAMES.map((name) => `"${name}"`).join(' or ')}, not "${String(dialect)}".`);
  if (dialect === 'real' && idsAs === 'number')
    usage('The real dialect writes ids as JSON strings, as the real store does, so it cannot write them as numbers.');
  const currency = input.currency ?? 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) usage(`The shop currency must be a three-letter ISO 4217 code such as USD, not "${currency}".`);
  const shop = { name: input.shopName ?? 'Sandbox Shop', domain: input.shopDomain ?? SANDBOX_SHOP_DOMAIN };
  if (shop.name.trim() === '' || shop.name.length > 255) usage('The shop name must be 1 to 255 characters.');
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(shop.domain)) usage(`The shop domain must be a host name such as my-shop.example.com, not "${shop.domain}".`);

  const codesInReads = input.codesInReads ?? createDialect(dialect).codesInReads;
  if (codesInReads !== 'masked' && codesInReads !== 'shown') usage(`Gift card codes in reads are "masked" or "shown", not "${String(codesInReads)}".`);
  const logSize = input.logSize ?? DEFAULT_LOG_SIZE;
  if (!(Number.isInteger(logSize) && logSize >= 1 && logSize <= MAX_LOG_SIZE))
    usage(`The request log size must be a whole number from 1 to ${MAX_LOG_SIZE}, not ${logSize}.`);

  let rateLimit: RateLimit | undefined;
  if (typeof input.rateLimit === 'string') {
    const name = input.rateLimit;
    if (!Object.hasOwn(RATE_LIMIT_PLANS, name))
      usage(`Unknown rate-limit plan "${name}"; the plans are ${Object.keys(RATE_LIMIT_PLANS).join(', ')} (or give RPS/BURST).`);
    rateLimit = { ...RATE_LIMIT_PLANS[name]! };
  } else if (input.rateLimit !== undefined) {
    const { rps, burst = defaultBurst(rps) } = input.rateLimit;
    if (!(Number.isFinite(rps) && rps > 0)) usage(`The rate limit must be a number of requests a second above 0, not ${rps}.`);
    if (!(Number.isInteger(burst) && burst >= 1)) usage(`The rate limit burst must be a whole number of at least 1, not ${burst}.`);
    rateLimit = { rps, burst };
  }

  return {
    host,
    port,
    tokens,
    tokenGenerated: !(input.tokens !== undefined && input.tokens.length > 0),
    dataFile: input.dataFile === undefined ? undefined : resolve(input.dataFile),
    waitForDataFile: input.waitForDataFile,
    seed,
    seedFile: input.seedFile === undefined ? undefined : resolve(input.seedFile),
    failRate,
    failSeed,
    failKinds,
    faults,
    allowFaultHeader: input.allowFaultHeader ?? false,
    idsAs,
    dialect,
    currency,
    shop,
    codesInReads,
    definitionsFile: input.definitionsFile === undefined ? undefined : resolve(input.definitionsFile),
    rateLimit,
    rateLimitHeader: input.rateLimitHeader ?? true,
    now: input.now ?? (() => new Date()),
    rateClock: input.rateClock ?? (() => performance.now()),
    onRequest: input.onRequest,
    logSize,
    webhooks: resolveWebhooks(input.webhooks),
    onWebhook: input.onWebhook,
  };
}

/** One targeted fault rule, or a sentence naming it and the part that is wrong. */
function faultRule(text: string, index: number): FaultRule {
  try {
    return parseFaultRule(text);
  } catch (error) {
    if (error instanceof FaultRuleError) usage(`faults[${index}] "${text}": ${error.message}.`);
    throw error;
  }
}

/**
 * The `--webhook` shortcut's URLs (each once) and the signing secret (given, or generated),
 * which subscriptions made at run time use too; `false`: no deliveries at all.
 */
function resolveWebhooks(input: SandboxOptions['webhooks']): ResolvedOptions['webhooks'] {
  if (input === false) return undefined;
  const urls = [...new Set(input?.urls ?? [])];
  for (const url of urls) {
    if (!isHttpUrl(url)) usage(`The webhook URL "${url}" is not an absolute http or https URL (such as http://127.0.0.1:4000/webhooks).`);
  }
  if (input?.secret !== undefined && input.secret.trim() === '') usage('The webhook secret must not be empty.');
  return { urls, secret: input?.secret ?? generateWebhookSecret() };
}

/**
 * The URL clients should use. A wildcard bind address is not something to connect to,
 * so it is shown as loopback; IPv6 literals need brackets in a URL.
 */
export function baseUrlFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const shown = reachable.includes(':') ? `[${reachable}]` : reachable;
  return `http://${shown}:${port}`;
}
