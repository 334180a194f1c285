import { DRY_RUN_NOTE, dryRunFlag, REQUEST_FIELDS } from '../dry-run.js';
import { arg, boolean, defineVerb } from '../verb.js';

export default defineVerb({
  name: 'unsubscribe',
  summary: 'Delete a webhook subscription: its address gets no more events; asks first unless --yes',
  args: { webhookId: arg('the subscription id (webhook subscriptions lists them)') },
  flags: { yes: boolean('do not ask for confirmation (required without a terminal)', { short: '-y' }), dryRun: dryRunFlag() },
  // A delete prints nothing; --json is the form of the dry run's request.
  json: { fields: REQUEST_FIELDS, what: 'the request as JSON (with --dry-run; an unsubscribe itself prints nothing)' },
  examples: ['store-cli webhook unsubscribe 4000000000000000517', 'store-cli webhook unsubscribe 4000000000000000517 --yes', 'store-cli webhook unsubscribe 4000000000000000517 --dry-run --json'],
  notes: `\nNeeds a token with the write_apps scope.\n${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
  async run(options, ctx) {
    const [{ checkWebhookId }, { confirmedDelete }] = await Promise.all([import('../../api/webhook-subscriptions/schema.js'), import('../confirmed-delete.js')]);
    const webhookId = checkWebhookId(options.webhookId);
    await confirmedDelete(ctx, options, {
      what: `webhook subscription ${webhookId}`,
      consequence: 'Its address gets no more events.',
      read: {
        spinner: 'Fetching the subscription…',
        get: (api) => api.webhookSubscriptions.get(webhookId),
        label: (subscription) => `${String(subscription.topic)} to ${String(subscription.address)}`,
      },
      spinner: 'Unsubscribing…',
      remove: (api) => api.webhookSubscriptions.delete(webhookId),
    });
  },
});
