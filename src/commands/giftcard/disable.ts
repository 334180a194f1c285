// `giftcard disable`: disables a card for good (the API has no enable and no delete), so it asks
// first in a terminal and wants --yes without one; a dry run asks nothing.
import { GIFT_CARD_FIELDS } from '../../api/gift-cards/fields.js';
import { confirmOrRequireYes } from '../../core/prompts.js';
import { arg, defineVerb, yesFlag } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  asks: true,
  name: 'disable',
  summary: 'Disable a gift card for good (there is no re-enable); asks first unless --yes',
  args: { giftCardId: arg('the gift card id') },
  flags: { yes: yesFlag(), dryRun: dryRunFlag() },
  json: { fields: GIFT_CARD_FIELDS },
  examples: [
    'store-cli giftcard disable 4000000000000000123',
    'store-cli giftcard disable 4000000000000000123 --yes --json',
    'store-cli giftcard disable 4000000000000000123 --dry-run',
  ],
  notes: `${DRY_RUN_NOTE}A dry run asks no confirmation.\n`,
  async run(options, ctx) {
    const [{ checkGiftCardId }, view] = await Promise.all([import('../../api/gift-cards/schema.js'), import('./view.js')]);
    const giftCardId = checkGiftCardId(options.giftCardId);
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, (api) => api.giftCards.disable(giftCardId));
    }
    const out = await ctx.output();
    await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
      action: `disable gift card ${giftCardId}`,
      question: `Disable gift card ${giftCardId}? It can never be enabled again.`,
    });
    const api = await ctx.api();
    const card = await ctx.spin('Disabling the gift card…', () => api.giftCards.disable(giftCardId));
    await out.item(card, view.giftCardDetailView(ctx.now()));
  },
});
