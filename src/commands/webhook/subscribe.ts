import { WEBHOOK_SUBSCRIPTION_FIELDS } from '../../api/webhook-subscriptions/fields.js';
import { defineVerb, text } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { topicFlag } from './flags.js';
import { TOPICS_NOTE } from './topics-note.js';

export default defineVerb({
  name: 'subscribe',
  summary: "Subscribe an address to a topic: the store POSTs each of the topic's events there, signed",
  flags: {
    topic: text('<topic>', 'the event to receive, noun/verb such as orders/create (the documented topics are below)', { required: true }),
    address: text('<url>', 'where the store POSTs the events (absolute http or https URL)', { required: true }),
    dryRun: dryRunFlag(),
  },
  json: { fields: WEBHOOK_SUBSCRIPTION_FIELDS },
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
${TOPICS_NOTE}${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    const [{ checkSubscriptionCreate }, view] = await Promise.all([import('../../api/webhook-subscriptions/schema.js'), import('./subscription/view.js')]);
    // The address is checked before the topic is warned about: a refused run warns of nothing.
    const input = checkSubscriptionCreate({ topic: options.topic, address: options.address });
    topicFlag(input.topic, ctx);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.webhookSubscriptions.create(input));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const subscription = await ctx.spin('Subscribing…', () => api.webhookSubscriptions.create(input));
    if (subscription === undefined) {
      ctx.say(`The store accepted the subscription of ${input.address} to ${input.topic} without showing it; webhook subscriptions lists it.`);
      return;
    }
    await out.item(subscription, view.subscriptionDetailView);
  },
});
