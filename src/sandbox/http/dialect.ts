// The sandbox's two wire dialects side by side: a field of Dialect for each difference, set in
// serviceDialect (the docs, and the project's decisions where they are silent) and in realDialect
// (what a real Genstore store does, spec/real-store-notes.md).
import type { ScopeRequirement } from './scopes.js';
import { formatTimestamp } from '../resources/dates.js';
import type { ErrorAnswer } from './sandbox-errors.js';

/**
 * How the sandbox speaks on the wire. 'service' is the dialect the project decided where the
 * spec says "not shown" (DESIGN.md, README); 'real' answers as the real stores of this API
 * family do (spec/real-store-notes.md), so a client can be tried against both. Every
 * difference between the two lives here; the server, the routes and the webhook dispatcher
 * ask this object instead of testing the dialect's name.
 */
export type DialectName = 'service' | 'real';

export const DIALECT_NAMES: readonly DialectName[] = Object.freeze(['service', 'real']);

/** The URLs (origin included) of the pages around the one answered. */
export interface PageLinks {
  previous?: string;
  next?: string;
}

export interface WebhookPolicy {
  /** 0: one product's events in order. Above 0: events are held this long, then sent in a shuffled order. */
  shuffleWindowMs: number;
  /** Consecutive failed attempts after which a URL gets no more deliveries; undefined: never stop. */
  stopAfterFailures: number | undefined;
}

/** The names of a delivery's headers: the spec's X-Service-* in ours, Genstore's X-Genstore-* in the real one. */
export interface WebhookHeaderNames {
  topic: string;
  webhookId: string;
  triggeredAt: string;
  apiVersion: string;
  signature: string;
  shopDomain: string;
}

function webhookHeaderNames(prefix: 'X-Service' | 'X-Genstore'): WebhookHeaderNames {
  const [topic, webhookId, triggeredAt, apiVersion, signature, shopDomain] = [
    'Topic',
    'Webhook-Id',
    'Triggered-At',
    'Api-Version',
    'Hmac-Sha256',
    'Shop-Domain',
  ].map((name) => `${prefix}-${name}`) as [string, string, string, string, string, string];
  return { topic, webhookId, triggeredAt, apiVersion, signature, shopDomain };
}

/** Header names of a dialect, as written (node reads them lower-cased). */
export interface DialectHeaders {
  /** The only header the token is read from: the spec's X-Service-Access-Token, or Genstore's. */
  readonly token: string;
  /** `used/size` of the caller's bucket on every answer of a rate-limited sandbox. */
  readonly rateLimit: string;
}

export interface Dialect {
  readonly name: DialectName;
  readonly headers: DialectHeaders;
  /** Gift card codes in reads unless the options say: masked (our decision) or whole (as Genstore's sample shows). */
  readonly codesInReads: 'masked' | 'shown';
  /** What category search and collection listing require: read_products, or (Genstore) either products scope. */
  readonly productListingScope: ScopeRequirement;
  /** The status of an error answer. */
  errorStatus(error: ErrorAnswer): number;
  /** The body of an error answer. */
  errorBody(error: ErrorAnswer): unknown;
  /** The headers of any answer, from those the handler chose. */
  replyHeaders(headers: Readonly<Record<string, string>>): Record<string, string>;
  /** The status of a successful create. */
  readonly createdStatus: number;
  /** The Link header value for a page, or undefined when there is nothing to link to. */
  link(links: PageLinks): string | undefined;
  /** A stored timestamp (UTC, `2026-11-21T10:00:00Z`) as this dialect writes it. */
  time(stored: string): string;
  /** A webhook's trigger time as this dialect writes it in its header. */
  webhookTime(at: Date): string;
  /** True: a page-token request may carry no filter beside the token (only limit). */
  readonly pageTokenAlone: boolean;
  /** A collection's type code and published flag: text ("1", "true") in ours, a number and a boolean on the real store. */
  collectionForms(typeCode: number, published: boolean): { collectionType: string | number; published: string | boolean };
  readonly webhooks: WebhookPolicy;
  readonly webhookHeaders: WebhookHeaderNames;
  /** An order's id field: `id` in ours, `orderId` as Genstore's order sample writes it. */
  readonly orderIdKey: 'id' | 'orderId';
  /** A refund's id field: `id` in ours, `refundId` as the table of Genstore's About Refund names it. */
  readonly refundIdKey: 'id' | 'refundId';
  /**
   * A discount: flat with its codes a collection of their own (`/discounts/{id}/codes`) and a
   * count, in ours; nested with its one code inside, no codes route, no count, as Genstore's
   * docs show it (resources/discounts/nested-shape.ts).
   */
  readonly discountShape: 'flat' | 'nested';
  /**
   * An order's money names: ours (`currency`, `totalTax`), or those of Genstore's samples
   * (`shopCurrency` as the event sample, `currentTotalTax` and `currentTotalDiscounts` beside
   * `totalDiscounts` as the object sample; neither shows `currency` nor `totalTax`).
   */
  readonly orderMoney: 'service' | 'documented';
  /** Whether `GET /products/count` is served: ours has it; Genstore's product page documents no count. */
  readonly productCount: boolean;
  /**
   * The method of customer search: GET in ours; POST on the real one, as one copy of its docs
   * says (the other says GET, which it then answers 405), so a client meets the fallback.
   */
  readonly customerSearch: 'GET' | 'POST';
  /** Whether `orders/delete` may be subscribed to: an earlier reading of ours; not among Genstore's documented topics. */
  readonly ordersDeleteTopic: boolean;
}

/** How long the real dialect holds webhook events before it sends them, shuffled. */
export const REAL_SHUFFLE_WINDOW_MS = 200;
/** The real store stops delivering to a URL after this many consecutive failures. */
export const REAL_STOP_AFTER_FAILURES = 8;

/** The statuses the real store's documentation lists; anything else of 4xx becomes 400. */
const REAL_STATUSES = new Set([400, 401, 402, 403, 404, 405, 406, 409, 422, 429]);

function serviceDialect(): Dialect {
  return {
    name: 'service',
    headers: { token: 'X-Service-Access-Token', rateLimit: 'X-Service-Shop-Api-Rate-Limit' },
    codesInReads: 'masked',
    productListingScope: 'read_products',
    errorStatus: (error) => error.status,
    errorBody: (error) => error.toBody(),
    replyHeaders: (headers) => ({ ...headers }),
    createdStatus: 200,
    link: (links) => (links.next === undefined ? undefined : `<${links.next}>; rel="next"`),
    time: (stored) => stored,
    webhookTime: formatTimestamp,
    pageTokenAlone: false,
    collectionForms: (typeCode, published) => ({ collectionType: String(typeCode), published: String(published) }),
    webhooks: { shuffleWindowMs: 0, stopAfterFailures: undefined },
    webhookHeaders: webhookHeaderNames('X-Service'),
    orderIdKey: 'id',
    refundIdKey: 'id',
    discountShape: 'flat',
    orderMoney: 'service',
    productCount: true,
    customerSearch: 'GET',
    ordersDeleteTopic: true,
  };
}

function realDialect(): Dialect {
  // The docs print the Link value wrapped in double quotes, which may be only their shell
  // quoting: the sandbox sends both forms, alternately (quoted first), so a client meets
  // both within any listing of three pages or more.
  let linksSent = 0;
  return {
    name: 'real',
    headers: { token: 'X-Genstore-Access-Token', rateLimit: 'X-Genstore-Shop-Api-Rate-Limit' },
    codesInReads: 'shown',
    productListingScope: ['read_products', 'write_products'],
    errorStatus: (error) => (error.status >= 500 || REAL_STATUSES.has(error.status) ? error.status : 400),
    // "Exceptional responses always include an error field"; the message names the field at fault.
    errorBody: (error) => ({ error: error.message }),
    replyHeaders(headers) {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'retry-after') kept[name] = value;
      return kept;
    },
    createdStatus: 201,
    link(links) {
      const parts: string[] = [];
      if (links.previous !== undefined) parts.push(`< ${links.previous} >; rel=previous`);
      if (links.next !== undefined) parts.push(`< ${links.next} >; rel=next`);
      if (parts.length === 0) return undefined;
      linksSent += 1;
      const value = parts.join(', ');
      return linksSent % 2 === 1 ? `"${value}"` : value;
    },
    // Zone-less, with milliseconds, as the real samples are: the UTC wall-clock time.
    time: (stored) => stored.replace(/Z$/, '.000'),
    // Webhook times carry an offset on the real store (samples show -04:00).
    webhookTime: (at) => formatTimestamp(at).replace(/Z$/, '+00:00'),
    pageTokenAlone: true,
    collectionForms: (typeCode, published) => ({ collectionType: typeCode, published }),
    webhooks: { shuffleWindowMs: REAL_SHUFFLE_WINDOW_MS, stopAfterFailures: REAL_STOP_AFTER_FAILURES },
    webhookHeaders: webhookHeaderNames('X-Genstore'),
    orderIdKey: 'orderId',
    refundIdKey: 'refundId',
    discountShape: 'nested',
    orderMoney: 'documented',
    productCount: false,
    customerSearch: 'POST',
    ordersDeleteTopic: false,
  };
}

/** A fresh dialect per sandbox (the real one counts the Links it sent). */
export function createDialect(name: DialectName): Dialect {
  return name === 'real' ? realDialect() : serviceDialect();
}
