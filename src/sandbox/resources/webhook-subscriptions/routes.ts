import * as z from 'zod';
import type { ScopeRequirement } from '../../http/scopes.js';
import { isJsonObject, JsonInteger } from '../../http/body-json.js';
import { formatTimestamp, isTimestamp } from '../dates.js';
import { canonicalId, ID_PATTERN } from '../../state/ids.js';
import { decodePageToken, pageUrl, parseLimit, parseSinceId } from '../pagination.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import type { FilledSubscription } from './seed.js';
import { conflict, FieldErrors, invalidField, malformedBody, notFound } from '../../http/sandbox-errors.js';
import { isHttpUrl } from '../text.js';
import { MAX_ADDRESS_LENGTH, SUBSCRIPTION_TOPICS } from './topics.js';

/**
 * Webhook subscriptions, as the real service has them (`/app/webhooks`, spec/real-store-notes.md):
 * an address and a topic, stored like every other resource (data file and journal). The
 * dispatcher asks addressesFor(topic) at each event, so a subscription made at run time
 * receives the next event. Decisions where the service's docs are silent: docs/decisions.md.
 */

const KEY = 'webhooks';
const LIST_PATH = '/api/202412/app/webhooks';

/** The scopes its routes require, in the order a token's grant lists them (the service's app scopes). */
export const SCOPES = ['read_apps', 'write_apps'] as const;

const READ: ScopeRequirement = ['read_apps', 'write_apps'];
const WRITE: ScopeRequirement = 'write_apps';

const subscriptionRecordSchema = z.strictObject({
  id: z.string().regex(ID_PATTERN),
  address: z.string().refine(isHttpUrl, 'must be an absolute http or https URL'),
  topic: z.string().refine((topic) => SUBSCRIPTION_TOPICS.includes(topic), `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}`),
  format: z.literal('json'),
  createTime: z.string().refine(isTimestamp),
  updateTime: z.string().refine(isTimestamp),
});

type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;

/** A journaled change: the subscription as it now is, or the id of one deleted. */
const changeSchema = z.union([z.strictObject({ put: subscriptionRecordSchema }), z.strictObject({ remove: z.string().regex(ID_PATTERN) })]);

/** The subscriptions resource, with the look-up the webhook dispatcher needs. */
export interface SubscriptionResource extends Resource {
  /** The addresses subscribed to a topic, oldest subscription first. */
  addressesFor(topic: string): string[];
  /** Calls `listener` with the address of each subscription made or changed through the API. */
  watch(listener: (address: string) => void): void;
}

export function isSubscriptionResource(resource: Resource): resource is SubscriptionResource {
  return resource.key === KEY && 'addressesFor' in resource;
}

interface SubscriptionInput {
  address?: string;
  topic?: string;
}

/** `{"webhook": {address, topic, format?}}`; on create both are required, on update at least one. */
function readInput(body: unknown, creating: boolean): SubscriptionInput {
  if (!isJsonObject(body) || !isJsonObject(body.webhook)) {
    throw malformedBody('The body must be a JSON object {"webhook": {"address": ..., "topic": ...}}.');
  }
  const fields = body.webhook;
  const errors = new FieldErrors();
  const input: SubscriptionInput = {};
  const { address, topic, format } = fields;
  if (address === undefined || address === null) {
    if (creating) errors.add('webhook.address', 'is required');
  } else if (typeof address !== 'string' || !isHttpUrl(address)) errors.add('webhook.address', 'must be an absolute http or https URL');
  else if (address.length > MAX_ADDRESS_LENGTH) errors.add('webhook.address', `must be at most ${MAX_ADDRESS_LENGTH} characters`);
  else input.address = address;
  if (topic === undefined || topic === null) {
    if (creating) errors.add('webhook.topic', 'is required');
  } else if (typeof topic !== 'string' || !SUBSCRIPTION_TOPICS.includes(topic)) errors.add('webhook.topic', `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}`);
  else input.topic = topic;
  if (format !== undefined && format !== null && format !== 'json') errors.add('webhook.format', 'must be json (the only format deliveries have)');
  if (!creating && errors.empty && input.address === undefined && input.topic === undefined) errors.add('webhook', 'must change address or topic');
  errors.throwIfAny();
  return input;
}

const FILTER_NAMES = ['sinceId', 'topic', 'address'] as const;

interface ListFilters {
  topic?: string;
  address?: string;
}

function filtersOf(source: (name: string) => string | null | undefined, where: (name: string) => string): ListFilters {
  const filters: ListFilters = {};
  const topic = source('topic');
  if (topic !== null && topic !== undefined) {
    if (!SUBSCRIPTION_TOPICS.includes(topic)) throw invalidField(where('topic'), `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}`);
    filters.topic = topic;
  }
  const address = source('address');
  if (address !== null && address !== undefined) filters.address = address;
  return filters;
}

export function createSubscriptionResource(env: ResourceEnv): SubscriptionResource {
  /** Ascending by id (ids only grow, so new ones are appended). */
  let subscriptions: SubscriptionRecord[] = [];
  const listeners: Array<(address: string) => void> = [];

  const present = (record: SubscriptionRecord): Record<string, unknown> => ({
    id: new JsonInteger(record.id),
    address: record.address,
    topic: record.topic,
    format: record.format,
    // The service's samples write subscription times with an offset, as webhook times are.
    createTime: env.dialect.webhookTime(new Date(record.createTime)),
    updateTime: env.dialect.webhookTime(new Date(record.updateTime)),
  });

  function find(rawId: string | undefined): SubscriptionRecord {
    const id = rawId === undefined ? null : canonicalId(rawId);
    const found = id === null ? undefined : subscriptions.find((record) => record.id === id);
    if (found === undefined) throw notFound(`No webhook subscription has the id ${String(rawId).slice(0, 40)}.`);
    return found;
  }

  function refuseDuplicate(address: string, topic: string, except?: string): void {
    const taken = subscriptions.find((record) => record.address === address && record.topic === topic && record.id !== except);
    if (taken !== undefined) {
      throw conflict(`A webhook subscription (id ${taken.id}) already sends ${topic} to this address.`, [{ field: 'webhook.address', message: `is already subscribed to ${topic}` }]);
    }
  }

  function put(record: SubscriptionRecord): void {
    const index = subscriptions.findIndex((existing) => existing.id === record.id);
    if (index === -1) subscriptions.push(record);
    else subscriptions[index] = record;
    subscriptions.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    env.ids.observe(record.id);
  }

  function create(request: RouteRequest): RouteReply {
    const input = readInput(request.body, true) as Required<SubscriptionInput>;
    refuseDuplicate(input.address, input.topic);
    const stamp = formatTimestamp(request.now);
    const record: SubscriptionRecord = { id: env.ids.next(), address: input.address, topic: input.topic, format: 'json', createTime: stamp, updateTime: stamp };
    put(record);
    env.changed(KEY, { put: record });
    for (const listener of listeners) listener(record.address);
    // 201 in both dialects: the service documents it for this create (not the spec's 200).
    return { body: { webhook: present(record) }, status: 201 };
  }

  function update(request: RouteRequest): RouteReply {
    const existing = find(request.params.id);
    const input = readInput(request.body, false);
    const record: SubscriptionRecord = { ...existing, ...input, updateTime: formatTimestamp(request.now) };
    refuseDuplicate(record.address, record.topic, record.id);
    put(record);
    env.changed(KEY, { put: record });
    for (const listener of listeners) listener(record.address);
    return { body: { webhook: present(record) } };
  }

  function remove(request: RouteRequest): RouteReply {
    const { id } = find(request.params.id);
    subscriptions = subscriptions.filter((record) => record.id !== id);
    env.changed(KEY, { remove: id });
    return { body: {} };
  }

  const matching = (filters: ListFilters) => (record: SubscriptionRecord) =>
    (filters.topic === undefined || record.topic === filters.topic) && (filters.address === undefined || record.address === filters.address);

  /** Pages by id like gift card search: the token carries the filters; the real dialect wants it alone. */
  function list(request: RouteRequest): RouteReply {
    const { query } = request;
    const limit = parseLimit(query.get('limit'));
    const token = query.get('pageToken');
    let after: string | null;
    let filters: ListFilters;
    const carried: Record<string, string> = {};
    if (token === null) {
      filters = filtersOf(
        (name) => query.get(name),
        (name) => name,
      );
      after = parseSinceId(query.get('sinceId'));
      if (after !== null) carried.sinceId = after;
    } else {
      const cursor = decodePageToken(token);
      for (const name of FILTER_NAMES) {
        if (!query.has(name)) continue;
        if (env.dialect.pageTokenAlone) throw invalidField(name, 'must not be sent beside pageToken (only limit may be): the filters go on the first page and the token carries them');
        if (query.get(name) !== cursor.filters[name]) throw invalidField(name, 'differs from the filter carried by pageToken; send pageToken alone to get the next page');
      }
      filters = filtersOf(
        (name) => cursor.filters[name],
        () => 'pageToken',
      );
      if (cursor.filters.sinceId !== undefined) carried.sinceId = cursor.filters.sinceId;
      after = cursor.after;
    }
    const candidates = subscriptions.filter((record) => (after === null || BigInt(record.id) > BigInt(after)) && matching(filters)(record));
    const page = candidates.slice(0, limit);
    const last = page.at(-1);
    const links = candidates.length > limit && last !== undefined ? { next: pageUrl(LIST_PATH, limit, { after: last.id, filters: { ...carried, ...filters } }) } : {};
    return { body: { webhooks: page.map(present) }, links };
  }

  function count(request: RouteRequest): RouteReply {
    const filters = filtersOf(
      (name) => request.query.get(name),
      (name) => name,
    );
    return { body: { count: new JsonInteger(String(subscriptions.filter(matching(filters)).length)) } };
  }

  const routes: Route[] = [
    { method: 'POST', path: '/app/webhooks', scope: WRITE, handle: create },
    { method: 'GET', path: '/app/webhooks', scope: READ, handle: list },
    { method: 'GET', path: '/app/webhooks/count', scope: READ, handle: count },
    { method: 'GET', path: '/app/webhooks/:id', scope: READ, handle: (request) => ({ body: { webhook: present(find(request.params.id)) } }) },
    { method: 'PUT', path: '/app/webhooks/:id', scope: WRITE, handle: update },
    { method: 'DELETE', path: '/app/webhooks/:id', scope: WRITE, handle: remove },
  ];

  function replaceAll(records: SubscriptionRecord[]): void {
    subscriptions = [];
    for (const record of records) {
      if (subscriptions.some((existing) => existing.id === record.id)) throw new Error(`webhook subscription id ${record.id} appears twice`);
      put(record);
    }
  }

  return {
    key: KEY,
    routes,
    load(section) {
      replaceAll(z.array(subscriptionRecordSchema).parse(section ?? []));
    },
    dump() {
      return subscriptions;
    },
    apply(change) {
      const parsed = changeSchema.parse(change);
      if ('put' in parsed) put(parsed.put);
      else subscriptions = subscriptions.filter((record) => record.id !== parsed.remove);
    },
    /** A start, a reset or an imported snapshot: the seed's subscriptions, each address getting events again (a stop after failures ends). */
    seed(section: FilledSubscription[]) {
      replaceAll(structuredClone(section));
      for (const record of subscriptions) for (const listener of listeners) listener(record.address);
    },
    snapshot() {
      return subscriptions.map((record) => ({ ...record }));
    },
    watch(listener) {
      listeners.push(listener);
    },
    addressesFor(topic) {
      return subscriptions.filter((record) => record.topic === topic).map((record) => record.address);
    },
  };
}
