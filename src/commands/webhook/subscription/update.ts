import { WEBHOOK_SUBSCRIPTION_FIELDS } from '../../../api/webhook-subscriptions/fields.js';
import { UsageError } from '../../../core/errors.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../../dry-run.js';
import { arg, defineVerb, text } from '../../verb.js';
import { topicFlag } from '../flags.js';

export default defineVerb({
  name: 'update',
  summary: 'Change the address or the topic (or both) of a webhook subscription',
  args: { webhookId: arg('the subscription id (webhook subscriptions lists them)') },
  flags: {
    address: text('<url>', 'send its events to this address from now on (absolute http or https URL)'),
    topic: text('<topic>', 'subscribe it to this topic instead, noun/verb such as orders/create'),
    dryRun: dryRunFlag(),
  },
  json: { fields: WEBHOOK_SUBSCRIPTION_FIELDS },
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
  async run(options, ctx) {
    const [{ checkSubscriptionChange, checkWebhookId }, view] = await Promise.all([import('../../../api/webhook-subscriptions/schema.js'), import('./view.js')]);
    const webhookId = checkWebhookId(options.webhookId);
    if (options.address === undefined && options.topic === undefined) throw new UsageError('Give --address, --topic or both: what the subscription changes to. Nothing was sent.');
    const checked = checkSubscriptionChange({ address: options.address, topic: options.topic });
    // Only what is given goes on the wire: a store may read a present field as a change.
    const change = { ...(checked.address === undefined ? {} : { address: checked.address }), ...(checked.topic === undefined ? {} : { topic: checked.topic }) };
    if (change.topic !== undefined) topicFlag(change.topic, ctx);
    if (options.dryRun) {
      const { runDry } = await import('../../dry-run.js');
      return runDry(ctx, options, (api) => api.webhookSubscriptions.update(webhookId, change));
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const subscription = await ctx.spin('Updating the webhook subscription…', () => api.webhookSubscriptions.update(webhookId, change));
    if (subscription === undefined) {
      ctx.say(`The store changed webhook subscription ${webhookId} without showing it; webhook subscriptions lists it.`);
      return;
    }
    await out.item(subscription, view.subscriptionDetailView);
  },
});
