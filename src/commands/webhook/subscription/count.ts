import { COUNT_FIELDS } from '../../../api/count-fields.js';
import { defineVerb, text } from '../../verb.js';
import { topicFlag } from '../flags.js';

export default defineVerb({
  name: 'count',
  summary: "Count the store's webhook subscriptions, optionally of one topic or address",
  flags: {
    topic: text('<topic>', 'only subscriptions to this topic (noun/verb, such as orders/create)'),
    address: text('<url>', 'only subscriptions that send to this address (exactly as subscribed)'),
  },
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli webhook subscription count', 'store-cli webhook subscription count --topic orders/create --json'],
  notes: '\nNeeds a token with the read_apps or write_apps scope. One request (GET app/webhooks/count), whatever the number.\n',
  async run(options, ctx) {
    const { checkSubscriptionFilter } = await import('../../../api/webhook-subscriptions/schema.js');
    const filter = checkSubscriptionFilter({ topic: options.topic, address: options.address });
    if (filter.topic !== undefined) topicFlag(filter.topic, ctx);
    const out = await ctx.output();
    const api = await ctx.api();
    const count = await ctx.spin('Counting webhook subscriptions…', () => api.webhookSubscriptions.count(filter));
    await out.count(count);
  },
});
