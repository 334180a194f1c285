// The webhook delivery contract (DESIGN, webhooks row): topics and the headers a store
// sends with each delivery, in either header family (core/brand.ts): `X-Service-*` as the
// spec writes them, `X-Genstore-*` as a real store sends them. `webhook listen`, `trigger`
// and `resend` all speak it.
import { BRANDS, headerFamily, type Brand, type HeaderFamily } from '../core/brand.js';

/** The product topics: their samples carry a product id that --product-id replaces. */
export const PRODUCT_SAMPLE_TOPICS = ['products/create', 'products/update', 'products/delete'] as const;

/**
 * The topics `webhook trigger` has a sample payload for (src/webhooks/samples/): every topic
 * of DOCUMENTED_TOPICS but the collections' and refunds/create (the sandbox sends those itself), and
 * orders/delete. The docs' order events are create, update, paid, fulfilled, cancelled and
 * partiallyFulfilled; orders/delete is not among them, but is kept from an earlier reading
 * (docs/decisions.md), sent with a warning.
 */
export const SAMPLE_TOPICS = [
  ...PRODUCT_SAMPLE_TOPICS,
  'orders/create',
  'orders/update',
  'orders/delete',
  'orders/paid',
  'orders/cancelled',
  'orders/fulfilled',
  'orders/partiallyFulfilled',
  'customers/create',
  'customers/update',
  'customers/delete',
  'customers/merge',
  'customers/data_request',
  'customers/redact',
  'discounts/create',
  'discounts/update',
  'discounts/delete',
  'shop/update',
  'shop/redact',
  'app/scopesUpdate',
  'app/uninstalled',
  'app/authorizationCodeGranted',
] as const;
export type SampleTopic = (typeof SAMPLE_TOPICS)[number];

export function hasSample(text: string): text is SampleTopic {
  return (SAMPLE_TOPICS as readonly string[]).includes(text);
}

export function isProductTopic(topic: SampleTopic): boolean {
  return (PRODUCT_SAMPLE_TOPICS as readonly string[]).includes(topic);
}

/** Topics store-cli knows that the store's docs do not list: accepted, with a warning. */
export const UNDOCUMENTED_TOPICS: readonly string[] = ['orders/delete'];

/**
 * Every topic the store documents (real-store-notes "Webhooks"; the order events as
 * partners.genstore.ai "About Order" lists them, the shop's as "About Shop", the app's as
 * "About App" and "About Authorization", the compliance topics as "Webhook subscriptions",
 * refunds/create as "About Refund"). A subscription to another well-formed topic is sent with
 * a warning. The collections' and refunds/create have no sample: the sandbox sends them itself.
 */
export const DOCUMENTED_TOPICS: readonly string[] = [
  ...SAMPLE_TOPICS.filter((topic) => !UNDOCUMENTED_TOPICS.includes(topic)),
  ...['create', 'update', 'delete'].map((verb) => `collections/${verb}`),
  'refunds/create',
];

export function isDocumentedTopic(text: string): boolean {
  return DOCUMENTED_TOPICS.includes(text);
}

/** `noun/verb`: each a letter then letters, digits or `_` (the docs write `data_request`, `scopesUpdate`). */
export function isWellFormedTopic(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]*\/[A-Za-z][A-Za-z0-9_]*$/.test(text);
}

export const WEBHOOK_API_VERSION = '202412';

/** The webhook header names of a family, as a store writes them (node lower-cases them on receipt). */
export function webhookHeaders(brand: Brand): HeaderFamily {
  return headerFamily(brand);
}

/** Both families' names of one header, for messages: "X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256". */
export function eitherName(key: 'topic' | 'webhookId' | 'signature'): string {
  return BRANDS.map((brand) => headerFamily(brand)[key]).join(' or ');
}

const NAME_KEYS = ['signature', 'topic', 'webhookId', 'triggeredAt', 'apiVersion', 'shopDomain'] as const;

/**
 * The family whose names a delivery carries, `has` telling whether a header (any case) is
 * there: the one with a signature first, else the first whose other names appear; undefined
 * when it carries neither family's names.
 */
export function familyOf(has: (name: string) => boolean): Brand | undefined {
  for (const key of NAME_KEYS) {
    const found = BRANDS.find((brand) => has(headerFamily(brand)[key]));
    if (found) return found;
  }
  return undefined;
}

/** `X-Service-`, `X-Genstore-`: what every header of the family starts with. */
function prefixOf(brand: Brand): string {
  return headerFamily(brand).topic.slice(0, -'Topic'.length);
}

/** The family a header name belongs to (`x-genstore-…`, any case), if any: replays carry these over. */
export function familyOfName(name: string): Brand | undefined {
  const lower = name.toLowerCase();
  return BRANDS.find((brand) => lower.startsWith(prefixOf(brand).toLowerCase()));
}

/** `name` under `brand`'s prefix (`X-Genstore-Shop-Domain` as `X-Service-Shop-Domain`), the rest as written; other names unchanged. */
export function renamedTo(brand: Brand, name: string): string {
  const from = familyOfName(name);
  return from === undefined ? name : prefixOf(brand) + name.slice(prefixOf(from).length);
}
