// The contract between the sandbox's store and each resource: the routes it answers, its section
// of the data file, the journal changes it redoes after a crash, its seed section, and what the
// store lends it (ids, clock, shop, dialect); docs/development.md shows how to add one.
import type * as z from 'zod';
import type { ScopeRequirement } from '../http/scopes.js';
import type { FieldError } from '../http/sandbox-errors.js';
import type { IdGenerator } from '../state/ids.js';
import type { IdsAs } from '../http/body-json.js';
import type { Dialect } from '../http/dialect.js';
import type { DefinitionCatalog } from './metafield-definitions/definitions.js';
import type { Lookups } from './lookups.js';

/**
 * How what is read once a process is checked (the seed, the data file, each resource's section
 * of it): without zod's compiled checkers. zod compiles one for each object schema on its first
 * parse (new Function), which pays over many parses; for one, compiling cost an embedded
 * sandbox's command most of its check (32 ms, and 54 for the demo seed). The checks made per
 * request or journal change keep them.
 */
export const READ_ONCE = { jitless: true } as const;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteRequest {
  /** Path parameters, percent-decoded, e.g. `{ id: '4000000000000000001' }` for `/gift_cards/:id`. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** Parsed JSON body (numbers as lossless numbers); undefined when the request had none. */
  body: unknown;
  /** One clock reading per request, so a request never straddles midnight halfway. */
  now: Date;
  /** The scopes (approvals included) the request's token holds; absent for a request from within the sandbox. */
  scopes?: readonly string[];
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
  /** The body as the resource presents it (ids as JsonIntegers), made only when someone subscribed. */
  payload: () => unknown;
  at: Date;
}

/** What the store lends a resource: shared id sequence, shop settings, and change notification. */
export interface ResourceEnv {
  ids: IdGenerator;
  currency: string;
  /** The shop `GET /shops/info` answers (name and domain; its currency is `currency`). */
  shop: { name: string; domain: string };
  /** Gift card codes in reads: masked to their last four, or shown whole. */
  codesInReads: 'masked' | 'shown';
  /** How ids are written, for ids inside JSON text (a product's `collections`). */
  idsAs: IdsAs;
  /** What type each metafield holds: the store's definitions, which the definitions API changes. */
  metafieldDefinitions: DefinitionCatalog;
  /** What a resource reads of another's records (an order's variants and buyer), lent by the resource that keeps them. */
  lookups: Lookups;
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
  /** The sandbox's clock, for a seed's dates relative to now (an order's `daysAgo`); absent: the system's. */
  now?: () => Date;
}

/**
 * One resource of the service (gift cards, metafields, products...), in its folder under
 * resources/: its factory (routes.ts) returns this, its seed section (seed.ts) is a
 * SeedSection, and one entry of resources/index.ts lists both with the scopes its routes
 * require (docs/development.md, "Adding a resource: the sandbox side").
 */
export interface Resource<Section = unknown> {
  /** Its section name in the data file and in a seed (demo.json is one). */
  readonly key: string;
  readonly routes: readonly Route[];
  /** Replaces the state with a section of the data file; throws (e.g. a ZodError) when it does not fit. */
  load(section: unknown): void;
  /** The state as plain JSON data for the data file. */
  dump(): unknown;
  /** Replaces the state with its section of a checked seed, as its seed.ts fills it in (a start from a seed, a reset, an imported snapshot). */
  seed(section: Section): void;
  /** How many it holds, for the counts a reset or an import answers; absent: its snapshot's length. */
  count?(): number;
  /** The state as its seed section: what `seed` takes back to the same state. */
  snapshot(): unknown;
  /** Redoes a change it reported through env.changed; throws when it does not fit. Absent: read-only resource. */
  apply?(change: unknown): void;
}

/** One resource, or several that share state (categories, collections and products). */
export type ResourceFactory = (env: ResourceEnv) => Resource | Resource[];

/** Reports a problem of a seed at its JSON path, e.g. `['giftCards', 3, 'code']`. */
export type SeedReport = (path: PropertyKey[], message: string) => void;

/** What filling a section in may use besides the section. */
export interface SeedFill {
  /** When the seed is loaded (UTC, the service's format): the time of entries that give none. */
  stamp: string;
  /** The sections filled in before this one, in the list's order (metafields read the definitions). */
  earlier: Readonly<Record<string, unknown>>;
  /** Problems found while filling in, each at its JSON path; any refuses the seed. */
  problems: FieldError[];
}

/**
 * A resource's part of a seed: the section named `key` in a seed document, in a snapshot
 * (GET/PUT /_sandbox/state) and in the demo set. state/seed.ts composes the whole seed
 * schema from the sections resources/index.ts lists, in its order.
 */
export interface SeedSection<Key extends string = string, Schema extends z.ZodType = z.ZodType, Filled = unknown> {
  readonly key: Key;
  /** The section as its author writes it (an array, defaulting to []); zod's errors name the JSON path. */
  readonly schema: Schema;
  /**
   * What the store's own checks would refuse (the same id twice, a reference to nothing), found
   * here so that each refusal names its JSON path. `seed` is the whole parsed document: a check
   * declares the sections it reads.
   */
  check?(seed: never, report: SeedReport): void;
  /** The section with every default filled in: what the resource's `seed` takes. */
  fill(section: z.output<Schema>, context: SeedFill): Filled;
  /** The section's part of the demo set (`--seed demo`), kept beside it as demo.json; absent: none. */
  readonly demo?: unknown;
}

/** A SeedSection with its key, schema and filled form inferred (types only: it returns `section`). */
export function seedSection<Key extends string, Schema extends z.ZodType, Filled>(section: SeedSection<Key, Schema, Filled>): SeedSection<Key, Schema, Filled> {
  return section;
}
