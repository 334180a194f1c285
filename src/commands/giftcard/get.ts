// `giftcard get ID`: one card as the store shows it, its code only by its last four characters (a
// code is a secret the store never shows again).
import { GIFT_CARD_FIELDS } from '../../api/gift-cards/fields.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Show one gift card (its code only by the last four characters)',
  args: { giftCardId: arg('the gift card id') },
  json: { fields: GIFT_CARD_FIELDS },
  examples: ['store-cli giftcard get 4000000000000000123', 'store-cli giftcard get 4000000000000000123 --json balance,currency'],
  async run(options, ctx) {
    const [{ giftCardIdOf }, view] = await Promise.all([import('../../api/gift-cards/read-inputs.js'), import('./view.js')]);
    const giftCardId = await giftCardIdOf(options.giftCardId);
    const out = await ctx.output();
    const api = await ctx.api();
    const card = await ctx.spin('Fetching the gift card…', () => api.giftCards.get(giftCardId));
    await out.item(card, view.giftCardDetailView(ctx.now()));
  },
});
