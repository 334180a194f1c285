// `doctor`: a read-only check of the current profile's store, one line a check (ok, warn or
// fail) with what was seen and a hint. At most 12 GETs, never a write, each tried once (a fault
// is what it reports); the plan is told by how the rate-limit bucket refills after a burst of
// reads. Exit 1 when a check fails.
import type { Context } from '../../root/context.js';
import { headerFamily } from '../../core/brand.js';
import { CliError, ExitCode, NetworkError } from '../../core/errors.js';
import { listView } from '../../core/view.js';
import { defineVerb } from '../verb.js';
import type { Api } from '../../api/index.js';
import { bucketOf, formsLine, line, linkForm, protectedFieldsLine, rateLimitLine, scopesLine, shopLine, type CheckLine, type TimedReading } from './checks.js';

type ProbeAnswer = Awaited<ReturnType<Api['storeProbe']['get']>>;

const FIELDS = ['check', 'status', 'detail', 'hint'] as const;

/** Reads sent at once, then one after a pause: how the bucket's refill shows. */
const BURST = 4;
const REFILL_PAUSE_MS = 1200;

export default defineVerb({
  mutates: false,
  summary:
    "Check the current profile's store, read-only: reachable, TLS, header family, token, shop, scopes, " +
    'API version, rate limit, paging, id and time forms, product listing, protected customer fields',
  json: { fields: FIELDS, list: true, what: 'an array of {"check", "status", "detail", "hint"} (status: ok, warn or fail)', columns: FIELDS },
  examples: ['store-cli doctor', 'store-cli --profile shop doctor --json', 'STORE_CLI_SANDBOX_DIALECT=real store-cli --sandbox doctor'],
  notes: `
One line a check: ok, warn or fail, what was seen, and a hint. It sends at most 12 GETs
(${5 + BURST + 1} of its own, and when nothing names the header family, the one retry of
another family a 401 may bring and its repeat), never a write: GET oauth2/access_scopes,
GET shops/info (the shop's name and domain; a token without read_shops is a warning),
GET gift_cards/search?limit=1, GET products?limit=1, GET customers?limit=1 (whether
protected customer fields are shown), then ${BURST} reads of the scopes at
once and one more ${REFILL_PAUSE_MS / 1000} s later, to learn how fast the rate-limit
bucket refills and so the plan (basic 40 @ 4/s, standard 200 @ 20/s, advanced 400 @ 40/s,
legacy 40 @ 2/s). Exit 0 when no check fails, 1 otherwise.
`,
  async run(options, ctx) {
    const out = await ctx.output();
    const lines = await ctx.spin('Checking the store…', () => diagnose(ctx));
    await out.list([lines], VIEW, '');
    const failed = lines.filter((l) => l.status === 'fail');
    if (failed.length > 0) throw new DoctorFailure(failed.map((l) => l.check));
  },
});

/** Some check failed: the lines are printed, the exit status is 1. */
class DoctorFailure extends CliError {
  readonly exitCode = ExitCode.failure;
  constructor(checks: readonly string[]) {
    super(`${checks.length === 1 ? 'A check failed' : `${checks.length} checks failed`}: ${checks.join(', ')}.`);
  }
}

async function diagnose(ctx: Context): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const target = await ctx.target();
  const baseUrl = ctx.globals.sandbox ? undefined : target.baseUrl?.value;
  // TLS: decided from the URL alone, before anything is sent.
  if (ctx.globals.sandbox) lines.push(line('tls', 'ok', 'the embedded sandbox, on loopback'));
  else if (baseUrl) {
    const url = new URL(baseUrl);
    const { isLoopbackHost } = await import('../../core/target.js');
    if (url.protocol === 'https:') lines.push(line('tls', 'ok', `https to ${url.host}`));
    else if (isLoopbackHost(url.hostname)) lines.push(line('tls', 'ok', `plain http on loopback (${url.host}): a local store`));
    else lines.push(line('tls', 'fail', `plain http to ${url.host} (--insecure): the token travels readable`, 'use the https URL of the store'));
  }

  const [api, version, family] = await Promise.all([
    // One attempt each: doctor counts its requests, and a fault is what it reports.
    ctx.api({ retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxTotalWaitMs: 0 } }),
    ctx.apiVersion(),
    ctx.brand(),
  ]);
  const root = `/api/${version.value}`;
  const readings: TimedReading[] = [];
  let taken = 0;
  const read = async (
    name: 'accessScopes' | 'giftCardSearch' | 'productList' | 'customerList' | 'shopInfo',
    query: Record<string, string> = {},
  ): Promise<ProbeAnswer> => {
    const answer = await api.storeProbe.get(name, query);
    taken += 1;
    const reading = bucketOf(answer.headers);
    if (reading) {
      readings.push({ ...reading, at: ctx.clock.now(), taken });
      taken = 0;
    }
    return answer;
  };

  let scopes: ProbeAnswer;
  try {
    scopes = await read('accessScopes');
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    lines.unshift(line('reachable', 'fail', error.message, 'check the base URL (store-cli auth status) and the network'));
    // Every check after these two: none could be made.
    for (const check of ORDER.filter((name) => name !== 'reachable' && name !== 'tls')) {
      lines.push(line(check, 'warn', 'not checked: the store was not reachable'));
    }
    return order(lines);
  }
  lines.unshift(line('reachable', 'ok', `${ctx.globals.sandbox ? 'the embedded sandbox' : new URL(baseUrl!).origin} answered in ${Math.round(scopes.ms)} ms`));

  // The family as the run ended up with it: named, implied, or found from a 401.
  const now = await ctx.brand();
  const header = headerFamily(now.value).token;
  const refused = scopes.status === 401;
  if (refused)
    lines.push(
      line(
        'header family',
        'fail',
        `${now.value} (${header}, ${now.source}): the store refused the token${family.source === 'default' ? ' under both families' : ''}`,
        family.source === 'default'
          ? ''
          : `if the store speaks the other family: store-cli config set brand ${now.value === 'service' ? 'genstore' : 'service'}`,
      ),
    );
  else if (now.source === 'detected')
    lines.push(
      line(
        'header family',
        'warn',
        `${now.value} (${header}), found from a 401: every run asks twice`,
        `store-cli config set brand ${now.value} (or auth login again)`,
      ),
    );
  else lines.push(line('header family', 'ok', `${now.value} (${header}), from ${SOURCE_WORDS[now.source]}`));

  const granted = scopes.status >= 200 && scopes.status < 300 ? await api.storeProbe.scopes(scopes) : undefined;
  lines.push(refused ? line('scopes', 'warn', 'not checked: the token was refused') : scopesLine(granted));
  if (refused) lines.push(line('shop', 'warn', 'not shown: the token was refused'));
  else {
    const shop = await read('shopInfo');
    lines.push(shopLine(shop.status, shop.text));
  }

  const cards = await read('giftCardSearch', { limit: '1' });
  const products = await read('productList', { limit: '1' });
  const customers = await read('customerList', { limit: '1' });
  // Accepted: some read answered other than 401 and 404 (a 403 knows the token, without the scope).
  const known = [scopes, cards, products].find((a) => (a.status >= 200 && a.status < 300) || a.status === 403);
  if (refused) lines.push(line('token', 'fail', 'refused (401)', "store-cli auth login (an app's access token from the store admin's Apps > Develop apps)"));
  else if (known) lines.push(line('token', 'ok', `accepted (a read answered ${known.status})`));
  else lines.push(line('token', 'warn', `not confirmed: no read answered (${[scopes, cards, products].map((a) => a.status).join(', ')})`));
  const answered = [scopes, cards, products].filter((a) => a.status !== 404 && a.status !== 401);
  if (answered.length > 0)
    lines.push(
      line(
        'api version',
        'ok',
        `${root} answered (${version.value}, ` +
          `${version.source === 'default' ? 'the built-in version' : `from the ${version.source === 'env' ? 'environment' : 'profile'}`})`,
      ),
    );
  else if (refused) lines.push(line('api version', 'warn', `not checked: the token was refused under ${root}`));
  else
    lines.push(
      line('api version', 'fail', `nothing under ${root} answered (404)`, "the store may not serve this version: 'store-cli config set api-version 202412'"),
    );

  // The bucket: a burst of reads, then one after a pause, shows how fast it refills.
  await Promise.all(Array.from({ length: BURST }, () => read('accessScopes')));
  const burstEnd = readings.length;
  await ctx.clock.sleep(REFILL_PAUSE_MS, ctx.signal);
  await read('accessScopes');
  const around = readings.length > burstEnd && burstEnd > 0 ? [mostUsed(readings.slice(0, burstEnd)), readings[readings.length - 1]!] : readings;
  lines.push(rateLimitLine(around, headerFamily(now.value).rateLimit));

  const cardsOk = cards.status >= 200 && cards.status < 300;
  lines.push(
    cardsOk
      ? linkForm(cards.headers.link)
      : line('link', 'warn', `not seen: gift card search answered ${cards.status}`, cards.status === 403 ? 'grant read_gift_card to see paging' : ''),
  );
  lines.push(cardsOk ? formsLine(cards.text) : formsLine(undefined));

  if (products.status >= 200 && products.status < 300) lines.push(line('product listing', 'ok', `GET ${root}/products?limit=1 answered ${products.status}`));
  else if (products.status === 404 || products.status === 405) {
    lines.push(
      line(
        'product listing',
        'warn',
        `GET ${root}/products answered ${products.status}: the store lists no products there`,
        'product list and product count will not work on this store',
      ),
    );
  } else if (products.status === 403)
    lines.push(line('product listing', 'warn', `GET ${root}/products answered 403: the token lacks read_products`, 'grant read_products to list products'));
  else
    lines.push(
      line(
        'product listing',
        'fail',
        `GET ${root}/products?limit=1 answered ${products.status}`,
        'the store failed a read: try again, or look with store-cli --verbose doctor',
      ),
    );
  lines.push(protectedFieldsLine(customers.status, customers.text, granted));
  return order(lines);
}

const SOURCE_WORDS: Record<string, string> = {
  flag: 'the command line',
  env: 'STORE_CLI_BRAND',
  profile: "the profile's brand",
  host: 'the host (genmystore)',
  sandbox: "the embedded sandbox's dialect",
  detected: 'a 401',
  default: 'the default (the store accepted it)',
};

/** The reading of the burst whose bucket was fullest: the state after all of it. */
function mostUsed(readings: readonly TimedReading[]): TimedReading {
  const last = readings.reduce((a, b) => (b.used >= a.used ? b : a));
  return { ...last, at: readings[readings.length - 1]!.at };
}

const ORDER = [
  'reachable',
  'tls',
  'header family',
  'token',
  'shop',
  'scopes',
  'api version',
  'rate limit',
  'link',
  'id and time forms',
  'product listing',
  'protected fields',
];

function order(lines: CheckLine[]): CheckLine[] {
  return [...lines].sort((a, b) => ORDER.indexOf(a.check) - ORDER.indexOf(b.check));
}

/**
 * A check a line: its name and status, then what was seen and the hint under it, wrapped to
 * the terminal's width (never cut: the hint is the fix). Piped, the four fields are columns.
 */
const VIEW = listView<(typeof FIELDS)[number], CheckLine>(
  {
    check: { header: 'CHECK', value: (l) => l.check },
    status: {
      header: 'STATUS',
      value: (l) => l.status,
      style: (text, colors, l) => (l.status === 'ok' ? colors.green(text) : l.status === 'warn' ? colors.yellow(text) : colors.red(text)),
    },
    detail: { header: 'DETAIL', value: (l) => l.detail, below: { label: '' } },
    hint: { header: 'HINT', value: (l) => l.hint, below: { label: 'hint: ' } },
  },
  FIELDS,
);
