// The store's webhook subscriptions, the kit's verbs over api/webhook-subscriptions/declaration.ts,
// under the words webhook gives them: `webhook subscribe|subscriptions|unsubscribe` (the
// parent noun lists those) and `webhook subscription update|count` (this noun). A topic is
// checked as a topic (noun/verb; a near miss of a documented one refused, another warned of)
// wherever one is given.
import { webhookSubscriptions } from '../../../api/webhook-subscriptions/declaration.js';
import { DOCUMENTED_TOPICS } from '../../../webhooks/wire.js';
import { crudVerbs } from '../../crud.js';
import { DRY_RUN_NOTE } from '../../dry-run.js';
import type { Noun } from '../../types.js';
import { topicFlag } from '../flags.js';

/** The documented topics, one noun a line: `orders/create|update|...`. */
function topicsNote(): string {
  const byNoun = new Map<string, string[]>();
  for (const topic of DOCUMENTED_TOPICS) {
    const [noun, verb] = topic.split('/') as [string, string];
    byNoun.set(noun, [...(byNoun.get(noun) ?? []), verb]);
  }
  const lines = [...byNoun].map(([noun, verbs]) => `  ${noun}/${verbs.join('|')}`).join('\n');
  return `The topics the store documents (the sandbox sends the products/* ones):\n${lines}\n`;
}

const WEBHOOK_ID = { name: 'webhookId', help: 'the subscription id (webhook subscriptions lists them)' };

const verbs = crudVerbs(webhookSubscriptions, {
  noun: 'webhook',
  api: (api) => api.webhookSubscriptions,
  arg: WEBHOOK_ID,
  // The address is checked (by its kind) before the topic is warned about: a refused run warns of nothing.
  check: (values, ctx) => {
    if (typeof values.topic === 'string') topicFlag(values.topic, ctx);
  },
  label: (subscription, text) => `${text(subscription.topic)} to ${text(subscription.address)}`,
  fields: {
    address: {
      placeholder: '<url>',
      help: {
        create: 'where the store POSTs the events (absolute http or https URL)',
        update: 'send its events to this address from now on (absolute http or https URL)',
      },
      filter: 'only subscriptions that send to this address (exactly as subscribed)',
    },
    topic: {
      placeholder: '<topic>',
      help: {
        create: 'the event to receive, noun/verb such as orders/create (the documented topics are below)',
        update: 'subscribe it to this topic instead, noun/verb such as orders/create',
      },
      filter: 'only subscriptions to this topic (noun/verb, such as orders/create)',
    },
  },
  table: {
    list: ['id', 'topic', 'address', 'createTime'],
    drop: ['createTime'],
    detail: ['id', 'topic', 'address', 'createTime', 'format', 'updateTime'],
    columns: { id: 'ID', address: { shrinkable: true }, createTime: 'CREATED', updateTime: 'UPDATED' },
  },
  create: {
    name: 'subscribe',
    summary: "Subscribe an address to a topic: the store POSTs each of the topic's events there, signed",
    examples: [
      'store-cli webhook subscribe --topic orders/create --address https://app.example.com/webhooks',
      'store-cli webhook subscribe --topic products/delete --address http://127.0.0.1:4343/ --json id',
      'store-cli webhook subscribe --topic customers/redact --address https://app.example.com/webhooks --dry-run',
    ],
    notes: `
Needs a token with the write_apps scope. Deliveries are signed with the store's webhook
secret (a sandbox prints its own at start; check them with webhook listen --secret).
The store refuses a second subscription of the same address to the same topic.
A topic that is not noun/verb exits 2, and so does one a letter or two from a documented
topic (order/create: did you mean orders/create?), as a typo makes a subscription that
never fires; any other topic the store does not document is sent, with a warning.
${topicsNote()}${DRY_RUN_NOTE}`,
  },
  list: {
    name: 'subscriptions',
    summary: "List the store's webhook subscriptions, optionally of one topic or address",
    examples: [
      'store-cli webhook subscriptions',
      'store-cli webhook subscriptions --topic products/create',
      'store-cli webhook subscriptions --json id,address | jq .',
    ],
    notes: '\nNeeds a token with the read_apps or write_apps scope. webhook subscription count counts them.\n',
  },
  delete: {
    name: 'unsubscribe',
    summary: 'Delete a webhook subscription: its address gets no more events; asks first unless --yes',
    examples: [
      'store-cli webhook unsubscribe 4000000000000000517',
      'store-cli webhook unsubscribe 4000000000000000517 --yes',
      'store-cli webhook unsubscribe 4000000000000000517 --dry-run --json',
    ],
    notes: `\nNeeds a token with the write_apps scope.\n${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
    consequence: 'Its address gets no more events.',
  },
  update: {
    summary: 'Change the address or the topic (or both) of a webhook subscription',
    examples: [
      'store-cli webhook subscription update 4000000000000000517 --address https://app.example.com/v2/webhooks',
      'store-cli webhook subscription update 4000000000000000517 --topic orders/update --json id,topic',
      'store-cli webhook subscription update 4000000000000000517 --address https://app.example.com/hooks --dry-run',
    ],
    notes: `
Needs a token with the write_apps scope. Sends only what changes (PUT app/webhooks/{id}
with {"webhook": {"address"?, "topic"?}}) and prints the subscription as the store answers
it. Neither flag exits 2. A topic that is not noun/verb exits 2; one the store does not
document is sent with a warning. The store refuses a change that would repeat another
subscription's address and topic.
${DRY_RUN_NOTE}`,
  },
  count: {
    summary: "Count the store's webhook subscriptions, optionally of one topic or address",
    examples: ['store-cli webhook subscription count', 'store-cli webhook subscription count --topic orders/create --json'],
    notes: '\nNeeds a token with the read_apps or write_apps scope. One request (GET app/webhooks/count), whatever the number.\n',
  },
});

/** `webhook subscribe`, `webhook subscriptions` and `webhook unsubscribe`, for the parent noun. */
export const subscribe = verbs.create!;
export const subscriptions = verbs.list!;
export const unsubscribe = verbs.delete!;

export const subscription: Noun = {
  name: 'subscription',
  summary: "Change a webhook subscription's address or topic, or count the store's subscriptions",
  verbs: [verbs.update!, verbs.count!],
};
