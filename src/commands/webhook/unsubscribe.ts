import { confirmOrRequireYes } from '../../core/prompts.js';
import { REQUEST_FIELDS } from '../dry-run.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
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
    const { checkWebhookId } = await import('../../api/webhook-subscriptions/schema.js');
    const webhookId = checkWebhookId(options.webhookId);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.webhookSubscriptions.delete(webhookId));
    }
    // --json's fields are checked before anything is asked or sent, though a delete prints nothing.
    if (options.json !== undefined || options.jsonl) await ctx.output();
    const api = await ctx.api();
    // Asking names what goes, so the person sees it; a script's --yes skips the read.
    let what = '';
    if (!options.yes && ctx.io.canPrompt) {
      const subscription = await ctx.spin('Fetching the subscription…', () => api.webhookSubscriptions.get(webhookId));
      what = ` (${String(subscription.topic)} to ${String(subscription.address)})`;
    }
    await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
      action: `delete webhook subscription ${webhookId}`,
      question: `Delete webhook subscription ${webhookId}${what}? Its address gets no more events.`,
    });
    await ctx.spin('Unsubscribing…', () => api.webhookSubscriptions.delete(webhookId));
    if (ctx.io.isStderrTTY) ctx.say(`Deleted webhook subscription ${webhookId}${what}.`);
  },
});
