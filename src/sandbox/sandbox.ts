// Starting a sandbox: the options resolved, the store opened on its data file, then the server
// built with its dialect, rate limit, fault rules, controls and webhook dispatcher. close() stops
// webhook retries at once, lets requests in flight finish a moment, then folds the journal into
// the data file.
import type { AddressInfo } from 'node:net';
import { ALL_SCOPES, Authorizer, type TokenGrant } from './http/auth.js';
import { createDialect } from './http/dialect.js';
import { SandboxRuntimeError, SandboxUsageError } from './http/sandbox-errors.js';
import { createFaultDecider, createFaultInjector, mulberry32 } from './http/faults.js';
import { FaultRules } from './http/fault-rules.js';
import { faultControlRoutes } from './http/control-faults.js';
import { loadDefinitions, type MetafieldDefinition } from './resources/metafield-definitions/definitions.js';
import type { RunningSandbox, SandboxOptions } from './sandbox-types.js';
import { baseUrlFor, resolveOptions, type ResolvedOptions } from './options.js';
import { bucketRefusal, rateLimitHeader, RateLimiter, type RateLimit } from './http/rate-limit.js';
import { Router } from './http/router.js';
import { controlRouter } from './http/control.js';
import { logControlRoutes } from './http/control-logs.js';
import { stateControlRoutes } from './http/control-state.js';
import { maskedQuery, RequestLog, type NewEntry } from './http/request-log.js';
import { demoData, emptySeed, parseSeed, readSeedFile, type StoreSeed } from './state/seed.js';
import { createSandboxServer } from './http/server.js';
import { hostAllowance } from './http/host-check.js';
import { SandboxStore } from './state/store.js';
import { isSubscriptionResource, type SubscriptionResource } from './resources/webhook-subscriptions/routes.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS, DEFAULT_BACKOFF_MS, WebhookDispatcher, type WebhookLogLine } from './http/webhooks.js';

/** Knobs that tests of the sandbox itself need but the public options do not expose. */
export interface SandboxInternals {
  retryAfterSeconds?: number;
  /** How long close() lets in-flight requests finish before cutting their connections. */
  closeGraceMs?: number;
  /** First wait between webhook delivery attempts (doubling after each), so tests need not wait seconds. */
  webhookBackoffMs?: number;
  /** How long one webhook delivery attempt may take. */
  webhookTimeoutMs?: number;
}

function listen(server: ReturnType<typeof createSandboxServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      // Another process holds the port, or the system keeps it: nothing the options got wrong.
      if (error.code === 'EADDRINUSE') reject(new SandboxRuntimeError(`The sandbox cannot listen on ${where}: the port is in use.`, { cause: error }));
      else if (error.code === 'EACCES') reject(new SandboxRuntimeError(`The sandbox is not allowed to listen on ${where}.`, { cause: error }));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
        reject(new SandboxUsageError(`The sandbox cannot listen on ${where}: no such local address.`, { cause: error }));
      } else reject(error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** The server's rate-limit hook: a token from the bucket, or the 429; the bucket's header on every answer unless turned off. */
function bucketCheck(limiter: RateLimiter, limit: RateLimit, header: boolean, headerName: string) {
  return (token: string | undefined) => {
    const answer = limiter.take(token);
    return {
      refusal: answer.admitted ? null : bucketRefusal(answer, limit, { retryAfter: true, header, headerName }),
      headers: header ? rateLimitHeader(answer, headerName) : {},
    };
  };
}

/** The seed the options name (the demo set, a document, a file, or none), its values checked against `definitions` when given. */
async function resolveSeed(options: ResolvedOptions, definitions: MetafieldDefinition[] | undefined): Promise<StoreSeed | undefined> {
  const instead = definitions === undefined ? {} : { metafieldDefinitions: definitions };
  if (options.seedFile !== undefined) return readSeedFile(options.seedFile, options.now(), instead);
  if (options.seed === 'none') return undefined;
  if (options.seed === 'demo') return definitions === undefined ? demoData() : { ...demoData(), metafieldDefinitions: definitions };
  return parseSeed(options.seed, 'The sandbox seed', options.now(), instead);
}

/**
 * What a new store starts with and a reset returns to: the seed, with the definitions in force
 * at start (--definitions replaces the seed's; definitions are store state, which the store takes
 * from the seed as it takes everything else), and whether that is nothing at all. The demo set
 * alone is made when first asked for: checking it is most of what an embedded sandbox's command
 * spends on a data file it already has (about 16 ms), and a seed given by the user is checked at
 * start, so that a bad one fails before the store opens.
 */
async function baselineOf(
  options: ResolvedOptions,
): Promise<{ baseline: () => StoreSeed; fileDefinitions: MetafieldDefinition[] | undefined; empty: boolean }> {
  if (options.seed === 'demo' && options.seedFile === undefined && options.definitionsFile === undefined) {
    return { baseline: demoData, fileDefinitions: undefined, empty: false };
  }
  const { seed, definitions } = await loadDefinitions(options.definitionsFile, (fromFile) => resolveSeed(options, fromFile));
  const baseline: StoreSeed = { ...(seed ?? emptySeed()), metafieldDefinitions: definitions };
  return {
    baseline: () => baseline,
    fileDefinitions: options.definitionsFile === undefined ? undefined : definitions,
    empty: seed === undefined && definitions.length === 0,
  };
}

/** A delivery attempt as the request log keeps it: dated from when the attempt began. */
function deliveryEntry(line: WebhookLogLine, now: Date): NewEntry {
  const [path = '', ...query] = line.url.split('?');
  return {
    at: new Date(now.getTime() - line.ms),
    kind: 'webhook',
    method: 'POST',
    path,
    query: maskedQuery(query.join('?'), new URL(line.url).pathname),
    status: line.status,
    ms: line.ms,
    tokenLast4: '',
    topic: line.topic,
    webhookId: line.webhookId,
    attempt: line.attempt,
    outcome: line.outcome,
    ...(line.error === undefined ? {} : { error: line.error }),
  };
}

export async function launchSandbox(input: SandboxOptions, internals: SandboxInternals = {}): Promise<RunningSandbox> {
  const options = resolveOptions(input);
  const dialect = createDialect(options.dialect);
  const log = new RequestLog(options.logSize);
  const webhooks =
    options.webhooks === undefined
      ? undefined
      : new WebhookDispatcher({
          ...options.webhooks,
          subscribers: (topic) => subscriptions?.addressesFor(topic) ?? [],
          idsAs: options.idsAs,
          backoffMs: internals.webhookBackoffMs ?? DEFAULT_BACKOFF_MS,
          attemptTimeoutMs: internals.webhookTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS,
          policy: dialect.webhooks,
          headers: dialect.webhookHeaders,
          triggeredAt: dialect.webhookTime,
          onDelivery: (line) => {
            log.add(deliveryEntry(line, options.now()));
            options.onWebhook?.(line);
          },
        });
  const { baseline, fileDefinitions, empty } = await baselineOf(options);
  // Set once the store is open; events come only after, from requests.
  let subscriptions: SubscriptionResource | undefined;
  const store = await SandboxStore.open({
    dataFile: options.dataFile,
    seed: empty ? undefined : baseline,
    currency: options.currency,
    shop: options.shop,
    codesInReads: options.codesInReads,
    idsAs: options.idsAs,
    dialect,
    now: options.now,
    ...(webhooks === undefined ? {} : { emit: (event) => webhooks.enqueue(event) }),
    ...(options.waitForDataFile === undefined ? {} : { waitForDataFile: options.waitForDataFile }),
    ...(options.tokenGenerated ? { generatedToken: (options.tokens[0] as TokenGrant).token } : {}),
  });
  // A generated token survives restarts on one data file: the file keeps the first one.
  const tokens: TokenGrant[] = options.tokenGenerated && store.token !== undefined ? [{ token: store.token, scopes: ALL_SCOPES }] : options.tokens;
  // A data file brings the definitions it holds; a file given as well is laid over them.
  if (fileDefinitions !== undefined && options.dataFile !== undefined) {
    try {
      await store.putDefinitions(fileDefinitions, `The metafield definitions file ${options.definitionsFile}`);
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  subscriptions = store.resources.find(isSubscriptionResource);
  // Subscribing again is how a URL stopped after failures in a row gets events again.
  subscriptions?.watch((address) => webhooks?.resume(address));
  const limiter =
    options.rateLimit &&
    new RateLimiter(
      options.rateLimit,
      tokens.map((grant) => grant.token),
      options.rateClock,
    );
  // One generator for every draw (the fail rate's and the rules'): same seed, same requests, same faults.
  const random = mulberry32(options.failSeed);
  const faultRules = new FaultRules(options.faults, random);
  let baseUrl = '';
  const server = createSandboxServer({
    router: new Router(store.routes),
    controls: controlRouter([...logControlRoutes(log), ...faultControlRoutes(faultRules), ...stateControlRoutes(store, baseline)]),
    authorizer: new Authorizer(tokens, dialect.headers.token),
    idsAs: options.idsAs,
    dialect,
    ...(limiter && options.rateLimit ? { rateLimit: bucketCheck(limiter, options.rateLimit, options.rateLimitHeader, dialect.headers.rateLimit) } : {}),
    fault: createFaultDecider({
      rules: faultRules,
      chaos: createFaultInjector({ rate: options.failRate, seed: options.failSeed, kinds: options.failKinds, random }),
      allowHeader: options.allowFaultHeader,
      random,
    }),
    retryAfterSeconds: internals.retryAfterSeconds ?? 1,
    now: options.now,
    origin: () => baseUrl,
    hostAllowed: hostAllowance(options.host),
    onRequest: (served) => {
      const { at, method, path, query, status, ms, tokenLast4 } = served;
      log.add({ at, kind: 'request', method, path, query, status, ms, tokenLast4 });
      options.onRequest?.({ method, path: query === '' ? path : `${path}?${query}`, status, ms });
    },
  });
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    await store.close();
    throw error;
  }
  const bound = server.address() as AddressInfo;
  baseUrl = baseUrlFor(options.host, bound.port);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Pending webhook retries stop at once, not after the requests still in flight.
      const webhooksStopped = webhooks?.close();
      // Log readers waiting for news get their answer now instead of holding close() up.
      log.close();
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), internals.closeGraceMs ?? 1000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        // Idle keep-alive sockets would otherwise hold close() until their timeout.
        server.closeIdleConnections();
      });
      await webhooksStopped;
      await store.close();
    })();
    return closing;
  };

  return {
    baseUrl,
    token: (tokens[0] as TokenGrant).token,
    tokenHeader: dialect.headers.token,
    listening: { address: bound.address, port: bound.port },
    ...(options.webhooks === undefined ? {} : { webhookSecret: options.webhooks.secret }),
    requests: () => log.entries(),
    reset: () => store.replace(baseline()),
    unmatchedFaults: () => faultRules.unmatched().map(({ id, rule }) => ({ id, rule })),
    addFault: (rule) => faultRules.add(rule),
    removeFault: (id) => faultRules.remove(id),
    close,
  };
}
