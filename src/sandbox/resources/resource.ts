import type { ScopeRequirement } from '../http/auth.js';
import type { IdGenerator } from '../state/ids.js';
import type { IdsAs } from '../http/body-json.js';
import type { Dialect } from '../http/dialect.js';
import type { DefinitionCatalog } from './metafield-definitions/definitions.js';
import type { StoreSeed } from '../state/seed.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteRequest {
  /** Path parameters, percent-decoded, e.g. `{ id: '4000000000000000001' }` for `/gift_cards/:id`. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** Parsed JSON body (numbers as lossless numbers); undefined when the request had none. */
  body: unknown;
  /** One clock reading per request, so a request never straddles midnight halfway. */
  now: Date;
}

export interface RouteReply {
  body: unknown;
  headers?: Readonly<Record<string, string>>;
  /** A create: 201 or 200 as the dialect answers creates. */
  created?: boolean;
  /** A status every dialect answers (a create the service documents as 201); beats `created`. */
  status?: number;
  /**
   * The pages around a page of a listing, as path and query (`/api/202412/...?pageToken=...`).
   * The server writes them into a Link header in the dialect's form, on its own address.
   */
  links?: { previous?: string; next?: string };
}

export interface Route {
  method: Method;
  /** Below the version root `/api/202412`; `:name` segments are parameters, others literal. */
  path: string;
  scope: ScopeRequirement;
  /** Resources answer at once; the store wraps changing routes to answer once the change is on disk. */
  handle(request: RouteRequest): RouteReply | Promise<RouteReply>;
}

/** Something that happened to a resource, announced to webhook subscribers. */
export interface ResourceEvent {
  topic: string;
  /** Events with the same key (one product's) are delivered in the order they happened. */
  key: string;
  /** The body as the resource presents it (ids as JsonIntegers). */
  payload: unknown;
  at: Date;
}

/** What the store lends a resource: shared id sequence, shop settings, and change notification. */
export interface ResourceEnv {
  ids: IdGenerator;
  currency: string;
  /** Gift card codes in reads: masked to their last four, or shown whole. */
  codesInReads: 'masked' | 'shown';
  /** How ids are written, for ids inside JSON text (a product's `collections`). */
  idsAs: IdsAs;
  /** What type each metafield holds: the store's definitions, which the definitions API changes. */
  metafieldDefinitions: DefinitionCatalog;
  /** How times are written and what a page-token request may carry. */
  dialect: Dialect;
  /**
   * Called after every mutation with its effect under the resource's key: plain JSON that
   * the resource's `apply` redoes (from the journal, after a crash). The effect, not the
   * request: the record as it now is, or the key removed, so redoing it twice is harmless.
   */
  changed(key: string, change: unknown): void;
  /** Called after a mutation that webhooks announce; returns at once (delivery is asynchronous). */
  emit(event: ResourceEvent): void;
}

/**
 * One resource of the service (gift cards, metafields, products...). Adding a resource means
 * a routes module whose factory returns this, its factory listed in resources.ts, and its
 * seed section (SEED_SECTIONS, seedSchema and its checks) in seed.ts.
 */
export interface Resource {
  /** Its section name in the data file and in a seed (demo.json is one). */
  readonly key: string;
  readonly routes: readonly Route[];
  /** Replaces the state with a section of the data file; throws (e.g. a ZodError) when it does not fit. */
  load(section: unknown): void;
  /** The state as plain JSON data for the data file. */
  dump(): unknown;
  /** Replaces the state with the seed's section (a start from a seed, a reset, an imported snapshot). */
  seed(seed: StoreSeed): void;
  /** The state as its seed section: what `seed` takes back to the same state. */
  snapshot(): unknown;
  /** Redoes a change it reported through env.changed; throws when it does not fit. Absent: read-only resource. */
  apply?(change: unknown): void;
}

/** One resource, or several that share state (categories, collections and products). */
export type ResourceFactory = (env: ResourceEnv) => Resource | Resource[];
