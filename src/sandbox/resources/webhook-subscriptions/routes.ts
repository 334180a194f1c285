import * as z from 'zod';
import type { ScopeRequirement } from '../../http/scopes.js';
import { JsonInteger } from '../../http/body-json.js';
import { conflict, notFound } from '../../http/sandbox-errors.js';
import { formatTimestamp } from '../dates.js';
import { canonicalId } from '../../state/ids.js';
import type { Resource, ResourceEnv, Route, RouteReply, RouteRequest } from '../resource.js';
import { readInput, type SubscriptionInput } from './input.js';
import { countOf, listPage } from '../pagination.js';
import { LISTING } from './query.js';
import { changeSchema, KEY, subscriptionRecordSchema, type SubscriptionRecord } from './record.js';
import type { FilledSubscription } from './seed.js';
import { subscriptionTopics } from './topics.js';

/**
 * Webhook subscriptions, as the real service has them (`/app/webhooks`, spec/real-store-notes.md):
 * an address and a topic, stored like every other resource (data file and journal). The
 * dispatcher asks addressesFor(topic) at each event, so a subscription made at run time
 * receives the next event. Decisions where the service's docs are silent: docs/decisions.md.
 * The record is in record.ts, request bodies in input.ts, the listing in query.ts, the seed
 * section in seed.ts.
 */

/** The scopes its routes require, in the order a token's grant lists them (the service's app scopes). */
export const SCOPES = ['read_apps', 'write_apps'] as const;

const READ: ScopeRequirement = ['read_apps', 'write_apps'];
const WRITE: ScopeRequirement = 'write_apps';

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

export function createSubscriptionResource(env: ResourceEnv): SubscriptionResource {
  /** The topics this dialect takes a subscription to. */
  const topics = subscriptionTopics(env.dialect.ordersDeleteTopic);
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
    const input = readInput(request.body, true, topics) as Required<SubscriptionInput>;
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
    const input = readInput(request.body, false, topics);
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

  function list(request: RouteRequest): RouteReply {
    const { page, links } = listPage(subscriptions, request.query, LISTING, env.dialect.pageTokenAlone);
    return { body: { webhooks: page.map(present) }, links };
  }

  function count(request: RouteRequest): RouteReply {
    return { body: { count: new JsonInteger(String(countOf(subscriptions, request.query, LISTING))) } };
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
