// What doctor concludes from what it read: pure functions from answers to check lines, so
// each verdict is unit-testable without a store.
import { isWithheld } from '../../api/customers/withheld.js';
import { parseJson } from '../../core/json.js';
import { readBucketHeader, type BucketReading } from '../../core/store-bucket.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckLine {
  check: string;
  status: CheckStatus;
  /** What was seen. */
  detail: string;
  /** What to do about it ('' when nothing). */
  hint: string;
}

export const line = (check: string, status: CheckStatus, detail: string, hint = ''): CheckLine => ({ check, status, detail, hint });

/** The scopes each command group needs (spec section 5, real-store-notes "Tokens and scopes", webhooks: write_apps). */
export const GROUP_SCOPES: ReadonlyArray<{ group: string; read: string; write: string }> = [
  { group: 'giftcard', read: 'read_gift_card', write: 'write_gift_card' },
  { group: 'metafield', read: 'read_metafields', write: 'write_metafields' },
  { group: 'product/category/collection', read: 'read_products', write: 'write_products' },
  { group: 'shop/location', read: 'read_shops', write: 'write_shops' },
  { group: 'inventory', read: 'read_inventory', write: 'write_inventory' },
  { group: 'webhook subscriptions', read: 'read_apps', write: 'write_apps' },
  { group: 'customer', read: 'read_customers', write: 'write_customers' },
  { group: 'discount', read: 'read_discounts', write: 'write_discounts' },
  { group: 'order', read: 'read_orders', write: 'write_orders' },
];

/** Orders older than 60 days are hidden from a token without it (real-store-notes "Tokens and scopes"). */
const ALL_ORDERS = 'read_all_orders';

/** The sandbox's name for the approval of protected customer fields (a real store lists no such scope). */
const PROTECTED_APPROVAL = 'read_customer_protected_data';

/**
 * Whether the token may read protected customer fields (names, emails, phones, addresses),
 * told by the first customer of a listing: one that came with none of its contact fields had
 * them withheld (api/customers/withheld.ts). With no customer to look at, the granted scopes
 * tell where they name the approval (the sandbox's do).
 */
export function protectedFieldsLine(status: number, text: string, granted: readonly string[] | undefined): CheckLine {
  const hint =
    "request access to protected fields for the store's app " +
    '(sandbox: a token spec with read_customer_protected_data); until then customer commands show (withheld)';
  if (status === 403) return line('protected fields', 'warn', 'not checked: the token lacks read_customers', 'grant read_customers to list customers');
  if (status === 404 || status === 405) return line('protected fields', 'warn', `not checked: the store lists no customers at customers (${status})`);
  if (status < 200 || status >= 300) return line('protected fields', 'warn', `not checked: the customer listing answered ${status}`);
  let first: unknown;
  try {
    const body = parseJson(text) as { customers?: unknown };
    first = Array.isArray(body.customers) ? body.customers[0] : undefined;
  } catch {
    first = undefined;
  }
  if (first !== null && typeof first === 'object') {
    if (isWithheld(first as Record<string, unknown>))
      return line('protected fields', 'warn', 'not granted: the store withheld the names, emails, phones and addresses of customers', hint);
    return line('protected fields', 'ok', 'granted: customers come with their names, emails, phones and addresses');
  }
  if (granted?.includes(PROTECTED_APPROVAL)) return line('protected fields', 'ok', `granted (the token holds ${PROTECTED_APPROVAL}); no customer to look at`);
  return line('protected fields', 'warn', 'not known: the store has no customer to look at', 'create one to see whether their contact fields are shown');
}

/** Granted scopes against each group's: ok when every group has both; else which group lacks what. */
export function scopesLine(granted: readonly string[] | undefined): CheckLine {
  if (granted === undefined)
    return line(
      'scopes',
      'warn',
      'the store does not list the granted scopes (GET oauth2/access_scopes)',
      'a command the token may not run answers 403 (exit 4)',
    );
  const has = new Set(granted);
  // Holding write_X implies reading X where the store accepts either (categories, collections, webhooks).
  const lacking = GROUP_SCOPES.flatMap(({ group, read, write }) => {
    const missing = [read, write].filter((scope) => !has.has(scope));
    if (missing.length === 0) return [];
    if (missing.length === 2) return [`${group}: none (needs ${read}, ${write})`];
    return [`${group}: ${missing[0] === write ? 'read only' : 'write only'} (no ${missing[0]})`];
  });
  if ((has.has('read_orders') || has.has('write_orders')) && !has.has(ALL_ORDERS)) lacking.push(`order: the last 60 days only (no ${ALL_ORDERS})`);
  if (lacking.length === 0) return line('scopes', 'ok', `every command group is granted (${granted.join(', ')})`);
  return line('scopes', 'warn', lacking.join('; '), "those commands answer 403 (exit 4): grant the scopes to the store's app and log in with its new token");
}

/** The shop a token belongs to, from GET shops/info's text (name and domain), whatever its status. */
export function shopLine(status: number, text: string): CheckLine {
  if (status === 403)
    return line(
      'shop',
      'warn',
      'not shown: the token lacks read_shops (GET shops/info answered 403)',
      'grant read_shops to see which shop the token belongs to',
    );
  if (status < 200 || status >= 300) return line('shop', 'warn', `not shown: GET shops/info answered ${status}`);
  let shop: unknown;
  try {
    shop = (JSON.parse(text) as { shop?: unknown }).shop;
  } catch {
    shop = undefined;
  }
  if (typeof shop !== 'object' || shop === null) return line('shop', 'warn', "not shown: GET shops/info answered without a 'shop' object");
  const { shopName, domain } = shop as Record<string, unknown>;
  const shown = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return line('shop', 'ok', `${shown(shopName) || '(no name)'} (${shown(domain) || 'no domain'})`);
}

/** A published plan: bucket size and refill a second. */
export const PLANS: ReadonlyArray<{ name: string; size: number; refill: number }> = [
  { name: 'basic', size: 40, refill: 4 },
  { name: 'standard', size: 200, refill: 20 },
  { name: 'advanced', size: 400, refill: 40 },
  { name: 'legacy', size: 40, refill: 2 },
];

export interface TimedReading extends BucketReading {
  /** When its answer came (ms, monotonic). */
  at: number;
  /** Requests answered since the previous reading (this one included). */
  taken: number;
}

/**
 * Tokens a second the bucket refilled between the first reading and the last: the tokens
 * taken less the growth of `used`, over the time. Undefined when the readings span too
 * little, or the bucket may have been full between them (then the refill is only a floor).
 */
export function refillOf(readings: readonly TimedReading[]): number | undefined {
  if (readings.length < 2) return undefined;
  const first = readings[0]!;
  const last = readings[readings.length - 1]!;
  const seconds = (last.at - first.at) / 1000;
  if (seconds < 0.5) return undefined;
  const taken = readings.slice(1).reduce((sum, r) => sum + r.taken, 0);
  const refilled = taken - (last.used - first.used);
  // A bucket read as (nearly) full at the end may have refilled more than it could hold.
  if (last.used <= 1) return undefined;
  return refilled / seconds;
}

/** The bucket's line: its size, and the plan its size and refill match. */
export function rateLimitLine(readings: readonly TimedReading[], headerName: string): CheckLine {
  if (readings.length === 0)
    return line('rate limit', 'warn', `no ${headerName} header on any answer`, 'the client cannot pace by the bucket: it slows down on 429s instead');
  const size = readings[readings.length - 1]!.size;
  const refill = refillOf(readings);
  const bySize = PLANS.filter((plan) => plan.size === size);
  const shown = refill === undefined ? 'refill not learnt' : `refill about ${refill.toFixed(1)}/s`;
  if (bySize.length === 0) return line('rate limit', 'ok', `bucket of ${size} (${shown}): no published plan has that size`);
  const matched = refill === undefined ? (bySize.length === 1 ? bySize[0] : undefined) : nearest(bySize, refill);
  const plan = matched ? `: plan ${matched.name} (${matched.size} @ ${matched.refill}/s)` : `: plan ${bySize.map((p) => p.name).join(' or ')}`;
  return line('rate limit', 'ok', `bucket of ${size}, ${shown}${plan}`);
}

function nearest(plans: ReadonlyArray<{ name: string; size: number; refill: number }>, refill: number) {
  return [...plans].sort((a, b) => Math.abs(a.refill - refill) - Math.abs(b.refill - refill))[0];
}

/** A reading of the bucket header of an answer, by any family's name. */
export function bucketOf(headers: Readonly<Record<string, string | undefined>>): BucketReading | undefined {
  return readBucketHeader(headers);
}

/** How a Link header is written: `<url>; rel="next"` (the spec's), padded `< url >`, rels unquoted, the whole value quoted... */
export function linkForm(link: string | undefined): CheckLine {
  if (link === undefined || link.trim() === '')
    return line('link', 'warn', 'no Link header seen (a listing of one page)', 'paging is checked only when a second page exists');
  const value = link.trim();
  const traits: string[] = [];
  if (/^".*"$/.test(value)) traits.push('the whole value quoted');
  if (/<\s+\S+\s+>/.test(value)) traits.push('padded URLs');
  traits.push(/rel="?next"?/.test(value) ? (/rel=next/.test(value) ? 'rel=next unquoted' : 'rel="next"') : 'no rel=next');
  if (/rel="?(previous|prev)"?/.test(value)) traits.push('with rel=previous');
  const next = /[?&]pageToken=/.test(value);
  if (!/rel="?next"?/.test(value)) return line('link', 'warn', `Link without a next page: ${traits.join(', ')}`, '');
  return line(
    'link',
    next ? 'ok' : 'warn',
    `${traits.join(', ')}${next ? ', pageToken in the URL' : ', no pageToken in the URL'}`,
    next ? '' : 'the client also follows a body nextPageToken',
  );
}

/** Ids as JSON strings or numbers, and how times are written, from a listing's raw text. */
export function formsLine(text: string | undefined): CheckLine {
  if (text === undefined) return line('id and time forms', 'warn', 'no gift card was readable to look at', 'create one, or grant read_gift_card, to see them');
  const id = /"id"\s*:\s*("?)(\d+)\1/.exec(text);
  const time = /"(?:createTime|updateTime)"\s*:\s*"([^"]+)"/.exec(text);
  if (!id && !time) return line('id and time forms', 'warn', 'the listing was empty: no id or time seen', 'create a gift card to see them');
  const ids = id ? `ids as JSON ${id[1] === '"' ? 'strings' : 'numbers'}` : 'no id seen';
  const times = time ? `times like ${time[1]} (${/(Z|[+-]\d\d:\d\d)$/.test(time[1]!) ? 'with a zone' : 'zone-less: read as UTC'})` : 'no time seen';
  return line('id and time forms', 'ok', `${ids}; ${times}`);
}
