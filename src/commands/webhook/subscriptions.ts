import { WEBHOOK_SUBSCRIPTION_FIELDS } from '../../api/webhook-subscriptions/fields.js';
import { WEBHOOK_SUBSCRIPTION_LIST_COLUMNS } from './subscription/columns.js';
import { defineVerb, text } from '../verb.js';
import { topicFlag } from './flags.js';

export default defineVerb({
  name: 'subscriptions',
  summary: "List the store's webhook subscriptions, optionally of one topic or address",
  flags: {
    topic: text('<topic>', 'only subscriptions to this topic (noun/verb, such as orders/create)'),
    address: text('<url>', 'only subscriptions that send to this address (exactly as subscribed)'),
  },
  json: { fields: WEBHOOK_SUBSCRIPTION_FIELDS, list: true, columns: WEBHOOK_SUBSCRIPTION_LIST_COLUMNS },
  examples: ['store-cli webhook subscriptions', 'store-cli webhook subscriptions --topic products/create', 'store-cli webhook subscriptions --json id,address | jq .'],
  notes: '\nNeeds a token with the read_apps or write_apps scope. webhook subscription count counts them.\n',
  async run(options, ctx) {
    const [{ checkSubscriptionFilter }, { subscriptionListView }] = await Promise.all([import('../../api/webhook-subscriptions/schema.js'), import('./subscription/view.js')]);
    const filter = checkSubscriptionFilter({ topic: options.topic, address: options.address });
    if (filter.topic !== undefined) topicFlag(filter.topic, ctx);
    const out = await ctx.output();
    const api = await ctx.api();
    const found = await ctx.spin('Listing webhook subscriptions…', () => api.webhookSubscriptions.list(filter));
    await out.list([found], subscriptionListView(WEBHOOK_SUBSCRIPTION_LIST_COLUMNS), 'No webhook subscriptions match.');
  },
});
