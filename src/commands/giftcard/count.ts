// `giftcard count`: how many gift cards the store holds, one GET of gift_cards/count; it takes no
// filter (search has them).
import { COUNT_FIELDS } from '../../api/count-fields.js';
import { defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'count',
  summary: 'Count all gift cards of the store',
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli giftcard count', 'store-cli giftcard count --json'],
  async run(options, ctx) {
    // The output's modules and the API's load side by side, not one after the other.
    const [out, api] = await Promise.all([ctx.output(), ctx.api()]);
    const count = await ctx.spin('Counting gift cards…', () => api.giftCards.count());
    await out.count(count);
  },
});
