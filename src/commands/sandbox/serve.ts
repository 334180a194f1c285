// `sandbox serve`: runs the sandbox as a server until Ctrl-C or SIGTERM, its base URL (or, with
// --json, its token too) on stdout once it listens. Every flag is checked before it starts, a
// --data file that is the --seed or --definitions file is refused, and a short token or a
// non-loopback --host is warned about.
import type { Context } from '../../root/context.js';
import { UsageError } from '../../core/errors.js';
import { isHttpUrl, isLoopbackHost } from '../../core/target.js';
import type { RateLimitPlan, WebhookLogLine } from '../../sandbox/index.js';
import { parseStores, serveStores, storeDomain, type SandboxStore } from './serve-stores.js';
import { boolean, defineVerb, list, negatable, oneOf, text, whole } from '../verb.js';

export const DEFAULT_SANDBOX_PORT = 12412;
/** The real store's plans; the sandbox knows their sizes (its options check the name). */
const PLAN_NAMES = 'basic 40 @ 4/s, standard 200 @ 20/s, advanced 400 @ 40/s, legacy 40 @ 2/s';

export default defineVerb({
  mutates: true,
  local: true,
  name: 'serve',
  summary: 'Run the sandbox: a real HTTP emulator of the service, for scripts, tests and webhook handlers',
  flags: {
    host: text(
      '<host>',
      'address to listen on; another than a loopback one (such as 0.0.0.0) lets other machines in, and is warned about; ' +
        'requests must name this address or a loopback name in their Host header (else 403)',
      {
        default: '127.0.0.1',
      },
    ),
    port: whole('<n>', 'port to listen on, 0 for any free port', { min: 0, max: 65535, default: DEFAULT_SANDBOX_PORT }),
    token: list(
      '<token[:scope,...]>',
      'accept this token, with all scopes or only those listed ' +
        '(repeatable; default: one generated token, kept in the --data file so that it survives restarts)',
      {
        orEmpty: true,
      },
    ),
    data: text(
      '<file>',
      'keep state in this JSON file and its journal: every change answered survives restarts and kill -9; one sandbox per file; default: memory only',
    ),
    demo: boolean('start with the demo data set when the store is empty (and reset to it)'),
    seed: text(
      '<file>',
      'start with this seed (JSON: gift cards, products, categories, collections, metafield definitions and values, ' +
        'webhook subscriptions, discounts) when the store is empty, and reset to it; sandbox export writes one',
    ),
    failRate: text('<0..1>', 'inject faults into this share of requests, a fraction 0..1: 429 with Retry-After, 500, 503, reset connections'),
    failSeed: whole('<n>', 'seed for the fault injection, a whole number 0..4294967295, for repeatable runs', { min: 0, max: 2 ** 32 - 1 }),
    fault: list(
      '<rule>',
      'fail, delay or drop the requests a rule matches, METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms], e.g. ' +
        '"POST /api/202412/metafields/** 503@0.3" or "GET /api/202412/products/** 200+800ms" (latency alone); ' +
        'the first rule that matches and fires decides; a rule that matched no request is named on stderr after a minute and at exit ' +
        '(repeatable; drawn with --fail-seed; see docs/sandbox.md "Targeted faults")',
      { orEmpty: true },
    ),
    allowFaultHeader: boolean(
      'let a request name its own fault in an X-Sandbox-Fault: STATUS[@PROBABILITY][+LATENCYms] header; without this flag the header is ignored',
    ),
    idsAs: oneOf('<form>', 'write ids and counts as JSON strings or as bare JSON numbers', ['string', 'number'], { default: 'string' }),
    dialect: oneOf(
      '<name>',
      'answer in the documented dialect (service) or as a real Genstore store does ' +
        '(real: the token only as X-Genstore-Access-Token, X-Genstore-* rate-limit and webhook headers, ' +
        'whole gift card codes in reads, {"error"} bodies, padded Link with rel=previous, zone-less times, ' +
        '201 on gift card create, no Retry-After, unordered webhooks that stop after 8 failures, ' +
        'no product count, orders with the docs\' money names, customer search by POST; see docs/sandbox.md "Sandbox dialects")',
      ['service', 'real'],
      { default: 'service' },
    ),
    definitions: text(
      '<file>',
      'metafield definitions (JSON, as `metafield definition export` writes) a new ' +
        'store starts with instead of the demo set; laid over those a --data file holds',
    ),
    rateLimit: text(
      '<plan|rps[/burst]>',
      `a token bucket per token: a real plan (${PLAN_NAMES}) or BURST tokens (a whole number 1..1000000; default 10 x RPS) refilled at RPS a second ` +
        `(a number above 0); an empty bucket answers 429 with Retry-After, and every answer carries X-Service-Shop-Api-Rate-Limit: ` +
        `used/size (X-Genstore-Shop-Api-Rate-Limit with --dialect real)`,
    ),
    rateLimitHeader: negatable('with --rate-limit, answer without the rate-limit header (a store that does not announce its bucket)'),
    webhook: list(
      '<url>',
      'also POST every event the store emits (products, customers, orders, discounts, collections) to this absolute http or https URL, ' +
        'signed and retried, without a stored subscription (repeatable)',
      {
        orEmpty: true,
      },
    ),
    webhookSecret: text(
      '<secret>',
      'sign webhooks (subscriptions and --webhook alike) with this secret ' +
        '(default: STORE_CLI_WEBHOOK_SECRET, else a generated one, printed on stderr at start)',
    ),
    showCodes: boolean(
      "answer whole gift card codes in every read (get, search), as the spec's gift card object lists them; " +
        "default: masked to their last four after the create (whole with --dialect real, as Genstore's sample shows)",
    ),
    shopName: text('<name>', 'the name GET shops/info answers (shop info, auth status), 1..255 characters; default: Sandbox Shop'),
    shopDomain: text('<host>', 'the domain GET shops/info answers, a host name such as my-shop.example.com; default: sandbox.localhost'),
    logSize: whole('<n>', 'keep the newest N requests and webhook deliveries in the request log that sandbox logs reads, 1..1000000', {
      min: 1,
      max: 1_000_000,
      default: 10_000,
    }),
    quiet: boolean('do not log requests or webhook deliveries on stderr'),
    json: boolean(
      'print {"baseUrl": ..., "token": ..., "webhookSecret": ...} on stdout once listening ' +
        '(with --stores, an array of them, each with its name and shopDomain)',
    ),
    stores: text(
      '<name[:fail-rate=F],...>',
      'play several stores in this process, such as sb-a,sb-b,sb-c:fail-rate=1, each with its own state, ' +
        'generated token, port (--port and the ones after it; 0: free ports) and shop (name NAME, domain NAME.sandbox.localhost); ' +
        "a store's :fail-rate=F is its own --fail-rate; see docs/fleet.md",
    ),
  },
  examples: [
    'store-cli sandbox serve --seed ./test/seed.json --data ./sandbox.json',
    'store-cli sandbox serve --port 0 --json --token local-test-token-1:read_gift_card --fail-rate 0.2 --fail-seed 7 --fault "POST /api/202412/metafields/** 503@0.3" --dialect real',
    'store-cli sandbox serve --port 4011 --demo --stores sb-a,sb-b,sb-c:fail-rate=1',
  ],
  notes: '\nPrints the base URL on stdout once it accepts connections; Ctrl-C or SIGTERM stops it cleanly (exit 0).\n',
  async run(options, ctx) {
    const port = options.port;
    const failRate = options.failRate === undefined ? 0 : fraction(options.failRate, '--fail-rate');
    const failSeed = options.failSeed;
    const webhooks = webhookOptions({ ...options, webhookSecret: options.webhookSecret ?? nonEmpty(ctx.env.STORE_CLI_WEBHOOK_SECRET) });
    const rateLimit = options.rateLimit === undefined ? undefined : parseRateLimit(options.rateLimit);
    const { checkFaultRule } = await import('./fault/rule-check.js');
    const faults: string[] = [];
    for (const rule of options.fault) faults.push(await checkFaultRule(rule, '--fault'));
    const logSize = options.logSize;
    if (options.rateLimitHeader === false && rateLimit === undefined)
      throw new UsageError('--no-rate-limit-header needs --rate-limit: without a limit no header is sent anyway.');
    const [{ startSandbox, parseTokenSpec }, { asCliErrors }, { identityOfPath, sameFile }] = await Promise.all([
      import('../../sandbox/index.js'),
      import('../../root/embedded-sandbox.js'),
      import('../../core/file-identity.js'),
    ]);
    // By identity, not by name: ./defs.json, a symlink or a hard link is the same file.
    if (options.data && options.definitions && sameFile(await identityOfPath(options.data), await identityOfPath(options.definitions))) {
      throw new UsageError(
        `--data ${options.data} is the --definitions file (${options.definitions}): the sandbox would write its state over the definitions; give two files.`,
      );
    }
    if (options.seed !== undefined && options.demo) throw new UsageError('--seed and --demo both say what the sandbox starts with: give one of them.');
    if (options.data && options.seed && sameFile(await identityOfPath(options.data), await identityOfPath(options.seed))) {
      throw new UsageError(`--data ${options.data} is the --seed file (${options.seed}): the sandbox would write its state over the seed; give two files.`);
    }
    const tokens = await asCliErrors(async () => options.token.map((spec) => parseTokenSpec(spec)), '--token');
    const start = (store?: SandboxStore, at = 0) =>
      startSandbox({
        host: options.host,
        port: port === 0 ? 0 : port + at,
        tokens,
        ...(options.data ? { dataFile: options.data } : {}),
        ...(options.seed === undefined ? { seed: options.demo ? 'demo' : 'none' } : { seedFile: options.seed }),
        failRate: store?.failRate ?? failRate,
        ...(failSeed === undefined ? {} : { failSeed }),
        faults,
        allowFaultHeader: options.allowFaultHeader === true,
        idsAs: options.idsAs,
        dialect: options.dialect,
        ...(options.showCodes ? { codesInReads: 'shown' as const } : {}),
        ...(options.shopName === undefined ? {} : { shopName: options.shopName }),
        ...(options.shopDomain === undefined ? {} : { shopDomain: options.shopDomain }),
        ...(store ? { shopName: store.name, shopDomain: storeDomain(store.name) } : {}),
        ...(options.definitions ? { definitionsFile: options.definitions } : {}),
        ...(rateLimit ? { rateLimit, rateLimitHeader: options.rateLimitHeader !== false } : {}),
        logSize,
        ...(options.quiet ? {} : { onRequest: (r) => ctx.say(`${store ? `${store.name} ` : ''}${r.method} ${r.path} ${r.status} ${r.ms} ms`) }),
        webhooks,
        ...(options.quiet ? {} : { onWebhook: (line) => ctx.say(describeDelivery(line)) }),
      });
    if (options.stores !== undefined) return serveStores(parseStores(options.stores), options, start, ctx);
    const sandbox = await asCliErrors(() => start());
    const secret = sandbox.webhookSecret === undefined ? {} : { webhookSecret: sandbox.webhookSecret };
    if (options.json) ctx.io.out(`${JSON.stringify({ baseUrl: sandbox.baseUrl, token: sandbox.token, ...secret })}\n`);
    else ctx.io.out(`${sandbox.baseUrl}\n`);
    if (tokens.length === 0 && !options.json) ctx.say(`Token (all scopes${options.data ? `, kept in ${options.data} across restarts` : ''}): ${sandbox.token}`);
    if (webhooks.secret === undefined) ctx.say(`Webhook secret (generated): ${sandbox.webhookSecret}`);
    const dialect = options.dialect === 'real' ? `, speaking the real dialect (token header ${sandbox.tokenHeader})` : '';
    ctx.say(`Sandbox listening on ${listeningOn(sandbox)}${options.data ? `, state in ${options.data}` : ''}${dialect}. Ctrl-C stops it.`);
    warnExposure(options.host, tokens, ctx);
    const { watchUnmatchedFaults } = await import('./unmatched-faults.js');
    const unmatched = watchUnmatchedFaults(sandbox, (message) => ctx.warn(message));

    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) resolve();
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    unmatched.atExit();
    await asCliErrors(() => sandbox.close());
    ctx.say('Sandbox stopped.');
  },
});

/**
 * Where the server is bound, as the system says: a wildcard bind names itself and the
 * loopback URL this machine uses (the one printed on stdout), other binds their URL.
 */
function listeningOn(sandbox: { baseUrl: string; listening: { address: string; port: number } }): string {
  const { address, port } = sandbox.listening;
  if (address === '0.0.0.0' || address === '::')
    return `${address.includes(':') ? `[${address}]` : address}:${port} (every interface of this machine; ${sandbox.baseUrl} from here)`;
  return sandbox.baseUrl;
}

/** A token is guessable below this length (a web page can try many, see docs/sandbox.md "Host names"). */
const MIN_TOKEN_LENGTH = 16;

/** What makes the sandbox reachable by others: a short token, an address other machines can reach. */
function warnExposure(host: string, tokens: ReadonlyArray<{ token: string }>, ctx: Context): void {
  tokens.forEach(({ token }, index) => {
    if (token.length < MIN_TOKEN_LENGTH) {
      ctx.warn(
        `--token number ${index + 1} is ${token.length} characters long: ` +
          `a short token is guessed quickly by anything that can reach the sandbox; use ${MIN_TOKEN_LENGTH} or more.`,
      );
    }
  });
  if (!isLoopbackHost(host)) {
    ctx.warn(
      `--host ${host} lets other machines reach the sandbox: it speaks plain http, ` +
        `so its token and gift card codes cross the network readable. Bind 127.0.0.1 (the default) unless that is meant.`,
    );
  }
}

/** The --webhook shortcut's URLs and the secret that signs every delivery (subscriptions' too). */
function webhookOptions(options: { webhook: string[]; webhookSecret?: string | undefined }): { urls: string[]; secret?: string } {
  for (const url of options.webhook) {
    if (!isHttpUrl(url)) throw new UsageError(`--webhook must be an absolute http or https URL such as http://127.0.0.1:4000/webhooks (got '${url}').`);
  }
  if (options.webhookSecret !== undefined && options.webhookSecret.trim() === '') throw new UsageError('--webhook-secret must not be empty.');
  return { urls: options.webhook, ...(options.webhookSecret === undefined ? {} : { secret: options.webhookSecret }) };
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}

/** One stderr line per delivery attempt, e.g. "webhook products/create -> http://...: 500, retry 2 of 8 in 1.9 s". */
function describeDelivery(line: WebhookLogLine): string {
  const answer = line.status === 0 ? (line.error ?? 'no answer') : String(line.status);
  const next =
    line.outcome === 'delivered'
      ? `delivered (attempt ${line.attempt} of ${line.maxAttempts})`
      : line.outcome === 'retrying'
        ? `retry ${line.attempt + 1} of ${line.maxAttempts} in ${((line.retryInMs ?? 0) / 1000).toFixed(1)} s`
        : line.outcome === 'stopped'
          ? `${line.failures ?? line.attempt} consecutive failures: delivery to this URL stopped, no more events go there`
          : `gave up after ${line.maxAttempts} attempts`;
  return `webhook ${line.topic} -> ${line.url}: ${answer}, ${next} (${line.ms} ms)`;
}

function fraction(text: string, flag: string): number {
  const value = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || value > 1) throw new UsageError(`${flag} must be a number from 0 to 1 (got '${text}').`);
  return value;
}

/** The plans by name, as --rate-limit takes them. */
const PLANS: readonly RateLimitPlan[] = ['basic', 'standard', 'advanced', 'legacy'];

/** A plan name, or `RPS` or `RPS/BURST`: tokens a second (a number above 0) and an optional whole bucket size. */
function parseRateLimit(text: string): { rps: number; burst?: number } | RateLimitPlan {
  const plan = PLANS.find((name) => name === text.toLowerCase());
  if (plan) return plan;
  const match = /^(\d+(?:\.\d+)?|\.\d+)(?:\/(\d+))?$/.exec(text);
  const rps = Number(match?.[1]);
  const burst = match?.[2] === undefined ? undefined : Number(match[2]);
  if (match === null || !(rps > 0) || (burst !== undefined && !(burst >= 1 && burst <= 1_000_000))) {
    throw new UsageError(
      `--rate-limit must be a plan (${PLANS.join(', ')}) or RPS or RPS/BURST: requests a second above 0, and a whole burst from 1 to 1000000 (got '${text}').`,
    );
  }
  return burst === undefined ? { rps } : { rps, burst };
}
