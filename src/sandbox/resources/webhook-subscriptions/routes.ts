// Webhook subscriptions, as the real service has them (`/app/webhooks`): the table (record.ts)
// with what it cannot say. One address takes one topic once; a create answers 201 in both
// dialects (the service documents it for this create, not the spec's 200); and the dispatcher
// asks addressesFor(topic) at each event, so a subscription made at run time receives the next
// event. Decisions where the service's docs are silent: docs/decisions.md.
import { conflict } from '../../http/sandbox-errors.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv, RouteReply } from '../resource.js';
import { subscriptionTable, type SubscriptionRecord } from './record.js';

export { SCOPES } from './record.js';

/** The subscriptions resource, with the look-up the webhook dispatcher needs. */
export interface SubscriptionResource extends TableResource<SubscriptionRecord> {
  /** The addresses subscribed to a topic, oldest subscription first. */
  addressesFor(topic: string): string[];
  /** Calls `listener` with the address of each subscription made or changed through the API, or seeded. */
  watch(listener: (address: string) => void): void;
}

export function isSubscriptionResource(resource: { key: string }): resource is SubscriptionResource {
  return resource.key === subscriptionTable.key && 'addressesFor' in resource;
}

export function createSubscriptionResource(env: ResourceEnv): SubscriptionResource {
  const listeners: Array<(address: string) => void> = [];
  const tell = (record: SubscriptionRecord) => {
    for (const listener of listeners) listener(record.address);
  };
  const table = subscriptionTable.resource(env, {
    beforeSave(record) {
      const taken = table.all().find((other) => other.address === record.address && other.topic === record.topic && other.id !== record.id);
      if (taken !== undefined) {
        throw conflict(`A webhook subscription (id ${taken.id}) already sends ${record.topic} to this address.`, [
          { field: 'webhook.address', message: `is already subscribed to ${record.topic}` },
        ]);
      }
      return record;
    },
    saved: tell,
    // A start, a reset or an imported snapshot: each address gets events again (a stop after failures ends).
    seeded: (records) => records.forEach(tell),
  });
  const created = (reply: RouteReply): RouteReply => ({ ...reply, status: 201 });
  return {
    ...table,
    routes: table.routes.map((route) => (route.method === 'POST' ? { ...route, handle: (request) => created(route.handle(request) as RouteReply) } : route)),
    watch: (listener) => listeners.push(listener),
    addressesFor: (topic) => table.all().flatMap((record) => (record.topic === topic ? [record.address] : [])),
  };
}
